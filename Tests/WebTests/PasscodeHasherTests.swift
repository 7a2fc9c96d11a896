import Foundation
import Testing
@testable import Web

// The passcode's scrypt hash and the rules a new passcode meets (Sources/Web/Features/Auth/PasscodeHasher.swift).

@Suite("Auth: the passcode hash")
struct PasscodeHasherTests {
    @Test("scrypt N=2^14, r=8, p=1, 32 bytes, random salt; verifies; measured")
    func standardCost() throws {
        let hasher = PasscodeHasher()
        let started = Date()
        let stored = try hasher.hash("household passcode")
        let elapsed = Date().timeIntervalSince(started)
        print("scrypt N=2^14 r=8 p=1 hash took \(Int(elapsed * 1000)) ms")
        let parts = stored.split(separator: "$")
        #expect(parts.count == 6 && parts[0] == "scrypt" && parts[1] == "16384" && parts[2] == "8" && parts[3] == "1")
        #expect(Data(base64Encoded: String(parts[5]))?.count == 32)
        #expect(try hasher.hash("household passcode") != stored, "a new salt each time")
        #expect(try hasher.verify("household passcode", against: stored))
        #expect(try !hasher.verify("household passcodf", against: stored))
        #expect(try !hasher.verify("x", against: "scrypt$1$1$1$$"))
        #expect(try !hasher.verify("x", against: "garbage"))
    }

    @Test("passcode rules", arguments: [
        ("12345", "12345", PasscodeProblem.tooShort), ("284719", "284710", .mismatch), ("abc\u{7}def", "abc\u{7}def", .controlCharacter),
        (String(repeating: "x", count: 2000), String(repeating: "x", count: 2000), .tooLong),
    ] as [(String, String, PasscodeProblem)])
    func rules(passcode: String, confirmation: String, problem: PasscodeProblem) {
        #expect(PasscodeHasher.problem(passcode: passcode, confirmation: confirmation) == problem)
    }

    @Test("good passcodes pass: eight characters of any script, or six digits")
    func goodPasscodes() {
        #expect(PasscodeHasher.problem(passcode: "пароль семьи", confirmation: "пароль семьи") == nil)
        #expect(PasscodeHasher.problem(passcode: "284719", confirmation: "284719") == nil)
        #expect(PasscodeHasher.problem(passcode: "correct horse battery", confirmation: "correct horse battery") == nil)
    }

    @Test("trivial new passcodes are refused", arguments: [
        "123456", "654321", "890123", "111111", "aaaaaa", "      ", "        ", "121212", "12121212", "123123",
        "aaaaaaaa", "abcabcab", "password", "Password1", " qwerty123 ", "iloveyou", "1234567", "abcdefg",
        "12345", "\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}",
        // Guessable shapes: dates, sequences, keypad walks, disguised common words.
        "135792", "246810", "147258369", "31121999", "01012000", "P@ssword1", "Passw0rd!", "letmein!",
    ])
    func trivialRefused(passcode: String) {
        let problem = PasscodeHasher.problem(passcode: passcode, confirmation: passcode)
        #expect(problem == .tooWeak || problem == .tooShort, "\(passcode.debugDescription) → \(String(describing: problem))")
    }

    @Test("good new passcodes are accepted", arguments: [
        "household passcode", "correct horse", "284719", "90210437", "tr0ub4dor&3", "пароль семьи", "Kx9#mQ2p",
    ])
    func goodAccepted(passcode: String) {
        #expect(PasscodeHasher.problem(passcode: passcode, confirmation: passcode) == nil, "\(passcode)")
    }
}
