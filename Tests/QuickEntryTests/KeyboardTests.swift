import Engine
import Testing
@testable import QuickEntry

// Words typed on the wrong keyboard layout or with Latin look-alikes (Sources/QuickEntry/Keyboard.swift).
@Suite("Quick entry: wrong keyboard")
struct KeyboardTests {
    @Test func wrongKeyboard() throws {
        // A Russian phrase typed on the English layout, word by word.
        let groceries = try #require(quickDraft("ghjlerns 1200 dxthf", .ru))
        #expect(groceries.category == "food" && groceries.date == quickToday.adding(days: -1) && groceries.name == "Продукты")
        #expect(try #require(quickDraft("nfrcb 450", .ru)).category == "transport")
        #expect(try #require(quickDraft("pfhgkfnf 90000", .ru)).kind == .income)
        // Latin look-alike letters inside a Russian word.
        #expect(try #require(quickDraft("aптека 300", .ru)).category == "health")
        #expect(try #require(quickDraft("cок 120", .ru)).category == "food")
        // Guards: English words the parser knows stay English.
        #expect(try #require(quickDraft("coffee 5 yesterday", .en)).category == "food")
        #expect(try #require(quickDraft("taxi 10", .en)).category == "transport")
        #expect(try #require(quickDraft("bar 30", .en)).category == "entertainment")
    }
}
