import Foundation
import HTTPCore
import Logging
import MicroHTTPServer
import Storage
import Testing
import TestSupport

/// A small OpenAI-compatible endpoint on loopback: it records each request and answers
/// by the model asked for, as the test says.
final class CompletionsStub: @unchecked Sendable {
    /// What the stub does for one model.
    enum Behaviour {
        case answer(String)
        case status(Int, String)
        /// No answer until the test calls `release()` (or the stub goes away); then a 503.
        case hang
        /// With "stream": true, server-sent events: the first piece at once; the others, the usage
        /// and [DONE] at once too, or, when `held`, only after the test calls `release()`.
        /// Without "stream", the pieces joined as one answer.
        case stream([String], held: Bool = false)
    }

    struct Seen { var model: String; var headers: HTTPHeaders; var body: [String: Any] }

    private let lock = NSLock()
    private var behaviours: [String: Behaviour]
    private var seen: [Seen] = []
    private var server: StubServer!
    private let gate = Gate()

    init(_ behaviours: [String: Behaviour]) throws {
        self.behaviours = behaviours
        server = try StubServer(longWork: true) { [weak self] request in self?.respond(to: request) ?? Response(status: 503) }
    }

    deinit { gate.open() }

    /// Lets every held answer go: hanging requests get a 503, held streams their other pieces.
    func release() { gate.open() }

    /// How many requests wait for `release()` now.
    var held: Int { gate.waitingCount }

    var baseURL: String { "http://127.0.0.1:\(server.port)/v1" }
    var requests: [Seen] { lock.lock(); defer { lock.unlock() }; return seen }

    /// What GET /v1/models does (nil: 404, as an endpoint without a models list).
    var models: Behaviour? {
        get { lock.lock(); defer { lock.unlock() }; return modelsBehaviour }
        set { lock.lock(); modelsBehaviour = newValue; lock.unlock() }
    }
    private var modelsBehaviour: Behaviour?
    /// Every GET /v1/models seen, with its headers.
    private(set) var modelRequests: [HTTPHeaders] = []

    fileprivate func respond(to request: Request) -> Response {
        if request.rawPath == "/v1/models", request.method == "GET" { return listModels(request) }
        guard request.rawPath == "/v1/chat/completions", request.method == "POST",
              let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
              let model = body["model"] as? String else {
            return Response(status: 404, contentType: "application/json", text: #"{"error":{"message":"not found"}}"#)
        }
        lock.lock()
        seen.append(Seen(model: model, headers: request.headers, body: body))
        let behaviour = behaviours[model] ?? .status(500, #"{"error":{"message":"no such model"}}"#)
        lock.unlock()
        switch behaviour {
        case .answer(let text):
            let json = try! JSONSerialization.data(withJSONObject: [
                "id": "x", "model": model, "choices": [["index": 0, "message": ["role": "assistant", "content": text]]],
                "usage": ["prompt_tokens": 120, "completion_tokens": 30],
            ])
            return Response(status: 200, contentType: "application/json", text: String(decoding: json, as: UTF8.self))
        case .status(let status, let body):
            return Response(status: HTTPStatus(code: status), contentType: "application/json", text: body)
        case .hang:
            return released()
        case .stream(let pieces, let held):
            guard body["stream"] as? Bool == true else {
                return respondAnswer(pieces.joined(), model: model)
            }
            let stream = ResponseStream()
            var response = Response(status: .ok, contentType: "text/event-stream", text: "")
            response.bodyStream = stream
            let gate = self.gate
            Thread.detachNewThread {
                for (index, piece) in pieces.enumerated() {
                    if index == 1 && held { gate.pass() }
                    let chunk = try! JSONSerialization.data(withJSONObject: ["choices": [["index": 0, "delta": ["content": piece]]]])
                    stream.write("data: " + String(decoding: chunk, as: UTF8.self) + "\n\n")
                }
                if pieces.count == 1 && held { gate.pass() }
                stream.write(#"data: {"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":30}}"# + "\n\n")
                stream.write("data: [DONE]\n\n")
                stream.finish()
            }
            return response
        }
    }

    /// A hanging request's answer once the test releases it.
    private func released() -> Response {
        gate.pass()
        return Response(status: 503, contentType: "application/json", text: #"{"error":{"message":"released by the test"}}"#)
    }

    private func respondAnswer(_ text: String, model: String) -> Response {
        let json = try! JSONSerialization.data(withJSONObject: [
            "id": "x", "model": model, "choices": [["index": 0, "message": ["role": "assistant", "content": text]]],
            "usage": ["prompt_tokens": 120, "completion_tokens": 30],
        ])
        return Response(status: 200, contentType: "application/json", text: String(decoding: json, as: UTF8.self))
    }

    private func listModels(_ request: Request) -> Response {
        lock.lock()
        modelRequests.append(request.headers)
        let behaviour = modelsBehaviour
        let names = behaviours.keys.sorted()
        lock.unlock()
        switch behaviour {
        case nil: return Response(status: 404, contentType: "application/json", text: #"{"error":{"message":"not found"}}"#)
        case .answer, .stream:
            let json = try! JSONSerialization.data(withJSONObject: ["object": "list", "data": names.map { ["id": $0, "object": "model"] }])
            return Response(status: 200, contentType: "application/json", text: String(decoding: json, as: UTF8.self))
        case .status(let status, let body):
            return Response(status: HTTPStatus(code: status), contentType: "application/json", text: body)
        case .hang:
            return released()
        }
    }

}

/// A browser on the live server asking the advisor through its question form.
struct AdvisorVisitor {
    var client: HTTPFormClient

    init(port: UInt16) { client = HTTPFormClient(port: port) }

    /// Posts a question (nil: the check-up button) and returns the response.
    @discardableResult
    mutating func ask(_ question: String?) throws -> RawResponse {
        try client.submit("/advisor", to: "/advisor/ask", question.map { [("q", $0)] } ?? [("checkup", "1")])
    }

    /// A raw request that posts without waiting for the answer (the caller reads it later).
    mutating func startAsking(_ question: String) throws -> RawConnection {
        let body = try client.formBody("/advisor", to: "/advisor/ask", [("q", question)])
        let connection = try RawConnection(port: client.port)
        connection.send("POST /advisor/ask HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\nConnection: close\r\nCookie: \(client.cookie)\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        return connection
    }
}

@Suite("Advisor remote provider", .serialized)
struct AdvisorRemoteTests {
    /// A live app whose advisor uses `baseURL` with consent given, past its first (built-in) check-up.
    static func app(baseURL: String, timeout: Int = 10) throws -> (LiveServer, AdvisorVisitor) {
        let live = try LiveServer()
        try live.database.saveSettings(["advisor.provider": "remote", "advisor.baseURL": baseURL, "advisor.consent": baseURL,
                                        "advisor.timeoutSeconds": "\(timeout)"])
        try live.database.setSecret("advisor.clientToken", "client-token-1234")
        try live.database.setSecret("advisor.bearerKey", "bearer-key-5678")
        try live.database.setSecret("advisor.secretsEndpoint", baseURL)  // typed for this endpoint
        var visitor = AdvisorVisitor(port: live.port)
        #expect(try visitor.ask(nil).status == 303)
        return (live, visitor)
    }

    static func last(_ database: AppDatabase, _ role: AdvisorRole) throws -> AdvisorMessage {
        try #require(try database.advisorMessages().last { $0.role == role })
    }

    @Test("success: the question and the household summary are sent with the token; the answer is stored with its tokens")
    func success() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("Keep three months of expenses in a savings account.")])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL)
        #expect(try visitor.ask("Should I start investing?").status == 303)
        let answer = try Self.last(live.database, .advisor)
        #expect(answer.text == "Keep three months of expenses in a savings account.")
        #expect(answer.provider == "remote" && answer.tokensIn == 120 && answer.tokensOut == 30 && answer.counted)
        let request = try #require(stub.requests.first)
        #expect(stub.requests.map(\.model) == ["gpt-4o-mini"])
        #expect(request.headers["x-client-token"] == "client-token-1234")
        #expect(request.headers["Authorization"] == "Bearer bearer-key-5678")
        let messages = try #require(request.body["messages"] as? [[String: String]])
        #expect(messages.last?["content"] == "Should I start investing?")
        #expect(messages.first?["content"]?.contains("You are the financial consultant in FinMind") == true)
        #expect(try live.database.events(limit: 1).first?.properties == #"{"ok":true,"provider":"remote","tokensOut":30}"#)
        let page = try visitor.ask(nil)
        #expect(page.status == 303)
    }

    @Test("401: the API's error text is shown and nothing else is tried")
    func unauthorized() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .status(401, #"{"error":{"message":"Invalid client token"}}"#),
                                        "gpt-4o": .answer("never")])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL)
        try visitor.ask("Should I start investing?")
        #expect(stub.requests.map(\.model) == ["gpt-4o-mini"])
        let notice = try Self.last(live.database, .notice)
        #expect(notice.text.contains("HTTP 401") && notice.text.contains("Invalid client token"))
        #expect(try live.database.advisorMessages().last?.role == .notice)
        #expect(try live.database.advisorAnsweredCount(day: "2026-11-21") == 1)  // only the check-up
        let page = try fetch(live.port, "/advisor")
        #expect(page.text.contains("Invalid client token"))
    }

    @Test("a 500 falls back to the second model")
    func serverError() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .status(500, "oops"), "gpt-4o": .answer("Pay the card with 29.9% first.")])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL)
        try visitor.ask("Which debt should I pay first?")
        #expect(stub.requests.map(\.model) == ["gpt-4o-mini", "gpt-4o"])
        #expect(try Self.last(live.database, .advisor).text == "Pay the card with 29.9% first.")
    }

    @Test("a timeout falls back to the second model")
    func timeout() throws {
        // The first model hangs far longer than the 3 s timeout: the answer must come from the
        // fallback long before the hang ends (a wide margin, so a loaded machine does not fail it).
        // The fallback gets the same timeout; 6 s leaves room for a CI machine running every
        // suite at once (3 s once failed there while the stub answered at once).
        let stub = try CompletionsStub(["gpt-4o-mini": .hang, "gpt-4o": .answer("Build the fund first.")])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL, timeout: 6)
        try visitor.ask("How big should my emergency fund be?")
        #expect(stub.requests.map(\.model) == ["gpt-4o-mini", "gpt-4o"])
        #expect(try Self.last(live.database, .advisor).text == "Build the fund first.")
    }

    @Test("no network (a closed port): “No connection” and the built-in advisor answers")
    func noNetwork() throws {
        let closed = try Self.closedPort()
        var (live, visitor) = try Self.app(baseURL: "http://127.0.0.1:\(closed)/v1")
        try visitor.ask("How big should my emergency fund be?")
        let messages = try live.database.advisorMessages()
        #expect(messages.contains { $0.role == .notice && $0.text.hasPrefix("No connection") })
        let answer = try Self.last(live.database, .advisor)
        #expect(answer.provider == "builtin" && answer.counted)
    }

    @Test("a remote answer that names its vendor is replaced by the FinMind introduction, not counted")
    func masking() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .answer("I am ChatGPT, a large language model trained by OpenAI.")])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL)
        try visitor.ask("Should I start investing?")
        let answer = try Self.last(live.database, .advisor)
        #expect(answer.text.hasPrefix("I'm your financial consultant in FinMind"))
        #expect(!answer.counted)
        #expect(try live.database.advisorAnsweredCount(day: "2026-11-21") == 1)
    }

    @Test("/data is answered while the remote call hangs")
    func otherPagesStayFast() throws {
        let stub = try CompletionsStub(["gpt-4o-mini": .hang, "gpt-4o": .hang])
        var (live, visitor) = try Self.app(baseURL: stub.baseURL, timeout: 60)
        let pending = try visitor.startAsking("Should I start investing?")
        try #require(eventually { stub.held == 1 }, "the remote call is in flight")
        for _ in 0..<3 { #expect(try fetch(live.port, "/data").status == 200) }
        #expect(stub.requests.count == 1 && stub.held == 1, "the remote call still hangs while /data is served")
        stub.release()
        let answered = try pending.readResponse()
        #expect(answered.status == 303)
        #expect(try live.database.advisorMessages().contains { $0.role == .notice })
    }

    /// A loopback port nothing listens on.
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        close(fd)
        return UInt16(bigEndian: address.sin_port)
    }
}
