import Foundation
import HTTPCore

/// What the server asks of the application: limits, and an answer per request.
public protocol HTTPHandler: Sendable {
    /// The largest body accepted for `method` on `path` (raw path), in bytes.
    func bodyLimit(method: String, path: String) -> Int
    /// True when answering `request` may take long (a remote call, a password hash,
    /// an import): the server then answers it on a worker, off its request threads.
    func runsLong(_ request: Request) -> Bool
    /// The response to `request`; must not throw or trap.
    func respond(to request: Request) -> Response
    /// The 413 page for a request whose declared body is over its limit (`request` has
    /// its headers but no body).
    func tooLarge(_ request: Request) -> Response
    /// The answer to a request refused on its head alone, before a byte of its body is read
    /// (no session where one is needed, a foreign Host or origin…), or nil to read the body.
    /// `head` has its headers but no body.
    func refusal(beforeBody head: Request) -> Response?
    /// The 503 page for a body refused because too many body bytes are on their way already
    /// (`request` has its headers but no body).
    func busy(_ request: Request) -> Response
}

extension HTTPHandler {
    /// Reads every body within its limit.
    public func refusal(beforeBody head: Request) -> Response? { nil }

    /// A plain 503.
    public func busy(_ request: Request) -> Response {
        Response(status: .serviceUnavailable, contentType: "text/plain; charset=utf-8", text: "Busy: try again in a minute.\n")
    }
}

/// How the server listens.
public struct ServerConfiguration: Sendable {
    /// Numeric IPv4/IPv6 address or "localhost"; "0.0.0.0" or "::" for every interface.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one (see `MicroHTTPServer.port`).
    public var port: UInt16
    /// Request threads; about the core count is fastest.
    public var threads: Int
    /// Seconds a connection may stay idle.
    public var connectionTimeout: Int = 30
    /// Connections open at once.
    public var connectionLimit: Int = 1024
    /// Connections open at once from one client address.
    public var perAddressLimit: Int = 64
    /// Of `connectionLimit`, the connections kept for this computer's browser (127.0.0.1, ::1)
    /// and for addresses that signed in lately; other addresses share the rest (ConnectionBook).
    public var reservedConnections: Int = 128
    /// Seconds a client has to send a request's head, counted from the connection's accept
    /// (or the previous answer on a kept-alive one) however slowly it trickles. Past it the
    /// connection is closed.
    public var requestDeadline: Double = 30
    /// After the head, a body must arrive at this many bytes a second at least (after
    /// `bodyGrace` seconds), or the connection is closed.
    public var minimumBodyRate: Double = 64 * 1024
    /// See `minimumBodyRate`.
    public var bodyGrace: Double = 10
    /// Body bytes one client address, and all of them together, may have on their way at once
    /// (booked from each request's declared size before its body is read); beyond, 503.
    public var bodyBytesPerAddress: Int = 64 << 20
    public var bodyBytesInFlight: Int = 256 << 20
    /// Bodies that may be larger than this are kept in a temporary file in `spoolDirectory`
    /// while they arrive, not in memory.
    public var largestBodyInMemory: Int = 64 * 1024
    public var spoolDirectory: String = NSTemporaryDirectory()
    /// The GnuTLS priority string under TLS: TLS 1.2 and 1.3 only, AEAD ciphers only
    /// (no CBC, no SHA-1 MACs), and only key exchanges with forward secrecy (no plain RSA).
    public var tlsPriorities = ServerConfiguration.modernTLSPriorities
    /// See `tlsPriorities`.
    public static let modernTLSPriorities =
        "SECURE256:+SECURE128:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-SHA1:-AES-128-CBC:-AES-256-CBC:-CAMELLIA-128-CBC:-CAMELLIA-256-CBC:-RSA"
    /// PEM text of the TLS certificate and key; both or neither.
    public var tlsCertificatePEM: String?
    public var tlsKeyPEM: String?

    /// Creates a configuration.
    public init(host: String, port: UInt16, threads: Int,
                tlsCertificatePEM: String? = nil, tlsKeyPEM: String? = nil) {
        self.host = host
        self.port = port
        self.threads = max(1, threads)
        self.tlsCertificatePEM = tlsCertificatePEM
        self.tlsKeyPEM = tlsKeyPEM
    }
}

/// Why the server could not start.
public enum ServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case cannotStart(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .invalidHost(let host): "not a numeric IP address: \(host)"
        case .cannotStart(let host, let port): "cannot listen on \(host):\(port) (in use, or not allowed)"
        }
    }
}
