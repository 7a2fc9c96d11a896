import Foundation
import Testing
@testable import Web

/// Tests Sources/Web/Clients/FXFetcher.swift: a fetch that cannot connect says so, a fetch to
/// an address that is not public is refused before connecting, and which addresses are public
/// (the feed's answers, slow, huge, broken and redirecting, are tested over real HTTP in
/// FXFeedServerTests).
@Suite("FX feed client")
struct FXFetcherTests {
    /// A loopback port nothing listens on (bound once, then closed).
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(fd, $0, length) == 0, getsockname(fd, $0, &length) == 0 else { throw CocoaError(.fileReadUnknown) }
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    @Test("a closed port is a network failure, with no body")
    func closedPortIsNetwork() throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(try Self.closedPort())/daily.xml"))
        #expect(FXFetcher.fetch(url, allowLocal: true) == .failure(.network))
    }

    @Test("a loopback address is refused before any connection")
    func loopbackRefused() throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(try Self.closedPort())/daily.xml"))
        #expect(FXFetcher.fetch(url) == .failure(.refusedAddress))
    }

    @Test("the limits are those of docs/engine-rules.md: 5 s, 512 KiB")
    func limits() {
        #expect(FXFetcher.timeoutSeconds == 5 && FXFetcher.byteCap == 512 * 1024)
    }

    @Test("which resolved addresses count as public", arguments: [
        ("127.0.0.1", false), ("10.1.2.3", false), ("172.16.0.1", false), ("172.32.0.1", true), ("192.168.1.1", false),
        ("169.254.169.254", false), ("100.64.0.1", false), ("224.0.0.1", false), ("0.0.0.0", false), ("8.8.8.8", true),
        ("::1", false), ("fe80::1", false), ("fd00::1", false), ("ff02::1", false), ("::ffff:127.0.0.1", false),
        ("::ffff:8.8.8.8", true), ("2001:4860:4860::8888", true),
    ])
    func publicAddresses(address: String, isPublic: Bool) {
        #expect((PublicAddress.resolve(address, allowLocal: false) != nil) == isPublic, "\(address)")
        #expect(PublicAddress.resolve(address, allowLocal: true) != nil)
    }
}
