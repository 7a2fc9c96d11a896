import Foundation
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/SocketAddress.swift: numeric addresses as C socket addresses.
@Suite("Socket address")
struct SocketAddressTests {
    @Test("IPv4, IPv6 (bracketed or not) and localhost parse, with the port in network order", arguments: [
        ("127.0.0.1", false), ("0.0.0.0", false), ("localhost", false), ("::1", true), ("[::1]", true), ("::", true),
    ])
    func parses(host: String, isIPv6: Bool) throws {
        let address = try SocketAddress(host: host, port: 8080)
        #expect(address.isIPv6 == isIPv6)
        let family = address.withSockaddr { Int32($0.pointee.sa_family) }
        #expect(family == (isIPv6 ? AF_INET6 : AF_INET))
        let port: UInt16 = address.withSockaddr { pointer in
            isIPv6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        #expect(UInt16(bigEndian: port) == 8080)
    }

    @Test("a name or a malformed address is refused as an invalid host", arguments: ["example.com", "256.0.0.1", "1.2.3", "", "::g"])
    func refused(host: String) {
        #expect(throws: ServerError.self) { try SocketAddress(host: host, port: 80) }
        #expect(ServerError.invalidHost(host).description == "not a numeric IP address: \(host)")
    }
}
