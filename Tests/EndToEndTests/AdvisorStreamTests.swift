import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport

/// The streamed answer end to end: the loopback stub sends its answer as server-sent
/// events piece by piece; POST /advisor/stream relays each piece as it arrives (chunked
/// text/event-stream from libmicrohttpd), then stores the answer as the plain path does.
@Suite("Advisor streaming", .serialized)
struct AdvisorStreamTests {
    /// The bytes of one POST's response as they arrive; `onFirstPiece` runs once, when the first
    /// "event: delta" has arrived, with what was read so far.
    static func post(_ port: UInt16, _ path: String, cookie: String, body: String,
                     onFirstPiece: (String) -> Void = { _ in }) throws -> [String] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nCookie: \(cookie)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var reads: [String] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var sawPiece = false
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            reads.append(String(decoding: chunk[0..<count], as: UTF8.self))
            if !sawPiece, reads.joined().contains("event: delta") {
                sawPiece = true
                onFirstPiece(reads.joined())
            }
        }
        return reads
    }

    /// Posts `question` to /advisor/stream with the question form's tokens.
    static func ask(_ visitor: inout AdvisorVisitor, _ port: UInt16, _ question: String,
                    onFirstPiece: (String) -> Void = { _ in }) throws -> [String] {
        let body = try visitor.client.formBody("/advisor", to: "/advisor/ask", [("q", question)])
        return try post(port, "/advisor/stream", cookie: visitor.client.cookie, body: body, onFirstPiece: onFirstPiece)
    }

    @Test("the answer streams piece by piece as the provider sends it, then is stored with its usage")
    func streams() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .stream(["Keep ", "three ", "months ", "aside."], held: true)])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let page = try visitor.client.get("/advisor").text
        #expect(page.contains(#"data-stream="/advisor/stream""#) && page.contains("advisor-stream.js"))
        // Progressive: the first piece reaches the browser while the provider still holds the rest.
        var beforeRelease = ""
        var heldAtFirstPiece = 0
        let reads = try Self.ask(&visitor, live.port, "Should I start investing?") { soFar in
            beforeRelease = soFar
            // The stub reaches its gate just after sending the first piece: wait for it, never race it.
            heldAtFirstPiece = eventually { stub.held == 1 } ? stub.held : 0
            stub.release()
        }
        #expect(heldAtFirstPiece == 1, "the provider was still holding the other pieces")
        #expect(beforeRelease.contains(#"data: {"text":"Keep "}"#) && !beforeRelease.contains("three "), "\(beforeRelease.suffix(300))")
        let all = reads.joined()
        #expect(all.hasPrefix("HTTP/1.1 200") && all.lowercased().contains("content-type: text/event-stream"), "\(all.prefix(300))")
        for piece in ["Keep ", "three ", "months ", "aside."] { #expect(all.contains(#"event: delta"# + "\n" + #"data: {"text":"\#(piece)"}"#)) }
        #expect(all.contains(#"event: done"# + "\n" + #"data: {"location":"\/advisor#latest"}"#) || all.contains(#"{"location":"/advisor#latest"}"#))
        // Stored as the plain path stores it, with the usage.
        let answer = try AdvisorRemoteTests.last(live.database, .advisor)
        #expect(answer.text == "Keep three months aside." && answer.provider == "remote" && answer.tokensIn == 120 && answer.tokensOut == 30)
        #expect(stub.requests.first?.body["stream"] as? Bool == true)
        let usage = try live.database.advisorUsageByDay()
        #expect(usage.count == 1 && usage[0].calls == 1 && usage[0].tokensIn == 120 && usage[0].tokensOut == 30)
    }

    @Test("a JSON action is never streamed: it ends with the preview card's address, nothing written")
    func actionHeldBack() throws {
        let json = #"{"action":"strategy","payload":{"strategy":"snowball"},"confidence":0.9,"needsConfirmation":true}"#
        let stub = try CompletionsStub(["gpt-4o-mini": .stream([String(json.prefix(20)), String(json.dropFirst(20))])])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let all = try Self.ask(&visitor, live.port, "Should I start saving for a holiday?").joined()
        #expect(!all.contains("event: delta"), "\(all)")
        #expect(all.contains("preview?action=strategy"))
        #expect(try live.database.advisorActions().isEmpty)
    }

    @Test("a question the provider does not answer (off topic) gets the plain path's answer at once")
    func plainPath() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .stream(["never"])])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let all = try Self.ask(&visitor, live.port, "What is the capital of France?").joined()
        #expect(all.contains("event: done") && !all.contains("event: delta"))
        #expect(stub.requests.isEmpty)
        #expect(try AdvisorRemoteTests.last(live.database, .advisor).provider == "builtin")
    }

    @Test("an empty question is a fallback (the script posts the form: 422), and a failing stream takes the plain path's fallback model")
    func fallbacks() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .status(500, "oops"), "gpt-4o": .answer("Pay the card first.")])
        var (live, visitor) = try AdvisorRemoteTests.app(baseURL: stub.baseURL)
        let empty = try Self.ask(&visitor, live.port, "   ").joined()
        #expect(empty.contains("event: fallback"))
        let failed = try Self.ask(&visitor, live.port, "Which debt should I pay first?").joined()
        #expect(failed.contains("event: done") && !failed.contains("event: delta"))
        #expect(try AdvisorRemoteTests.last(live.database, .advisor).text == "Pay the card first.")
        #expect(try fetch(live.port, "/advisor/stream", method: "POST").status == 403, "CSRF")
    }
}
