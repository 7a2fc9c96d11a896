import Foundation
import Testing
@testable import Storage

@Suite("Advisor history")
struct AdvisorHistoryTests {
    static func exchange(day: String = "2026-11-21", counted: Bool = true) -> AdvisorExchange {
        AdvisorExchange(day: day, topic: "budget", length: 12, messages: [
            NewAdvisorMessage(role: .user, text: "What's my budget?"),
            NewAdvisorMessage(role: .advisor, text: "Income $1,000.00.", provider: "builtin", tokensIn: 3, tokensOut: 5, counted: counted),
        ], ok: true, provider: "builtin", tokensOut: 5)
    }

    @Test("an exchange is stored once per form token, with its two events")
    func storedOnce() throws {
        // Given an empty database
        let database = try AppDatabase.inMemory()
        // When the same exchange is posted twice with one token
        try database.appendAdvisorExchange(Self.exchange(), formToken: "token-1")
        let second = try database.appendAdvisorExchange(Self.exchange(), formToken: "token-1")
        // Then it is stored once, with advisor_request and advisor_reply
        guard case .duplicate = second else { Issue.record("expected a duplicate"); return }
        let messages = try database.advisorMessages()
        #expect(messages.map(\.role) == [.user, .advisor])
        #expect(messages[1].tokensIn == 3 && messages[1].tokensOut == 5 && messages[1].provider == "builtin")
        #expect(try database.eventCount(.advisorRequest) == 1)
        #expect(try database.eventCount(.advisorReply) == 1)
        let events = try database.events(limit: 2)
        #expect(events.contains { $0.properties == #"{"length":12,"topic":"budget"}"# })
        #expect(events.contains { $0.properties == #"{"ok":true,"provider":"builtin","tokensOut":5}"# })
        #expect(try database.advisorHasAnswered())
    }

    @Test("the daily count counts answered on-topic questions of that day; reset sets it to zero")
    func dailyCount() throws {
        let database = try AppDatabase.inMemory()
        try database.appendAdvisorExchange(Self.exchange(), formToken: "a")
        try database.appendAdvisorExchange(Self.exchange(counted: false), formToken: "b")
        try database.appendAdvisorExchange(Self.exchange(day: "2026-11-20"), formToken: "c")
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 1)
        try database.resetAdvisorCount(day: "2026-11-21", formToken: "d")
        #expect(try database.advisorAnsweredCount(day: "2026-11-21") == 0)
        #expect(try database.advisorAnsweredCount(day: "2026-11-20") == 1)
    }

    @Test("reset dialog hides messages, delete removes them")
    func resetAndDelete() throws {
        let database = try AppDatabase.inMemory()
        try database.appendAdvisorExchange(Self.exchange(), formToken: "a")
        try database.resetAdvisorDialog(formToken: "b")
        #expect(try database.advisorMessages().isEmpty)
        #expect(try database.allAdvisorMessages().count == 2)
        try database.deleteAdvisorHistory(formToken: "c")
        #expect(try database.allAdvisorMessages().isEmpty)
        #expect(try !database.advisorHasAnswered())
    }

    @Test("messages older than 180 days are removed on the next write")
    func retention() throws {
        // Given a message written 181 days ago
        var database = try AppDatabase.inMemory()
        let start = Date()
        database.now = { start.addingTimeInterval(-181 * 86_400) }
        try database.appendAdvisorExchange(Self.exchange(day: "2026-05-24"), formToken: "old")
        database.now = { start.addingTimeInterval(-179 * 86_400) }
        try database.appendAdvisorExchange(Self.exchange(day: "2026-05-26"), formToken: "recent")
        // When a new exchange is written today
        database.now = { start }
        try database.appendAdvisorExchange(Self.exchange(), formToken: "new")
        // Then only the old one is gone
        #expect(try database.allAdvisorMessages().map(\.day) == ["2026-05-26", "2026-05-26", "2026-11-21", "2026-11-21"])
    }

    @Test("the database refuses an empty or unknown message")
    func constraints() throws {
        let database = try AppDatabase.inMemory()
        var bad = Self.exchange()
        bad.messages[0].text = ""
        #expect(throws: StorageError.self) { try database.appendAdvisorExchange(bad, formToken: "x") }
        #expect(try database.allAdvisorMessages().isEmpty)
    }

    @Test("an exchange moves the version (the conversation page changes) but not the data version; a data write moves both")
    func dataVersion() throws {
        let database = try AppDatabase.inMemory()
        let (version, data) = (database.version, database.dataVersion)
        try database.appendAdvisorExchange(Self.exchange(), formToken: "a")
        #expect(database.version == version + 1 && database.dataVersion == data)
        try database.saveSettings(["currency": "USD"])
        #expect(database.version == version + 2 && database.dataVersion == data + 1)
    }
}
