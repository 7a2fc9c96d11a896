import Engine
import Foundation
import Testing
@testable import Storage

// The ledger's one-pass page and totals (Sources/Storage/LedgerSearch.swift).

@Suite("Ledger search")
struct LedgerSearchTests {
    @Test("with text, the one-pass page and totals equal the plain queries, page by page both ways")
    func searchOnePass() throws {
        let database = try budgetDatabase()
        for index in 0..<130 {
            try LedgerTests.insert(database, date: index % 3 == 0 ? "2026-06-06" : String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 27),
                            name: index % 4 == 0 ? "Кофе \(index)" : "КОФЕЙНЯ \(index)", amount: 100 + Int64(index), income: index % 5 == 0,
                            category: "food", note: index % 7 == 0 ? "кофе с собой" : "")
        }
        try LedgerTests.insert(database, date: "2026-06-07", name: "Чай", amount: 100)
        for filter in [LedgerFilter(text: "кофе"), LedgerFilter(text: "КОФЕЙН", kind: .expense), LedgerFilter(text: "с собой", from: day("2026-03-01"))] {
            var position = LedgerPosition.newest
            var pages: [LedgerPage] = []
            while true {
                let (page, totals) = try database.ledger(filter, at: position, limit: 20)
                #expect(page == (try database.ledgerPage(filter, at: position, limit: 20)))
                #expect(totals == (try database.ledgerTotals(filter)))
                pages.append(page)
                guard let older = page.older else { break }
                position = .olderThan(older)
            }
            #expect(pages.flatMap(\.rows).count == (try database.ledgerTotals(filter)).count)
            var back = pages.last!
            while let newer = back.newer {
                let (page, _) = try database.ledger(filter, at: .newerThan(newer), limit: 20)
                #expect(page == (try database.ledgerPage(filter, at: .newerThan(newer), limit: 20)))
                back = page
            }
            #expect(back == pages.first)
            let end = LedgerCursor(date: day("1999-01-01"), id: 1)
            #expect(try database.ledger(filter, at: .olderThan(end)).page == database.ledgerPage(filter, at: .olderThan(end)))
        }
    }

    @Test("the totals with the names a text matches: the plain totals, names grouped in any ASCII case, most used first")
    func totalsWithNames() throws {
        let database = try LedgerTests.ubers()
        try LedgerTests.insert(database, date: "2026-11-06", name: "Lyft", amount: 9_00, category: "transport", note: "not uber")
        for filter in [LedgerFilter(text: "uber", kind: .expense, isActual: true), LedgerFilter(text: "UBER", category: .key("transport")),
                       LedgerFilter(text: "eats", kind: .expense), LedgerFilter(text: "nothing")] {
            let (totals, _) = try database.ledgerTotals(filter, names: 4)
            #expect(totals == (try database.ledgerTotals(filter)))
        }
        // "Uber" and "uber" are one name, spelt the least way in byte order; two uses before one; a note's match counts its name.
        #expect(try database.ledgerTotals(LedgerFilter(text: "uber", kind: .expense, isActual: true), names: 4).names == ["Uber", "Lyft", "Uber Eats"])
        #expect(try database.ledgerTotals(LedgerFilter(text: "uber", kind: .expense, isActual: true), names: 1).names == ["Uber"])
        #expect(try database.ledgerTotals(LedgerFilter(kind: .expense), names: 4).names == [])
    }
}
