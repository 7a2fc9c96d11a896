import Foundation
import Testing
@testable import Web

/// Tests Sources/Web/Clients/FXFetcher.swift: a fetch that cannot connect says so (the feed's
/// answers, slow, huge and broken, are tested over real HTTP in FXFeedServerTests).
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
        #expect(FXFetcher.fetch(url) == .failure(.network))
    }

    @Test("the limits are those of docs/engine-rules.md: 5 s, 512 KiB")
    func limits() {
        #expect(FXFetcher.timeoutSeconds == 5 && FXFetcher.byteCap == 512 * 1024)
    }
}
