import CMicroHTTPD
import Foundation
import HTTPCore
import Logging

/// The libmicrohttpd adapter: it only translates between C and our `Request` and
/// `Response` values, enforces body limits, and hands long work to a worker queue
/// (suspend/resume) so the few request threads stay free.
public final class MicroHTTPServer: @unchecked Sendable {
    let handler: any HTTPHandler
    let logger: Logger
    private let configuration: ServerConfiguration
    private var daemon: OpaquePointer?
    private var listenSocket: Int32 = -1
    private let lock = NSLock()
    private var inFlight = 0
    /// Connections suspended while a worker answers them; only what is in here may be resumed.
    private var suspended: Set<OpaquePointer> = []
    private let workers = LongWorkThreads(limit: 32)
    /// Every open connection: its address, deadline, booked body bytes and whether room is
    /// kept for it (ConnectionBook.swift); `sweeper` closes the ones past their deadline.
    private var book: ConnectionBook<OpaquePointer>
    private var sweeper: DispatchSourceTimer?
    /// Where libmicrohttpd's own messages go (allocated while the daemon runs).
    private var logTarget: UnsafeMutablePointer<fm_log_target>?
    /// Connections whose streamed body waits for its producer (ResponseStream); resumed by its next write.
    private var parkedStreams: Set<OpaquePointer> = []
    /// True once `stop()` began: a streamed body that would wait ends instead.
    private var stopping = false

    /// Creates a server; nothing listens until `start()`.
    public init(configuration: ServerConfiguration, handler: any HTTPHandler, logger: Logger) {
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
        book = ConnectionBook(connectionLimit: configuration.connectionLimit, reserved: configuration.reservedConnections,
                              requestDeadline: configuration.requestDeadline, minimumBodyRate: configuration.minimumBodyRate,
                              bodyGrace: configuration.bodyGrace, bodyBytesPerAddress: configuration.bodyBytesPerAddress,
                              bodyBytesInFlight: configuration.bodyBytesInFlight)
    }

    /// True when this libmicrohttpd can serve HTTPS (built with GnuTLS).
    public static var supportsTLS: Bool { fm_supports_tls() == 1 }

    /// The address this server binds, as configured.
    public var host: String { configuration.host }

    /// The bound port (the system's pick when configured with 0); 0 before `start()`.
    public private(set) var port: UInt16 = 0

    /// Starts listening. Throws `ServerError` when the address is bad or taken.
    public func start() throws {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        var flags = UInt32(MHD_USE_AUTO_INTERNAL_THREAD.rawValue) | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue)
            | UInt32(MHD_USE_ERROR_LOG.rawValue)
        if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let target = UnsafeMutablePointer<fm_log_target>.allocate(capacity: 1)
        target.initialize(to: fm_log_target(line: libraryLogged, cls: context))
        let started: OpaquePointer? = address.withSockaddr { sockaddr in
            fm_start_daemon(
                flags, configuration.port, sockaddr, acceptPolicy, context, target,
                accessHandler, context, requestCompleted, context, uriLogged, context, connectionNotified, context,
                UInt32(configuration.threads), UInt32(configuration.connectionTimeout),
                UInt32(configuration.connectionLimit), UInt32(configuration.perAddressLimit), 64 * 1024,
                configuration.tlsCertificatePEM, configuration.tlsKeyPEM, configuration.tlsPriorities)
        }
        guard let started else {
            target.deallocate()
            throw ServerError.cannotStart(host: configuration.host, port: configuration.port)
        }
        logTarget = target
        daemon = started
        port = fm_daemon_port(started)
        startSweeper()
    }

    /// Stops accepting, lets requests in flight finish (up to `grace` seconds), then stops.
    /// Requests still waiting on a worker after that are closed unanswered: libmicrohttpd
    /// aborts the process if it is stopped with a connection still suspended.
    public func stop(grace: Double = 10) {
        guard let daemon else { return }
        sweeper?.cancel()
        sweeper = nil
        listenSocket = MHD_quiesce_daemon(daemon)
        lock.lock()
        stopping = true
        for connection in parkedStreams { MHD_resume_connection(connection) }
        parkedStreams.removeAll()
        lock.unlock()
        waitForRequests(until: Date().addingTimeInterval(grace))
        lock.lock()
        let pending = suspended
        suspended.removeAll()
        for connection in pending { MHD_resume_connection(connection) }
        lock.unlock()
        if !pending.isEmpty { waitForRequests(until: Date().addingTimeInterval(2)) }
        MHD_stop_daemon(daemon)
        if listenSocket >= 0 { close(listenSocket) }
        self.daemon = nil
        logTarget?.deallocate()
        logTarget = nil
    }

    private func waitForRequests(until deadline: Date) {
        while requestsInFlight > 0 && Date() < deadline {
            usleep(10_000)
        }
    }

    /// The number of requests being answered right now.
    public var requestsInFlight: Int {
        lock.lock(); defer { lock.unlock() }
        return inFlight
    }

    func began() { lock.lock(); inFlight += 1; lock.unlock() }
    func ended() { lock.lock(); inFlight -= 1; lock.unlock() }

    /// Runs `work` on the long-work queue, then resumes `connection`.
    func answerLater(_ exchange: Exchange, request: Request, connection: OpaquePointer) {
        lock.lock()
        MHD_suspend_connection(connection)
        suspended.insert(connection)
        lock.unlock()
        let handler = self.handler
        let sendable = SendableConnection(pointer: connection)
        workers.run { [self] in
            let response = handler.respond(to: request)
            lock.lock()
            exchange.response = response
            if suspended.remove(sendable.pointer) != nil { MHD_resume_connection(sendable.pointer) }
            lock.unlock()
        }
    }

    // MARK: - Streamed bodies

    /// Suspends `connection` until its stream's next write; false (nothing done) once stopping.
    /// Called from the content reader, the one place besides the access handler where
    /// libmicrohttpd allows a suspend.
    func park(_ connection: OpaquePointer) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !stopping else { return false }
        parkedStreams.insert(connection)
        MHD_suspend_connection(connection)
        return true
    }

    /// Resumes `connection` when it is parked (from the producer's thread; allowed at any time).
    func wake(_ connection: OpaquePointer) {
        lock.lock(); defer { lock.unlock() }
        if parkedStreams.remove(connection) != nil { MHD_resume_connection(connection) }
    }

    // MARK: - Connections: room, deadlines, bytes in flight (ConnectionBook)

    /// Decides about a connection the kernel has just accepted from `address`; shuts down a
    /// slow one to make room when the shared connections are full.
    func admit(_ address: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        switch book.admit(address, now: Date()) {
        case .accept:
            return true
        case .acceptEvicting(let socket):
            shutdown(socket, Int32(SHUT_RDWR))
            book.evicted(socket: socket)
            return true
        case .refuse:
            return false
        }
    }

    /// A connection was accepted: its first request's head is due within the deadline.
    func opened(_ connection: OpaquePointer) {
        let socket = fm_connection_socket(connection)
        guard socket >= 0 else { return }
        let address = clientAddress(connection)
        lock.lock()
        book.opened(connection, socket: socket, address: address, now: Date())
        lock.unlock()
    }

    /// A connection is closing (its socket is still open): forget it.
    func closed(_ connection: OpaquePointer) {
        lock.lock(); book.closed(connection); lock.unlock()
    }

    /// The head arrived and declared a body of `bytes`: books them (false when they do not
    /// fit the allowances) and starts the body's deadline.
    func expectBody(on connection: OpaquePointer, bytes: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard book.book(bytes, on: connection) else { return false }
        book.expectBody(on: connection, now: Date())
        return true
    }

    /// `bytes` more of a body arrived.
    func received(_ bytes: Int, on connection: OpaquePointer) {
        lock.lock(); book.received(bytes, on: connection); lock.unlock()
    }

    /// The whole request arrived: no deadline while it is answered.
    func receivedWholeRequest(on connection: OpaquePointer) {
        lock.lock(); book.receivedWholeRequest(on: connection); lock.unlock()
    }

    /// An answer was sent: a kept-alive connection's next request is due within the deadline.
    func answered(on connection: OpaquePointer) {
        lock.lock(); book.answered(on: connection, now: Date()); lock.unlock()
    }

    /// The client on `connection` is signed in: room is kept for its address from now on.
    func trust(_ connection: OpaquePointer) {
        let address = clientAddress(connection)
        lock.lock(); book.trust(address, on: connection, now: Date()); lock.unlock()
    }

    private func startSweeper() {
        let interval = max(0.1, min(1, configuration.requestDeadline / 4))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "finmind.deadlines"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.closeLateConnections() }
        timer.resume()
        sweeper = timer
    }

    /// Shuts down the socket of every connection past its deadline; libmicrohttpd then sees
    /// it closed and cleans up. Under the lock, so a socket is never touched after
    /// libmicrohttpd announced its close (it closes the descriptor only after that).
    private func closeLateConnections() {
        lock.lock()
        let late = book.late(now: Date())
        for socket in late { shutdown(socket, Int32(SHUT_RDWR)) }
        lock.unlock()
        if !late.isEmpty {
            logger.notice("closed \(late.count) connection(s) too slow to send a request (head within \(Int(configuration.requestDeadline)) s, body at \(Int(configuration.minimumBodyRate / 1024)) KB/s)")
        }
    }

    /// Bodies larger than this may be on their way are kept in a file (`makeSpool`).
    var largestBodyInMemory: Int { configuration.largestBodyInMemory }

    /// A new temporary file for an upload, or nil (logged) when none can be made.
    func makeSpool() -> BodySpool? {
        let spool = BodySpool(directory: configuration.spoolDirectory)
        if spool == nil { logger.error("cannot make an upload's temporary file in \(configuration.spoolDirectory)") }
        return spool
    }

    /// The worker's answer to `exchange`, read under the lock the worker writes it under.
    func answer(of exchange: Exchange) -> Response? {
        lock.lock(); defer { lock.unlock() }
        return exchange.response
    }
}

/// A connection pointer carried to a worker; libmicrohttpd allows resume from any thread.
struct SendableConnection: @unchecked Sendable { let pointer: OpaquePointer }

/// One request's state across the access handler's calls.
final class Exchange: @unchecked Sendable {
    let rawTarget: String
    var started = false
    var limit = 0
    var body: [UInt8] = []
    /// The body so far, when it may be too large to keep in memory.
    var spool: BodySpool?
    /// The body's bytes so far, wherever they are.
    var received = 0
    var response: Response?
    /// True once the request went to a worker; a second call without a response means stop() resumed it.
    var suspended = false
    /// The target held bytes no valid request target holds: answered 400.
    var malformed = false

    init(rawTarget: String) { self.rawTarget = rawTarget }
}

// MARK: - C callbacks

private func server(_ cls: UnsafeMutableRawPointer?) -> MicroHTTPServer {
    Unmanaged<MicroHTTPServer>.fromOpaque(cls!).takeUnretainedValue()
}

/// Called first for every request with its raw target: creates the Exchange.
/// A target holding a byte outside printable ASCII (raw UTF-8, controls) is malformed:
/// browsers percent-encode them, and decoding them here would silently alter them.
private let uriLogged: fm_uri_log_callback = { _, uri, _ in
    var target = "/"
    var malformed = false
    if let uri {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(uri).assumingMemoryBound(to: UInt8.self), count: strlen(uri))
        malformed = bytes.contains { $0 <= 0x20 || $0 >= 0x7F }
        target = String(decoding: bytes, as: UTF8.self)
        fm_forget_query(uri)
    }
    let exchange = Exchange(rawTarget: target)
    exchange.malformed = malformed
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// Called for every connection the kernel accepted, before libmicrohttpd takes it on.
private let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
    var buffer = [CChar](repeating: 0, count: 64)
    let text = fm_numeric_address(address, &buffer, buffer.count) == 0
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    return server(cls).admit(text) ? .YES : .NO
}

/// libmicrohttpd's own messages: through the logger (and its rate limit), not to stderr.
private let libraryLogged: fm_log_line_callback = { cls, line in
    guard let cls, let line else { return }
    let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
    server(cls).logger.notice("libmicrohttpd: \(LogSafe.clip(text, limit: 300))")
}

/// Called when a connection opens or closes: tracks its request deadline.
private let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let connection else { return }
    if code.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED
        server(cls).opened(connection)
    } else {
        server(cls).closed(connection)
    }
}

/// Called when a request is done (sent, failed or timed out): releases the Exchange.
private let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
    if let connection { server(cls).answered(on: connection) }
    guard let conCls, let raw = conCls.pointee else { return }
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    conCls.pointee = nil
    if exchange.started { server(cls).ended() }
}

private let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, _, methodPointer, _, uploadData, uploadDataSize, conCls in
    guard let connection, let conCls, let raw = conCls.pointee, let uploadDataSize else { return .NO }
    let server = server(cls)
    let exchange = Unmanaged<Exchange>.fromOpaque(raw).takeUnretainedValue()
    let method = methodPointer.map { String(cString: $0) } ?? "GET"

    if !exchange.started {
        // First call: headers only. Answer only to refuse an oversized body;
        // otherwise answer on a later call so keep-alive is kept.
        exchange.started = true
        server.began()
        if exchange.malformed {
            return queue(plainResponse(.badRequest, "Malformed request target"), on: connection, method: method)
        }
        let path = exchange.rawTarget.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        exchange.limit = server.handler.bodyLimit(method: method, path: path)
        var declared: Int?
        if let lengthText = lookupHeader(connection, "Content-Length") {
            guard let length = Int(lengthText), length >= 0 else {
                return queue(plainResponse(.badRequest, "Bad Content-Length"), on: connection, method: method)
            }
            if length > exchange.limit {
                server.logger.notice("413 body of \(length) bytes refused for \(LogSafe.clip(method)) \(LogSafe.clip(path))")
                let request = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                                      clientAddress: clientAddress(connection))
                return queue(server.handler.tooLarge(request), on: connection, method: method)
            }
            declared = length
        } else if lookupHeader(connection, "Transfer-Encoding") != nil {
            declared = exchange.limit
        }
        guard let declared, declared > 0 else { return .YES }
        // A body is coming: the application may refuse it on the head alone (no session…), then
        // it must fit the bytes in flight; only then is it read, into a file when it may be large.
        let head = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                           clientAddress: clientAddress(connection))
        if var refusal = server.handler.refusal(beforeBody: head) {
            refusal.headers.set("Connection", "close")
            return queue(refusal, on: connection, method: method, server: server)
        }
        guard server.expectBody(on: connection, bytes: declared) else {
            server.logger.notice("503 body of \(declared) bytes refused: too many body bytes on their way")
            var busy = server.handler.busy(head)
            busy.headers.set("Connection", "close")
            busy.headers.set("Retry-After", "30")
            return queue(busy, on: connection, method: method)
        }
        if exchange.limit > server.largestBodyInMemory {
            guard let spool = server.makeSpool() else {
                return queue(plainResponse(.internalServerError, "Cannot keep the upload"), on: connection, method: method)
            }
            exchange.spool = spool
        }
        return .YES
    }

    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        if exchange.received + size > exchange.limit {
            server.logger.notice("closing a connection whose body grew past \(exchange.limit) bytes")
            return .NO
        }
        if let uploadData {
            if let spool = exchange.spool {
                guard spool.append(uploadData, size) else {
                    server.logger.error("closing an upload: its temporary file cannot grow")
                    return .NO
                }
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                    exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        exchange.received += size
        server.received(size, on: connection)
        uploadDataSize.pointee = 0
        return .YES
    }

    server.receivedWholeRequest(on: connection)
    if let spool = exchange.spool {
        exchange.spool = nil
        guard let bytes = spool.contents() else {
            server.logger.error("an upload's temporary file could not be read back")
            return queue(plainResponse(.internalServerError, "Cannot read the upload"), on: connection, method: method)
        }
        exchange.body = bytes
    }
    if exchange.suspended, let ready = server.answer(of: exchange) {
        return queue(ready, on: connection, method: method, server: server)
    }
    if exchange.suspended {
        // Resumed by stop() before its worker answered: close it.
        return .NO
    }
    let request = Request(method: method, target: exchange.rawTarget, headers: collectHeaders(connection),
                          body: exchange.body, clientAddress: clientAddress(connection))
    exchange.body = []
    if server.handler.runsLong(request) {
        exchange.suspended = true
        server.answerLater(exchange, request: request, connection: connection)
        return .YES
    }
    return queue(server.handler.respond(to: request), on: connection, method: method, server: server)
}

// MARK: - Helpers

private func lookupHeader(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

private func collectHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
            headers.pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
            return .YES
        }, pointer)
    }
    return headers
}

private func clientAddress(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard fm_client_address(connection, &buffer, buffer.count) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A plain-text reply the adapter makes itself (before the application sees the request),
/// with the strictest security headers: it loads nothing and may be framed by nobody.
private func plainResponse(_ status: HTTPStatus, _ text: String) -> Response {
    var response = Response(status: status, contentType: "text/plain; charset=utf-8", text: text + "\n")
    response.headers.add("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    response.headers.add("X-Content-Type-Options", "nosniff")
    response.headers.add("Referrer-Policy", "same-origin")
    return response
}

private func queue(_ response: Response, on connection: OpaquePointer, method: String,
                   server: MicroHTTPServer? = nil) -> MHD_Result {
    if response.fromSignedInClient { server?.trust(connection) }
    var streamed: OpaquePointer?
    if let stream = response.bodyStream {
        if let server, method != "HEAD" { streamed = streamResponse(stream, server: server, connection: connection) } else { stream.cancel() }
    }
    let file = response.bodyFile.map(fileResponse)
    if response.removesBodyFile, let path = response.bodyFile { unlink(path) }
    let mhdResponse = streamed ?? file ?? response.body.withUnsafeBytes { bytes in
        fm_response_copy(bytes.count, bytes.baseAddress)
    }
    guard let mhdResponse else { return .NO }
    defer { MHD_destroy_response(mhdResponse) }
    for field in response.headers {
        _ = MHD_add_response_header(mhdResponse, field.name, field.value)
    }
    return MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
}

/// A response streaming the file at `path` from its descriptor (libmicrohttpd closes it), or
/// nil when it cannot be opened.
private func fileResponse(_ path: String) -> OpaquePointer? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, let response = MHD_create_response_from_fd64(UInt64(status.st_size), descriptor) else {
        close(descriptor)
        return nil
    }
    return response
}

// MARK: - Streamed bodies

/// What the content reader needs: the stream, and the connection to park and wake.
private final class StreamContext {
    let server: MicroHTTPServer
    let connection: OpaquePointer
    let stream: ResponseStream

    init(server: MicroHTTPServer, connection: OpaquePointer, stream: ResponseStream) {
        self.server = server; self.connection = connection; self.stream = stream
    }
}

/// A response of unknown size (sent chunked) read from `stream`; the connection is parked
/// while the stream is empty and woken by its next write.
private func streamResponse(_ stream: ResponseStream, server: MicroHTTPServer, connection: OpaquePointer) -> OpaquePointer? {
    let sendable = SendableConnection(pointer: connection)
    stream.attach { [weak server] in server?.wake(sendable.pointer) }
    let context = Unmanaged.passRetained(StreamContext(server: server, connection: connection, stream: stream)).toOpaque()
    guard let response = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, context, streamFreed) else {
        Unmanaged<StreamContext>.fromOpaque(context).release()
        stream.cancel()
        return nil
    }
    return response
}

/// libmicrohttpd asks for up to `max` more bytes: some, 0 after parking the connection, or the end (−1).
private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    switch context.stream.read(max: max, park: { context.server.park(context.connection) }) {
    case .bytes(let bytes):
        guard !bytes.isEmpty else { return 0 }
        bytes.withUnsafeBytes { raw in UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: bytes.count) }
        return bytes.count
    case .parked:
        return 0
    case .end:
        return -1
    }
}

/// The response is gone (sent, or the client left): the producer stops.
private let streamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.stream.cancel()
}
