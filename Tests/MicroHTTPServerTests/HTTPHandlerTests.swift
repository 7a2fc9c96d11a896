import HTTPCore
import Logging
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/HTTPHandler.swift: the server's configuration and errors, and
/// the handler a test server answers with.
@Suite("HTTP handler")
struct HTTPHandlerTests {
    /// A handler answering every request with its method and path; bodies up to 16 bytes.
    struct Echo: HTTPHandler {
        func bodyLimit(method: String, path: String) -> Int { 16 }
        func runsLong(_ request: Request) -> Bool { request.rawPath == "/slow" }
        func respond(to request: Request) -> Response {
            Response(status: .ok, contentType: "text/plain; charset=utf-8",
                     text: "\(request.method) \(request.rawPath) \(String(decoding: request.body, as: UTF8.self))")
        }
        func tooLarge(_ request: Request) -> Response { Response(status: HTTPStatus(code: 413)) }
    }

    static var quiet: Logger {
        var logger = Logger(label: "micro-http-tests")
        logger.logLevel = .critical
        return logger
    }

    /// A server on `host` (port 0: the system picks) answering with `Echo`, not started.
    static func echoServer(host: String = "127.0.0.1", threads: Int = 1) -> MicroHTTPServer {
        MicroHTTPServer(configuration: ServerConfiguration(host: host, port: 0, threads: threads), handler: Echo(), logger: quiet)
    }

    @Test("the configuration keeps at least one thread and defaults to modern TLS and bounded connections")
    func configuration() {
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 0)
        #expect(configuration.threads == 1)
        #expect(configuration.connectionTimeout == 30 && configuration.connectionLimit == 1024 && configuration.perAddressLimit == 64)
        #expect(configuration.requestDeadline == 30)
        #expect(configuration.tlsPriorities == ServerConfiguration.modernTLSPriorities)
        #expect(configuration.tlsPriorities.contains("+VERS-TLS1.3") && configuration.tlsPriorities.contains("-SHA1"))
        #expect(configuration.tlsCertificatePEM == nil && configuration.tlsKeyPEM == nil)
    }

    @Test("the errors say which address could not be used")
    func errors() {
        #expect(ServerError.cannotStart(host: "10.0.0.1", port: 8080).description == "cannot listen on 10.0.0.1:8080 (in use, or not allowed)")
    }
}
