import CMicroHTTPD
import Foundation

/// A numeric IPv4 or IPv6 address and port, as a C `sockaddr` for libmicrohttpd.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    /// Parses a numeric address ("127.0.0.1", "::1", "0.0.0.0", "::") or "localhost".
    /// Throws `ServerError.invalidHost` for anything else.
    init(host: String, port: UInt16) throws {
        let numeric = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            isIPv6 = false
            Self.write(sockaddr_in.self, into: &storage) { address in
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr = v4
            }
        } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
            isIPv6 = true
            Self.write(sockaddr_in6.self, into: &storage) { address in
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = v6
            }
        } else {
            throw ServerError.invalidHost(host)
        }
    }

    /// Lets `body` fill in an `Address` (`sockaddr_in` or `sockaddr_in6`) laid over the start of `storage`.
    private static func write<Address>(_: Address.Type, into storage: inout sockaddr_storage, _ body: (inout Address) -> Void) {
        withUnsafeMutableBytes(of: &storage) { raw in
            body(&raw.baseAddress!.assumingMemoryBound(to: Address.self).pointee)
        }
    }

    /// Calls `body` with a pointer to the C address.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self))
        }
    }
}
