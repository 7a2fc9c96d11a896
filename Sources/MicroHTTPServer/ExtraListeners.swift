import Foundation
import HTTPCore
import Logging

/// More listeners answering with the same handler while the main server runs: one
/// libmicrohttpd daemon per address, on the main server's port and with its TLS. The
/// home-network switch starts and stops them without a restart.
public final class ExtraListeners: @unchecked Sendable {
    private let template: ServerConfiguration
    private let handler: any HTTPHandler
    private let logger: Logger
    /// Serialises starts and stops: a start waits for the previous stop to finish.
    private let queue = DispatchQueue(label: "finmind.extra-listeners")
    private var servers: [MicroHTTPServer] = []
    private let lock = NSLock()
    private var boundPort: UInt16

    /// Listeners like `configuration` (its threads, limits and TLS; its host and port are
    /// replaced by each address and `port`) answering with `handler`.
    public init(configuration: ServerConfiguration, handler: any HTTPHandler, logger: Logger) {
        template = configuration
        self.handler = handler
        self.logger = logger
        boundPort = configuration.port
    }

    /// The port every extra listener binds (set to the main server's once it has started).
    public var port: UInt16 {
        get { lock.lock(); defer { lock.unlock() }; return boundPort }
        set { lock.lock(); boundPort = newValue; lock.unlock() }
    }

    /// Starts a listener on each of `addresses` not listened on yet. Returns the addresses
    /// listened on now; an address that cannot be bound is logged and left out. Throws
    /// `ServerError.cannotStart` when none is listened on.
    public func startListening(on addresses: [String]) throws -> [String] {
        let port = self.port
        return try queue.sync {
            for address in addresses where !servers.contains(where: { $0.host == address }) {
                var configuration = template
                configuration.host = address
                configuration.port = port
                let server = MicroHTTPServer(configuration: configuration, handler: handler, logger: logger)
                do {
                    try server.start()
                    servers.append(server)
                } catch {
                    logger.warning("cannot listen on \(address):\(port): \(error)")
                }
            }
            guard !servers.isEmpty else { throw ServerError.cannotStart(host: addresses.joined(separator: ", "), port: port) }
            return servers.map(\.host)
        }
    }

    /// Stops every extra listener, in the background: a request answered through one of
    /// them (the phone that turned sharing off) still gets its answer first.
    public func stopListening() {
        queue.async { [self] in
            let stopping = servers
            servers = []
            for server in stopping { server.stop(grace: 5) }
        }
    }

    /// Waits until every stop asked for so far has finished (tests, shutdown).
    public func waitUntilStopped() {
        queue.sync {}
    }
}
