import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Advisor/AdvisorStreamPage.swift: the server-sent events of POST /advisor/stream.
@Suite("Advisor stream page")
struct AdvisorStreamPageTests {
    @Test("an event is its name and sorted JSON data, ended by a blank line")
    func eventText() {
        #expect(AdvisorEvent(name: "delta", data: ["text": "Keep \"3\""]).text == "event: delta\ndata: {\"text\":\"Keep \\\"3\\\"\"}\n\n")
        #expect(AdvisorEvent(name: "reset", data: [:]).text == "event: reset\ndata: {}\n\n")
    }

    @Test("the event response is an uncached text/event-stream")
    func eventResponse() {
        let response = AdvisorFeature.eventResponse([AdvisorEvent(name: "fallback", data: [:])], keeping: nil)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-store" && response.headers["X-Accel-Buffering"] == "no")
        #expect(String(decoding: response.body, as: UTF8.self) == "event: fallback\ndata: {}\n\n")
    }

    @Test("with the built-in advisor the plain path answers at once: one done event pointing at the stored answer")
    func builtInAnswersAtOnce() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let formToken = try browser.formToken(on: "/advisor", action: "/advisor/ask")
        let response = browser.post("/advisor/stream", [("q", "Which debt should I pay first?")], formToken: formToken)
        #expect(response.status == 200)
        #expect(response.text == #"event: done\#ndata: {"location":"\/advisor#latest"}\#n\#n"#)
    }
}
