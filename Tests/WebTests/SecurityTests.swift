import HTTPCore
import Testing
@testable import Web

@Suite("Security")
struct SecurityTests {
    @Test("Host header parsing", arguments: [
        ("localhost:8080", "localhost"), ("LOCALHOST", "localhost"), ("127.0.0.1:80", "127.0.0.1"),
        ("[::1]:8080", "::1"), ("[::1]", "::1"), ("a:b:c", nil), ("[::1]x", nil), ("host:", nil), (":80", nil),
    ] as [(String, String?)])
    func hostPart(header: String, expected: String?) {
        #expect(AllowedHosts.hostPart(header) == expected)
    }

    @Test("only this server's names pass")
    func allowedHosts() {
        let hosts = AllowedHosts(["192.168.1.20", "finmind.lan"])
        #expect(hosts.permits(hostHeader: "localhost:8080"))
        #expect(hosts.permits(hostHeader: "192.168.1.20:8080"))
        #expect(hosts.permits(hostHeader: "FinMind.lan"))
        #expect(!hosts.permits(hostHeader: "evil.example"))
        #expect(!hosts.permits(hostHeader: "localhost.evil.example"))
        #expect(!hosts.permits(hostHeader: nil))
        #expect(!hosts.permits(hostHeader: ""))
    }

    @Test("tokens are random hex and compare exactly")
    func tokens() {
        let a = Tokens.random(), b = Tokens.random()
        #expect(a.count == 64 && b.count == 64 && a != b)
        #expect(Tokens.wellFormed(a))
        #expect(!Tokens.wellFormed("xyz"))
        #expect(!Tokens.wellFormed(String(repeating: "G", count: 64)))
        #expect(Tokens.equal(a, a))
        #expect(!Tokens.equal(a, b))
        #expect(!Tokens.equal("", ""))
    }

    @Test("setup codes: 10 characters without look-alikes; typed loosely")
    func setupCodes() {
        let code = SetupCode.generate()
        #expect(code.count == 11 && code.contains("-"))
        #expect(!code.contains("0") && !code.contains("O") && !code.contains("1") && !code.contains("I"))
        #expect(SetupCode.matches(code.lowercased().replacingOccurrences(of: "-", with: " "), code))
        #expect(!SetupCode.matches("", code))
    }
}
