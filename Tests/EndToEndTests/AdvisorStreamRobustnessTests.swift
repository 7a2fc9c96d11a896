import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport

/// The streamed body in the libmicrohttpd adapter under stress: a client that leaves
/// mid-stream, and a server stopped while a stream waits (its connection suspended), end cleanly.
@Suite("Advisor streaming robustness", .serialized)
struct AdvisorStreamRobustnessTests {
    /// A socket that posted `body` to /advisor/stream and has read up to the first piece.
    static func startStream(_ port: UInt16, cookie: String, body: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "POST /advisor/stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var seen = ""
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !seen.contains("event: delta") {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            seen += String(decoding: chunk[0..<count], as: UTF8.self)
        }
        #expect(seen.contains("event: delta"), "\(seen.prefix(300))")
        return fd
    }

    /// The first piece at once, the rest only when the test releases the stub.
    static let slow: CompletionsStub.Behaviour = .stream(["Keep ", "three ", "months ", "of ", "expenses ", "aside."], held: true)

    @Test("a client that leaves mid-stream: the server stays well and the stream's connection is released")
    func clientLeaves() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": Self.slow])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let body = try visitor.client.formBody("/advisor", to: "/advisor/ask", [("q", "Should I start investing?")])
        let fd = try Self.startStream(live.port, cookie: visitor.client.cookie, body: body)
        close(fd)
        #expect(try fetch(live.port, "/healthz").status == 200, "answers while the stream is still coming")
        // The provider finishes; the next write finds the client gone and the response is freed.
        stub.release()
        #expect(eventually { live.server.requestsInFlight == 0 }, "no request left in flight")
        #expect(try fetch(live.port, "/advisor").status == 200)
    }

    @Test("stopping the server while a stream waits for its provider ends it at once, without a crash")
    func stopWhileParked() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .stream(["Keep ", "the rest much later."], held: true)])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let body = try visitor.client.formBody("/advisor", to: "/advisor/ask", [("q", "Should I start investing?")])
        let fd = try Self.startStream(live.port, cookie: visitor.client.cookie, body: body)
        defer { close(fd) }
        live.server.stop(grace: 1)
        var chunk = [UInt8](repeating: 0, count: 4096)
        var rest = 0
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            rest += count
        }
        #expect(rest < 4096, "the body ended")
    }
}
