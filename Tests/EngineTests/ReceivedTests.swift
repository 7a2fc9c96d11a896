import Testing
@testable import Engine

// Income actually received in a year (Sources/Engine/Received.swift).
@Suite("Income received")
struct ReceivedTests {
    private func entry(_ id: ID<Entry>, _ date: String, _ kind: FlowKind, _ amount: Int64, actual: Bool = true) -> Entry {
        Entry(id: id, date: day(date), kind: kind, name: "e\(id)", amount: money(amount), isActual: actual)
    }

    @Test("sums the actual income entries of the year only")
    func sumsActualIncomeOfTheYear() {
        let entries = [
            entry(1, "2026-01-01", .income, 1_000_00),
            entry(2, "2026-12-31", .income, 250_50),
            entry(3, "2026-06-15", .income, 9_999_00, actual: false),   // planned, not received
            entry(4, "2026-06-15", .expense, 500_00),                   // money out
            entry(5, "2025-12-31", .income, 7_00),                      // the year before
            entry(6, "2027-01-01", .income, 8_00),                      // the year after
        ]
        #expect(actualIncomeReceived(entries, year: 2026) == money(1_250_50))
        #expect(actualIncomeReceived(entries, year: 2025) == money(7_00))
        #expect(actualIncomeReceived(entries, year: 2024) == .zero)
    }

    @Test("a sum past the 64-bit range is nil, not a wrong figure")
    func overflowIsNil() {
        let entries = [entry(1, "2026-03-01", .income, Int64.max), entry(2, "2026-04-01", .income, 1)]
        #expect(actualIncomeReceived(entries, year: 2026) == nil)
        #expect(actualIncomeReceived([entries[0]], year: 2026) == money(Int64.max))
    }
}
