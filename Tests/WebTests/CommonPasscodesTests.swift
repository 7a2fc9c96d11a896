import Testing
@testable import Web

// The list of the most common passwords (Sources/Web/Auth/CommonPasscodes.swift).

@Suite("Auth: common passcodes")
struct CommonPasscodesTests {
    @Test("the list is lower-cased, of new-passcode length, and a listed word is refused in any case with spaces around")
    func listed() {
        #expect(CommonPasscodes.list.count > 100)
        #expect(CommonPasscodes.list.allSatisfy { $0 == $0.lowercased() && $0.count >= 6 })
        #expect(CommonPasscodes.list.contains("password") && CommonPasscodes.list.contains("пароль123"))
        #expect(PasscodeHasher.isTrivial(" Sunshine ", isPIN: false))
        #expect(PasscodeHasher.isTrivial("ПАРОЛЬ123", isPIN: false))
        #expect(!PasscodeHasher.isTrivial("sunshine kitchen", isPIN: false))
    }
}
