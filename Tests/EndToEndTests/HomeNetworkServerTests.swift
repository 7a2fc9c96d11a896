import Foundation
import HTTPCore
import Logging
import MicroHTTPServer
import Storage
import Testing
import TestSupport
@testable import Web

/// The executable's wiring of the home-network switch: extra listeners created once the
/// app exists, on the main server's port.
final class LANListeners: HomeNetworkListener, @unchecked Sendable {
    var listeners: ExtraListeners!
    func startListening(on addresses: [String]) throws -> [String] { try listeners.startListening(on: addresses) }
    func stopListening() { listeners.stopListening() }
    var port: UInt16 { listeners.port }
}

@Suite("Home network over real HTTP", .serialized)
struct HomeNetworkServerTests {
    /// The "LAN" address of these tests: a loopback address, never a real network one.
    static let lan = "127.0.0.2"

    @Test("turned on from Settings, the running server answers on a second address; a phone signs in there and turns it off")
    func secondListener() throws {
        let folder = NSTemporaryDirectory() + "finmind-lan-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase(path: folder + "/finmind.sqlite")
        try database.saveSettings(["onboarding": "skipped"])
        let hasher = PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1))
        try database.setPasscodeHash(try hasher.hash("kitchen table"))
        var logger = Logger(label: "lan")
        logger.logLevel = .critical
        let lan = LANListeners()
        let app = try App(configuration: WebConfiguration(
            templatesDirectory: e2eRepositoryRoot + "/Templates", publicDirectory: e2eRepositoryRoot + "/Public",
            timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21",
            homeNetwork: HomeNetwork(listener: lan, addresses: { [Self.lan] })), database: database, logger: logger, passcodeHasher: hasher)
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2)
        let server = MicroHTTPServer(configuration: configuration, handler: LiveServer.Served(app: app), logger: logger)
        try server.start()
        defer { server.stop(grace: 2) }
        lan.listeners = ExtraListeners(configuration: configuration, handler: LiveServer.Served(app: app), logger: logger)
        lan.listeners.port = server.port
        let port = server.port
        #expect(throws: RawConnection.ConnectionError.cannotConnect) { try RawConnection(port: port, address: Self.lan) }

        // On this computer: Settings → Turn on.
        var computer = HTTPFormClient(port: port)
        let on = try computer.submit("/settings/home-network", to: "/settings/home-network", [("switch", "on")])
        #expect(on.status == 303 && on.header("Location") == "/login?next=%2Fsettings%2Fhome-network")

        // The phone reaches the same server at the second address: open, then signs in.
        var phone = LANClient(port: port, address: Self.lan)
        #expect(try phone.send("GET", "/healthz").text == "ok\n")
        #expect(try phone.send("GET", "/data").header("Location") == "/login?next=%2Fdata")
        let login = try phone.send("GET", "/login")
        #expect(login.status == 200)
        let signedIn = try phone.send("POST", "/login", form: [("passcode", "kitchen table"), ("next", "/settings/home-network"),
                                                               ("_csrf", HTML.between(login.text, #"name="_csrf" value=""#, "\""))])
        #expect(signedIn.status == 303 && phone.cookies["fm_session"] != nil)
        let page = try phone.send("GET", "/settings/home-network")
        #expect(page.status == 200)
        #expect(page.text.contains("http://\(Self.lan):\(port)/") && page.text.contains("src=\"data:image/svg+xml;base64,"))
        // A Host the server was not told about is still refused on the new address.
        #expect(try phone.send("GET", "/healthz", host: "evil.example").status == 421)

        // The phone turns it off: its answer still arrives, then the second address closes.
        let off = try phone.send("POST", "/settings/home-network", form: [
            ("switch", "off"), ("_csrf", HTML.between(page.text, #"name="_csrf" value=""#, "\"")),
            ("_form", HTML.between(page.text, #"name="_form" value=""#, "\""))])
        #expect(off.status == 303 && off.header("Location") == "/settings/home-network")
        lan.listeners.waitUntilStopped()
        #expect(throws: RawConnection.ConnectionError.cannotConnect) { try RawConnection(port: port, address: Self.lan) }
        #expect(try fetch(port, "/healthz").status == 200, "this computer still has it")
        #expect(try database.settings()["homeNetwork"] == "off")
    }
}

/// A client on another address that keeps its cookies, like a phone's browser.
struct LANClient {
    let port: UInt16
    let address: String
    var cookies: [String: String] = [:]

    mutating func send(_ method: String, _ path: String, form: [(String, String)] = [], host: String? = nil) throws -> RawResponse {
        let connection = try RawConnection(port: port, address: address)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "\(address):\(port)")\r\nConnection: close\r\n"
        if !cookies.isEmpty { head += "Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        let body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        if method == "POST" { head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n" }
        connection.send(head + "\r\n" + body)
        let response = try connection.readResponse()
        for header in response.headers("Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }
}
