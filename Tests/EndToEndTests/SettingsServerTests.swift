import Foundation
import HTTPCore
import Logging
import MicroHTTPServer
import Storage
import Testing

/// A feedback receiver on loopback that answers with a chosen status and keeps what it got.
final class FeedbackStub: @unchecked Sendable {
    private let lock = NSLock()
    private var status = 200
    private var bodies: [String] = []
    private var server: StubServer!

    init() throws {
        server = try StubServer { [weak self] request in self?.handle(request) ?? Response(status: 503) }
    }

    var url: String { "http://127.0.0.1:\(server.port)/feedback" }
    func answer(_ status: Int) { lock.lock(); self.status = status; lock.unlock() }
    var received: [String] { lock.lock(); defer { lock.unlock() }; return bodies }

    fileprivate func handle(_ request: Request) -> Response {
        lock.lock(); defer { lock.unlock() }
        bodies.append(String(decoding: request.body, as: UTF8.self))
        return status == 200 ? Response(status: 200, contentType: "application/json", text: "{\"ok\":true}")
            : Response(status: HTTPStatus(code: status), contentType: "text/plain", text: "receiver is down")
    }

}

@Suite("Settings over real HTTP", .serialized)
struct SettingsServerTests {
    @Test("a 3 MB avatar upload is refused with 413 before it is read")
    func avatarTooLarge() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        let size = 3 * 1024 * 1024
        connection.send("POST /settings/avatar HTTP/1.1\r\nHost: 127.0.0.1:\(live.port)\r\n"
            + "Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: \(size)\r\n\r\n")
        connection.send([UInt8](repeating: 0x41, count: 64 * 1024))
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(try live.database.avatar() == nil)
    }

    @Test("the export API answers over HTTP")
    func exportOverHTTP() throws {
        let live = try LiveServer()
        let response = try fetch(live.port, "/api/v1/export")
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("{\"format\":\"finmind-export\",\"version\":1,"))
    }

    @Test("feedback is POSTed as JSON to the configured URL: success, error kept with the text, retry")
    func remoteFeedback() throws {
        let live = try LiveServer()
        let stub = try FeedbackStub()
        var client = HTTPFormClient(port: live.port)
        #expect(try client.submit("/settings/feedback", to: "/settings/feedback/url", [("url", stub.url)]).status == 303)

        // Success.
        let sent = try client.submit("/settings/feedback", to: "/settings/feedback",
                                     [("email", "anna@example.com"), ("description", "The plan page shows a wrong total.")])
        #expect(sent.status == 303)
        #expect(stub.received.count == 1)
        #expect(stub.received[0].contains("\"description\":\"The plan page shows a wrong total.\""))
        #expect(stub.received[0].contains("\"email\":\"anna@example.com\""))
        #expect(try live.database.feedbackMessages().first?.status == .sent)

        // The receiver fails: the text stays, with the error, and the page offers a retry.
        stub.answer(503)
        let failed = try client.submit("/settings/feedback", to: "/settings/feedback",
                                       [("description", "Second message that will fail at first.")])
        #expect(failed.status == 303)
        let stored = try #require(try live.database.feedbackMessages().first)
        #expect(stored.status == .failed)
        #expect(stored.error?.contains("HTTP 503") == true)
        #expect(stored.feedback.description == "Second message that will fail at first.")
        let page = try client.get("/settings/feedback").text
        #expect(page.contains("HTTP 503"))
        #expect(page.contains("/settings/feedback/\(stored.id)/retry"))

        // Retry once the receiver is back.
        stub.answer(200)
        let retried = try client.submit("/settings/feedback", to: "/settings/feedback/\(stored.id)/retry", [])
        #expect(retried.status == 303)
        #expect(try live.database.feedbackMessage(id: stored.id)?.status == .sent)
        #expect(stub.received.count == 3)
        #expect(stub.received[2].contains("Second message that will fail at first."))
    }

    @Test("with no receiver listening the message is kept as failed")
    func receiverDown() throws {
        let live = try LiveServer()
        var client = HTTPFormClient(port: live.port)
        _ = try client.submit("/settings/feedback", to: "/settings/feedback/url", [("url", "http://127.0.0.1:9/feedback")])
        let response = try client.submit("/settings/feedback", to: "/settings/feedback",
                                         [("description", "Nobody is listening on port nine.")])
        #expect(response.status == 303)
        let stored = try #require(try live.database.feedbackMessages().first)
        #expect(stored.status == .failed)
        #expect(stored.error?.isEmpty == false)
    }
}
