import Testing
@testable import Web

// The list of the most common passwords (Sources/Web/Features/Auth/CommonPasscodes.swift).

@Suite("Auth: common passcodes")
struct CommonPasscodesTests {
    @Test("the list is lower-cased, of new-passcode length, and a listed word is refused in any case with spaces around")
    func listed() {
        #expect(CommonPasscodes.list.count > 4_000, "the bundled list of 5,000 is read")
        #expect(CommonPasscodes.list.allSatisfy { $0 == $0.lowercased() && $0.count >= 4 })
        #expect(CommonPasscodes.list.contains("password") && CommonPasscodes.list.contains("пароль123"))
        #expect(PasscodeHasher.isTrivial(" Sunshine ", isPIN: false))
        #expect(PasscodeHasher.isTrivial("ПАРОЛЬ123", isPIN: false))
        #expect(!PasscodeHasher.isTrivial("sunshine kitchen", isPIN: false))
    }

    @Test("look-alike characters and digits or symbols around a listed word do not hide it", arguments: [
        "P@ssword1", "Passw0rd!", "letmein!", "!!dragon2024", "Sunsh1ne", "Iloveyou!",
    ])
    func disguised(passcode: String) {
        #expect(CommonPasscodes.contains(passcode), "\(passcode)")
    }

    @Test("the resource names its source and licence")
    func source() throws {
        let path = try #require(CommonPasscodes.resourcePath())
        let head = try String(contentsOfFile: path, encoding: .utf8).prefix(400)
        #expect(head.contains("zxcvbn") && head.contains("MIT"))
    }
}
