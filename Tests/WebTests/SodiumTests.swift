import Foundation
import Testing
@testable import Web

/// libsodium in place of swift-crypto: the same scrypt and SHA-256, so every passcode hash
/// stored before the switch still verifies.
@Suite("Sodium: scrypt and SHA-256 from libsodium")
struct SodiumTests {
    /// Made by the swift-crypto build (`PasscodeHasher().hash(passcode)` at commit 9e467cd,
    /// BoringSSL's scrypt), and checked with Python's hashlib.scrypt (OpenSSL).
    static let passcode = "kitchen table 42"
    static let storedBySwiftCrypto = "scrypt$16384$8$1$nSbhznULU8Liza46pgu9Yg==$YW8Q74fCYG6wDFcpGMaPZp0LkNuK3dr2ADwI14YN+Gk="

    @Test("a passcode hash stored by the swift-crypto build verifies after the switch")
    func storedHashStillVerifies() throws {
        let hasher = PasscodeHasher()
        #expect(try hasher.verify(Self.passcode, against: Self.storedBySwiftCrypto))
        #expect(try !hasher.verify(Self.passcode + " ", against: Self.storedBySwiftCrypto))
    }

    @Test("scrypt: the RFC 7914 §12 vector (\"password\", \"NaCl\", N=1024, r=8, p=16, 64 bytes)")
    func rfc7914Vector() throws {
        let key = try Sodium.scrypt(password: Array("password".utf8), salt: Array("NaCl".utf8),
                                    rounds: 1024, blockSize: 8, parallelism: 16, length: 64)
        #expect(Self.hex(key) == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
    }

    @Test("scrypt refuses what BoringSSL refused: N not below 2^(16·r), N not a power of two")
    func refusedParameters() throws {
        let salt = Data(repeating: 1, count: 16).base64EncodedString()
        let key = Data(repeating: 2, count: 32).base64EncodedString()
        #expect(throws: Sodium.Failure.self) {
            try PasscodeHasher().verify("household", against: "scrypt$65536$1$1$\(salt)$\(key)")
        }
        #expect(throws: Sodium.Failure.self) {
            try Sodium.scrypt(password: [], salt: [], rounds: 1000, blockSize: 8, parallelism: 1, length: 32)
        }
    }

    @Test("SHA-256 of \"abc\" and of nothing (FIPS 180-2), as the session table keeps it")
    func sha256() {
        #expect(SessionTokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SessionTokens.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
