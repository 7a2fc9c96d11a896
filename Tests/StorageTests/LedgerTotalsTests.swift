import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

/// The ledger's footer totals (Sources/Storage/LedgerTotals.swift); the entries are written by
/// `LedgerTests.insert`.
@Suite("Ledger totals")
struct LedgerTotalsTests {
    @Test("the monthly sums give the same totals as reading every entry, through every kind of write")
    func monthlySums() throws {
        let clock = TestClock()
        let database = try budgetDatabase(clock: clock)
        let card = try LedgerTests.account(database, "Card")
        var ids: [ID<Entry>] = []
        let days = ["2026-01-01", "2026-01-15", "2026-01-31", "2026-02-01", "2026-02-14", "2026-02-28", "2026-03-01", "2026-03-31", "2026-04-02"]
        for (index, date) in days.enumerated() {
            ids.append(try LedgerTests.insert(database, date: date, name: "E\(index)", amount: 100 * Int64(index + 1), income: index % 3 == 0,
                                       category: index % 2 == 0 ? "other" : "food", actual: index % 4 != 1,
                                       account: index % 2 == 0 ? card : nil, transferGroup: index == 4 ? 5 : nil))
        }
        _ = try database.recategorise([ids[1], ids[2]], category: "health", formToken: token())
        _ = try database.assignAccount([ids[1], ids[3]], account: card, formToken: token())
        let deleted = try database.deleteEntries([ids[5], ids[6]], formToken: token()).value()
        _ = try database.undoDeleteEntries(batch: deleted.deletionBatch, formToken: token())
        _ = try database.deleteEntries([ids[7]], formToken: token())
        clock.advance(minutes: 11)
        _ = try database.delete(.entry(ids[8]), formToken: token())  // purges ids[7] first
        try database.write { db in try db.execute(sql: "UPDATE entry SET date = '2026-05-05', amount = 7 WHERE id = ?", arguments: [ids[0]]) }

        let bounds: [Day?] = [nil, day("2026-01-01"), day("2026-01-15"), day("2026-01-31"), day("2026-02-01"), day("2026-02-28"),
                              day("2026-03-02"), day("2026-05-31")]
        var checked = 0
        for from in bounds {
            for through in bounds {
                for filter in [LedgerFilter(), LedgerFilter(account: .id(card)), LedgerFilter(account: LedgerFilter.AccountChoice.none),
                               LedgerFilter(category: .uncategorised), LedgerFilter(category: .key("health")), LedgerFilter(kind: .income),
                               LedgerFilter(kind: .expense), LedgerFilter(kind: .transfer), LedgerFilter(isActual: false)] {
                    var filter = filter
                    filter.from = from
                    filter.through = through
                    #expect(try database.ledgerTotals(filter, monthly: true) == database.ledgerTotals(filter, monthly: false),
                            "\(filter)")
                    checked += 1
                }
            }
        }
        #expect(checked == 576)
        #expect(try database.ledgerTotals(LedgerFilter()).count == 7)
    }
}
