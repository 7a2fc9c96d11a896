import Foundation

/// The household passcode's scrypt hash (N = 2^14, r = 8, p = 1, 32 bytes, random salt),
/// stored as `scrypt$16384$8$1$<salt base64>$<hash base64>`.
///
/// Hashing costs about 16 MB and tens of milliseconds, so it runs one at a time behind
/// a lock, and only on the server's long-work queue (the login and passcode POSTs are
/// `runsLong`). When too many hashes are already waiting, `hash` and `verify` refuse at
/// once (`PasscodeHasher.Busy`) rather than pile up threads.
public final class PasscodeHasher: @unchecked Sendable {
    /// The scrypt cost parameters; tests may use cheaper ones.
    public struct Cost: Sendable, Equatable {
        public var rounds: Int
        public var blockSize: Int
        public var parallelism: Int
        public static let standard = Cost(rounds: 1 << 14, blockSize: 8, parallelism: 1)
    }

    /// Thrown when more than `maxWaiting` hashes are queued.
    public struct Busy: Error {}

    /// The shortest passcode accepted (docs/product-rules.md, "Signing in"), in characters.
    public static let minimumLength = 6
    /// The longest passcode accepted, in bytes (it is hashed, not stored).
    public static let maximumBytes = 1024

    private let cost: Cost
    private let maxWaiting: Int
    private let lock = NSLock()
    private let counter = NSLock()
    private var waiting = 0

    /// Creates a hasher with `cost`, refusing work when `maxWaiting` hashes are queued.
    public init(cost: Cost = .standard, maxWaiting: Int = 8) {
        self.cost = cost
        self.maxWaiting = maxWaiting
    }

    /// The stored form of `passcode` with a new random salt. Throws `Busy` or `Sodium.Failure`.
    public func hash(_ passcode: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let derived = try derive(passcode, salt: salt, cost: cost)
        return ["scrypt", String(cost.rounds), String(cost.blockSize), String(cost.parallelism),
                Data(salt).base64EncodedString(), Data(derived).base64EncodedString()].joined(separator: "$")
    }

    /// True when `passcode` matches the `stored` hash (false for a malformed one). Throws `Busy`.
    public func verify(_ passcode: String, against stored: String) throws -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt",
              let rounds = Int(parts[1]), let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
              (2...(1 << 20)).contains(rounds), rounds & (rounds - 1) == 0, (1...16).contains(blockSize),
              (1...4).contains(parallelism),
              let salt = Data(base64Encoded: String(parts[4])), let expected = Data(base64Encoded: String(parts[5])),
              expected.count == 32
        else { return false }
        let derived = try derive(passcode, salt: Array(salt),
                                 cost: Cost(rounds: rounds, blockSize: blockSize, parallelism: parallelism))
        return Self.constantTimeEqual(derived, Array(expected))
    }

    private func derive(_ passcode: String, salt: [UInt8], cost: Cost) throws -> [UInt8] {
        counter.lock()
        guard waiting < maxWaiting else { counter.unlock(); throw Busy() }
        waiting += 1
        counter.unlock()
        defer { counter.lock(); waiting -= 1; counter.unlock() }
        lock.lock(); defer { lock.unlock() }
        return try Sodium.scrypt(password: Array(passcode.utf8), salt: salt, rounds: cost.rounds,
                                 blockSize: cost.blockSize, parallelism: cost.parallelism, length: 32)
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Why a new passcode is refused, or nil when it is acceptable and matches its
    /// confirmation: at least 8 characters, or a PIN of at least 6 digits; not whitespace
    /// only, not one short run repeated (`aaaaaaaa`, `121212`), not a PIN that is a date,
    /// a sequence or a keypad walk (`31121999`, `246810`, `147258369`), not one of the most
    /// common passwords (`P@ssword1`, `letmein!`); no control characters;
    /// at most 1 KB. Only new passcodes face these rules: a stored one always signs in.
    public static func problem(passcode: String, confirmation: String) -> PasscodeProblem? {
        if passcode.utf8.count > maximumBytes { return .tooLong }
        if passcode.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if passcode.allSatisfy(\.isWhitespace) { return passcode.count < minimumLength ? .tooShort : .tooWeak }
        let isPIN = passcode.allSatisfy { $0.isASCII && $0.isNumber }
        if passcode.count < (isPIN ? minimumLength : minimumLengthOfWords) { return .tooShort }
        if isTrivial(passcode, isPIN: isPIN) { return .tooWeak }
        if passcode != confirmation { return .mismatch }
        return nil
    }

    /// The shortest passcode that is not all digits, in characters.
    public static let minimumLengthOfWords = 8

    /// True for a repeated short run, a PIN that is a date, a sequence or a keypad walk
    /// (`PINPatterns`), or one of the most common passwords, look-alikes and all (`CommonPasscodes`).
    static func isTrivial(_ passcode: String, isPIN: Bool) -> Bool {
        let characters = Array(passcode.lowercased())
        let longestRun = isPIN ? characters.count / 2 : 3
        for period in 1...max(1, min(longestRun, characters.count - 1))
        where characters.indices.allSatisfy({ $0 < period || characters[$0] == characters[$0 - period] }) {
            return true
        }
        if isPIN, PINPatterns.isGuessable(characters.compactMap(\.wholeNumberValue)) { return true }
        return CommonPasscodes.contains(passcode)
    }
}

/// Why a new passcode was refused.
public enum PasscodeProblem: String, Sendable, Error {
    case tooShort = "passcode_error_short"
    case tooLong = "passcode_error_long"
    case controlCharacter = "passcode_error_control"
    case mismatch = "passcode_error_mismatch"
    case tooWeak = "passcode_error_weak"
}
