import CSodium

/// The two primitives the app takes from Debian's libsodium: scrypt (the passcode hash)
/// and SHA-256 (session tokens). libsodium is initialised once, on first use.
enum Sodium {
    /// Thrown when libsodium cannot start or refuses scrypt's parameters.
    struct Failure: Error {}

    /// `sodium_init()` run once (0 = started now, 1 = already started, -1 = unusable).
    private static let ready: Bool = sodium_init() >= 0

    /// scrypt (RFC 7914) of `password` and `salt` with cost N = `rounds`, r = `blockSize`,
    /// p = `parallelism`, `length` bytes long. Refuses the parameters BoringSSL refused
    /// (N a power of two ≥ 2 and < 2^(16·r), r·p < 2^30), so a stored hash verifies,
    /// or fails, exactly as it did under swift-crypto.
    static func scrypt(password: [UInt8], salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int,
                       length: Int) throws -> [UInt8] {
        guard ready, rounds >= 2, rounds & (rounds - 1) == 0, rounds <= 1 << 32, blockSize >= 1, parallelism >= 1,
              blockSize < 1 << 30, parallelism < 1 << 30, blockSize * parallelism < 1 << 30, length >= 1,
              16 * blockSize > 63 || rounds < 1 << (16 * blockSize)
        else { throw Failure() }
        var key = [UInt8](repeating: 0, count: length)
        // One spare byte each, so even an empty password or salt has the address libsodium requires.
        let result = (password + [0]).withUnsafeBufferPointer { passwordBytes in
            (salt + [0]).withUnsafeBufferPointer { saltBytes in
                key.withUnsafeMutableBufferPointer { keyBytes in
                    crypto_pwhash_scryptsalsa208sha256_ll(
                        passwordBytes.baseAddress!, password.count, saltBytes.baseAddress!, salt.count,
                        UInt64(rounds), UInt32(blockSize), UInt32(parallelism), keyBytes.baseAddress!, length)
                }
            }
        }
        guard result == 0 else { throw Failure() }
        return key
    }

    /// The SHA-256 digest of `bytes` (32 bytes).
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = (bytes + [0]).withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                crypto_hash_sha256(output.baseAddress!, input.baseAddress!, UInt64(bytes.count))
            }
        }
        return digest
    }
}
