import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPCore
import Logging
import Testing
import TestSupport
@testable import MicroHTTPServer

/// One blocking request to a loopback port: the status and the body's text (nil: no answer).
func loopbackRequest(_ host: String, _ port: UInt16, _ path: String, method: String = "GET", body: String? = nil) -> (status: Int, text: String)? {
    var request = URLRequest(url: URL(string: "http://\(host):\(port)\(path)")!, timeoutInterval: 10)
    request.httpMethod = method
    request.httpBody = body.map { Data($0.utf8) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    nonisolated(unsafe) var result: (status: Int, text: String)?
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: request) { data, response, _ in
        if let response = response as? HTTPURLResponse { result = (response.statusCode, String(decoding: data ?? Data(), as: UTF8.self)) }
        done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 15)
    return result
}

/// Tests Sources/MicroHTTPServer/MicroHTTPServer.swift: a real server on a loopback port.
@Suite("MicroHTTP server")
struct MicroHTTPServerTests {
    @Test("it binds a free port, answers with the handler (quick and long requests), refuses a big body, and stops")
    func serves() throws {
        let server = HTTPHandlerTests.echoServer(threads: 2)
        #expect(server.port == 0)
        try server.start()
        #expect(server.port != 0 && server.host == "127.0.0.1")
        let get = try #require(loopbackRequest("127.0.0.1", server.port, "/hello?x=1"))
        #expect(get.status == 200 && get.text == "GET /hello ")
        let long = try #require(loopbackRequest("127.0.0.1", server.port, "/slow", method: "POST", body: "short"))
        #expect(long.status == 200 && long.text == "POST /slow short")
        let big = try #require(loopbackRequest("127.0.0.1", server.port, "/upload", method: "POST", body: String(repeating: "a", count: 100)))
        #expect(big.status == 413)
        // libmicrohttpd calls the completion callback (which ends the request's count) after the
        // last byte is sent, so the client may read the answer first: wait for it, do not race it.
        #expect(eventually { server.requestsInFlight == 0 })
        let port = server.port
        server.stop(grace: 1)
        #expect(loopbackRequest("127.0.0.1", port, "/hello") == nil)
    }

    @Test("a host that is not a numeric address does not start")
    func badHost() {
        let server = HTTPHandlerTests.echoServer(host: "example.com")
        #expect(throws: ServerError.self) { try server.start() }
    }
}
