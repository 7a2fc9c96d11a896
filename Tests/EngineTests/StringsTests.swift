import Testing
@testable import Engine

// The string tables' types (Sources/Engine/Strings.swift; docs/ARCHITECTURE.md, "Words").
@Suite("String table types")
struct StringsTests {
    @Test func localizedPicksTheLanguage() {
        let text = Localized(en: "Bills", ru: "Счета")
        #expect(text.text(.en) == "Bills")
        #expect(text.text(.ru) == "Счета")
    }

    @Test func aKeyIsItsLiteral() {
        let key: StringKey = "bills_title"
        #expect(key.name == "bills_title")
        #expect(key.description == "bills_title")
    }

    @Test func aTableKeepsAKeyWrittenTwiceSoATestCanFindIt() {
        let table: StringTable = ["a": .init(en: "A", ru: "А"), "a": .init(en: "B", ru: "Б")]
        #expect(table.count == 2)
        #expect(Set(table.map(\.key)).count == 1)
    }
}
