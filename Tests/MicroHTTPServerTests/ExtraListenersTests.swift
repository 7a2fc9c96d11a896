import Foundation
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/ExtraListeners.swift: more listeners on one port, started and stopped.
@Suite("Extra listeners")
struct ExtraListenersTests {
    @Test("an address that cannot be bound is left out; the others answer on the shared port until stopped")
    func startAndStop() throws {
        let main = HTTPHandlerTests.echoServer()
        try main.start()
        defer { main.stop(grace: 1) }
        let extra = ExtraListeners(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
                                   handler: HTTPHandlerTests.Echo(), logger: HTTPHandlerTests.quiet)
        extra.port = main.port
        #expect(extra.port == main.port)
        let listening = try extra.startListening(on: ["127.0.0.2", "not-an-address"])
        #expect(listening == ["127.0.0.2"])
        #expect(try extra.startListening(on: ["127.0.0.2"]) == ["127.0.0.2"], "an address already listened on is not started twice")
        let answer = try #require(loopbackRequest("127.0.0.2", main.port, "/extra"))
        #expect(answer.status == 200 && answer.text == "GET /extra ")
        extra.stopListening()
        extra.waitUntilStopped()
        #expect(loopbackRequest("127.0.0.2", main.port, "/extra") == nil)
    }

    @Test("when no address can be bound it throws")
    func none() {
        let extra = ExtraListeners(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
                                   handler: HTTPHandlerTests.Echo(), logger: HTTPHandlerTests.quiet)
        #expect(throws: ServerError.self) { try extra.startListening(on: ["not-an-address"]) }
    }
}
