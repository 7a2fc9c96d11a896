import Foundation
import Logging
import Testing
@testable import MicroHTTPServer

// The library's own messages, which reach the server through its log callback (LibraryCallbacks.swift).

/// Keeps every message logged through it (the library's own lines among them).
final class CollectedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }

    /// A logger writing here at every level.
    var logger: Logger {
        var logger = Logger(label: "collected") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    struct Handler: LogHandler {
        let log: CollectedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? { get { nil } set {} }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
                 file: String, function: String, line: UInt) {
            log.add("\(message)")
        }
    }
}

@Suite("MicroHTTP server's own messages")
struct MicroHTTPServerLogTests {
    @Test("libmicrohttpd's messages about bad requests go through the server's logger (and its rate limit), not stderr")
    func libraryMessagesAreLogged() throws {
        let log = CollectedLog()
        let server = MicroHTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
                                     handler: HTTPHandlerTests.Echo(), logger: log.logger)
        try server.start()
        defer { server.stop(grace: 1) }
        for request in ["GET /x HTTP/9.9\r\nHost: a\r\n\r\n", "GET /x HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 20_000) + "\r\n"] {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = server.port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while recv(socket, &buffer, buffer.count, 0) > 0 {}
        }
        #expect(log.messages.contains { $0.hasPrefix("libmicrohttpd: ") && $0.contains("505") }, "\(log.messages)")
        #expect(log.messages.contains { $0.hasPrefix("libmicrohttpd: ") && $0.contains("431") }, "\(log.messages)")
    }
}
