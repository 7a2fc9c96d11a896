import Foundation
import Testing

// Under TLS only TLS 1.2+ with AEAD suites is spoken, and every cookie
// the server sets is Secure. Needs openssl and curl; skipped without them.

@Suite("TLS hardening", .serialized)
struct TLSHardeningTests {
    @Test("TLS 1.1 and CBC-SHA1 suites are refused, TLS 1.2 and 1.3 answer; every Set-Cookie is Secure")
    func modernTLS() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else { return }
        let folder = NSTemporaryDirectory() + "finmind-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                                      "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"]).status == 0 else { return }
        let live = try ConfiguredServer(tls: (try String(contentsOfFile: folder + "/cert.pem", encoding: .utf8),
                                              try String(contentsOfFile: folder + "/key.pem", encoding: .utf8)))
        let address = "127.0.0.1:\(live.port)"
        func handshake(_ options: [String]) -> Bool {
            // SECLEVEL=0 lets this client offer the old versions and suites at all.
            let result = run("/usr/bin/openssl", ["s_client", "-connect", address, "-servername", "localhost"] + options,
                             input: "Q\n")
            return result.status == 0 && result.output.contains("Cipher is") && !result.output.contains("Cipher is (NONE)")
        }
        #expect(!handshake(["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"]), "TLS 1.1 is refused")
        #expect(!handshake(["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"]), "TLS 1.0 is refused")
        #expect(!handshake(["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA:AES128-SHA:@SECLEVEL=0"]), "CBC-SHA1 suites are refused")
        #expect(!handshake(["-tls1_2", "-cipher", "AES128-GCM-SHA256:AES256-GCM-SHA384:@SECLEVEL=0"]),
                "RSA key exchange without forward secrecy is refused")
        #expect(handshake(["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"]), "ECDHE with AES-GCM answers")
        #expect(handshake(["-tls1_2"]), "TLS 1.2 answers")
        #expect(handshake(["-tls1_3"]), "TLS 1.3 answers")

        let jar = folder + "/cookies.txt"
        let page = run("/usr/bin/curl", ["-sk", "-i", "-c", jar, "https://\(address)/data"]).output
        let csrf = try #require(page.firstMatch(of: /name="_csrf" value="([0-9a-f]+)"/)?.1)
        let posted = run("/usr/bin/curl", ["-sk", "-i", "-b", jar, "-d", "lang=ru&back=%2Fdata&_csrf=\(csrf)",
                                           "https://\(address)/language"]).output
        let cookies = (page + posted).split(separator: "\r\n").filter { $0.lowercased().hasPrefix("set-cookie:") }
        #expect(cookies.contains { $0.contains("fm_csrf=") } && cookies.contains { $0.contains("fm_lang=") })
        for cookie in cookies { #expect(cookie.contains("; Secure"), "\(cookie)") }
    }

    /// Runs a program with `input` on its stdin: its exit status and what it printed.
    private func run(_ path: String, _ arguments: [String], input: String = "") -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        guard (try? process.run()) != nil else { return (-1, "") }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
