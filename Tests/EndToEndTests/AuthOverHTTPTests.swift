import Foundation
import Testing
@testable import Web

// Signing in over real HTTP, and the same over libmicrohttpd's TLS with a self-signed pair.

@Suite("Auth over HTTP and TLS", .serialized)
struct AuthOverHTTPTests {
    @Test("on the network: setup from loopback, then pages need a session; sign in and out over HTTP")
    func signInOverHTTP() throws {
        let live = try ConfiguredServer(passcodeRequired: true, setupCode: "ABCDE-FGHJK")
        let browser = RawBrowser(port: live.port)
        #expect(try browser.get("/data").header("Location") == "/passcode")
        #expect(try browser.get("/healthz").status == 200)
        let page = try browser.get("/passcode").text
        #expect(!page.contains("setupCode"), "a loopback client needs no setup code")
        let set = try browser.post("/passcode", [("passcode", "household passcode"), ("confirm", "household passcode")])
        #expect(set.status == 303)
        let session = try #require(set.headers("Set-Cookie").first { $0.hasPrefix("fm_session=") })
        #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict"))

        let stranger = RawBrowser(port: live.port)
        #expect(try stranger.get("/data").header("Location") == "/login?next=%2Fdata")
        #expect(try stranger.post("/login", [("passcode", "nope nope")]).status == 422)
        let signedIn = try stranger.post("/login", [("passcode", "household passcode"), ("next", "/plan")])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/plan")
        var member = stranger
        member.extraCookies["fm_session"] = String(try #require(signedIn.headers("Set-Cookie").first { $0.hasPrefix("fm_session=") })
            .dropFirst("fm_session=".count).prefix { $0 != ";" })
        #expect(try member.get("/plan").status == 200)
        #expect(try live.database.sessionCount() == 2)
    }

    @Test("TLS with a self-signed certificate: HTTPS answers and the session cookie is Secure")
    func tls() throws {
        let folder = NSTemporaryDirectory() + "finmind-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                                      "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"]) != nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            Issue.record("openssl and curl are needed for the TLS test")
            return
        }
        let live = try ConfiguredServer(tls: (try String(contentsOfFile: folder + "/cert.pem", encoding: .utf8),
                                              try String(contentsOfFile: folder + "/key.pem", encoding: .utf8)))
        let health = run("/usr/bin/curl", ["-sk", "https://127.0.0.1:\(live.port)/healthz"])
        #expect(health == "ok\n")
        let page = run("/usr/bin/curl", ["-sk", "-H", "Accept-Language: en", "https://127.0.0.1:\(live.port)/data"]) ?? ""
        #expect(page.contains("<html lang=\"en\""))
        let plain = try? fetch(live.port, "/healthz")
        #expect(plain?.status != 200, "plain HTTP is not answered on the TLS port")
    }

    /// Runs a program and returns what it printed, or nil when it failed.
    private func run(_ path: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
