import Engine
import Foundation
@testable import Storage
import Testing

// The insight cards' rephrasings (Storage/InsightRephrasings.swift): stored with the call's usage
// row in one transaction, once per form token; exported, imported and deleted with the household.

@Suite("Insight rephrasings' storage")
struct InsightRephrasingsTests {
    static let usage = AdvisorUsageCall(day: "2026-11-21", provider: "127.0.0.1:9", model: "gpt-4o-mini", tokensIn: 120, tokensOut: 30)

    @Test("a rephrasing is stored with its usage row once per form token, replaces the card's earlier one, and refuses oversized text")
    func save() throws {
        let database = try budgetDatabase()
        let form = token()
        let first = InsightRephrasing(period: "week", periodStart: "2026-11-15", language: "en", text: "You spent less.", model: "gpt-4o-mini")
        _ = try database.saveInsightRephrasing(first, usage: Self.usage, formToken: form)
        _ = try database.saveInsightRephrasing(first, usage: Self.usage, formToken: form)
        #expect(try database.insightRephrasings(language: "en") == [first])
        #expect(try database.advisorUsageByDay().first?.calls == 1, "a double submit writes once")
        var second = first
        second.text = "Spending fell."
        _ = try database.saveInsightRephrasing(second, usage: Self.usage, formToken: token())
        #expect(try database.insightRephrasings(language: "en") == [second])
        #expect(try database.insightRephrasings(language: "ru").isEmpty)
        var long = first
        long.text = String(repeating: "x", count: 1_001)
        #expect(throws: (any Error).self) { try database.saveInsightRephrasing(long, usage: Self.usage, formToken: token()) }
        #expect(try database.advisorUsageByDay().first?.calls == 2, "nothing of the refused write is kept")
    }

    @Test("rephrasings are exported, imported and deleted with the household")
    func exportImportDelete() throws {
        let database = try budgetDatabase()
        let stored = InsightRephrasing(period: "month", periodStart: "2026-11-01", language: "ru", text: "Расходы снизились.", model: "gpt-4o")
        _ = try database.saveInsightRephrasing(stored, usage: Self.usage, formToken: token())
        let tables = try database.exportTables()
        #expect(tables.first { $0.name == "insightRephrasing" }?.rows.count == 1)
        let imported = importTables(tables)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(imported, replacing: true, formToken: token())
        #expect(try other.insightRephrasings(language: "ru") == [stored])
        _ = try other.deleteAllData(formToken: token())
        #expect(try other.insightRephrasings(language: "ru").isEmpty)
    }
}
