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
