import Engine
import Foundation
import Testing
@testable import Storage

// The household's picture and settings saved once per form (Sources/Storage/Profile.swift).

@Suite("Profile")
struct ProfileTests {
    @Test("the picture is stored once per token, replaced, stamped and removed, each change recorded once")
    func avatar() throws {
        let database = try budgetDatabase()
        #expect(try database.avatar() == nil && database.avatarStamp() == nil)
        let form = token()
        try database.setAvatar(mediaType: "image/png", bytes: [1, 2, 3], formToken: form).value()
        #expect(try database.setAvatar(mediaType: "image/png", bytes: [9], formToken: form).isDuplicate)
        let stored = try #require(try database.avatar())
        #expect(stored.mediaType == "image/png" && stored.bytes == [1, 2, 3])
        #expect(try database.avatarStamp() == stored.updatedAt.filter(\.isNumber) + "-3")
        try database.setAvatar(mediaType: "image/webp", bytes: [4, 5], formToken: token()).value()
        #expect(try database.avatar()?.bytes == [4, 5])
        #expect(try database.avatarStamp()?.hasSuffix("-2") == true)
        #expect(try database.eventCount(.settingsChanged) == 2)
        try database.removeAvatar(formToken: token()).value()
        try database.removeAvatar(formToken: token()).value()
        #expect(try database.avatar() == nil)
        #expect(try database.eventCount(.settingsChanged) == 3, "removing nothing records nothing")
    }

    @Test("settings saved with a form token write once and return the changed keys")
    func settingsOnce() throws {
        let database = try budgetDatabase()
        let form = token()
        #expect(try database.saveSettings(["theme": "dark"], formToken: form).value() == ["theme"])
        #expect(try database.saveSettings(["theme": "light"], formToken: form).isDuplicate)
        #expect(try database.settings()["theme"] == "dark")
        #expect(try database.saveSettings(["theme": "dark", "accent": "green"], formToken: token()).value() == ["accent"])
    }
}
