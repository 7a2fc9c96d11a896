// A small C shim: Swift cannot call C variadic functions, so every variadic
// libmicrohttpd call FinMind needs is wrapped here in a fixed-argument one.
#ifndef FINMIND_MHD_SHIM_H
#define FINMIND_MHD_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

typedef void *(*fm_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *con);

/// Receives each of libmicrohttpd's own messages, formatted, instead of stderr.
typedef void (*fm_log_line_callback)(void *cls, const char *line);

/// Where libmicrohttpd's messages go: `line` with `cls`. Must outlive the daemon.
struct fm_log_target {
    fm_log_line_callback line;
    void *cls;
};

/// libmicrohttpd's logger: formats the message (cut at 400 bytes) and hands it on.
static inline void fm_log_formatted(void *cls, const char *format, va_list arguments) {
    const struct fm_log_target *target = (const struct fm_log_target *)cls;
    char text[400];
    vsnprintf(text, sizeof text, format, arguments);
    target->line(target->cls, text);
}

/// Starts a daemon bound to `addr` with the given limits; TLS when cert and key are both
/// given (with `tls_priorities`, a GnuTLS priority string, when not NULL).
/// `accept` decides about every accepted connection; `notify` hears every connection start
/// and close; the library's own messages go to `log` (with MHD_USE_ERROR_LOG).
static inline struct MHD_Daemon *fm_start_daemon(
    unsigned int flags, uint16_t port, const struct sockaddr *addr,
    MHD_AcceptPolicyCallback accept, void *accept_cls, struct fm_log_target *log,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    fm_uri_log_callback uri_log, void *uri_log_cls,
    MHD_NotifyConnectionCallback notify, void *notify_cls,
    unsigned int thread_pool_size, unsigned int connection_timeout,
    unsigned int connection_limit, unsigned int per_address_limit, size_t connection_memory_limit,
    const char *tls_cert_pem, const char *tls_key_pem, const char *tls_priorities)
{
    // One option list for both: without TLS the list ends where the TLS options begin (the
    // library reads options up to the first MHD_OPTION_END and ignores what follows).
    int tls = tls_cert_pem != NULL && tls_key_pem != NULL;
    return MHD_start_daemon(tls ? flags | MHD_USE_TLS : flags, port, accept, accept_cls, handler, handler_cls,
        MHD_OPTION_EXTERNAL_LOGGER, fm_log_formatted, log,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, tls_cert_pem,
        MHD_OPTION_HTTPS_MEM_KEY, tls_key_pem,
        tls_priorities != NULL ? MHD_OPTION_HTTPS_PRIORITIES : MHD_OPTION_END, tls_priorities,
        MHD_OPTION_END);
}

/// Ends the C string `uri` right after its first '?', so libmicrohttpd 0.9.x, which
/// splits the query into argument records only after the URI log callback, records none:
/// FinMind decodes the query itself (from the copy the callback keeps), and a thousand
/// parameters would otherwise exhaust the connection's memory pool, leaving libmicrohttpd
/// no room even for its 431 reply (the client then waited for a timeout). `uri` is the
/// connection's own writable read buffer.
static inline void fm_forget_query(const char *uri) {
    char *mark = strchr((char *)uri, '?');
    if (mark != NULL) mark[1] = '\0';
}

/// The socket of `connection`, or -1.
static inline int fm_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// 1 when this libmicrohttpd was built with TLS (GnuTLS), else 0.
static inline int fm_supports_tls(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES ? 1 : 0;
}

/// The port the daemon is bound to (useful after asking for port 0), or 0.
static inline uint16_t fm_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The number of open connections, or 0.
static inline unsigned int fm_daemon_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// Writes the numeric address `sa` into `out` (at least INET6_ADDRSTRLEN bytes); returns 0 on success.
static inline int fm_numeric_address(const struct sockaddr *sa, char *out, size_t out_len) {
    if (sa == NULL) return -1;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in4 = (const struct sockaddr_in *)sa;
        return inet_ntop(AF_INET, &in4->sin_addr, out, (socklen_t)out_len) == NULL ? -1 : 0;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
        return inet_ntop(AF_INET6, &in6->sin6_addr, out, (socklen_t)out_len) == NULL ? -1 : 0;
    }
    return -1;
}

/// Writes the client's numeric address into `out` (at least INET6_ADDRSTRLEN bytes); returns 0 on success.
static inline int fm_client_address(struct MHD_Connection *connection, char *out, size_t out_len) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL) return -1;
    return fm_numeric_address(info->client_addr, out, out_len);
}

/// A response holding a copy of `size` bytes at `buffer`.
static inline struct MHD_Response *fm_response_copy(size_t size, const void *buffer) {
    return MHD_create_response_from_buffer(size, (void *)buffer, MHD_RESPMEM_MUST_COPY);
}

#endif
