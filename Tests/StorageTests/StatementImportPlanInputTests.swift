import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// What the match plan is decided from: stored keys, typed entries, planned occurrences
// (Sources/Storage/StatementImportPlanInput.swift); the helpers are in StatementImportsTests.swift.

@Suite("Statement import plan input")
struct StatementImportPlanInputTests {
    @Test("the same file twice adds nothing; an overlapping statement adds only its new rows; identical fares stay two")
    func deduplication() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let first = ["2026-05-01,-65.00,Tram", "2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"]
        try database.importLines(first, account: account)
        #expect(try database.entryCount() == 3)
        let (again, outcome) = try database.importLines(first, account: account)
        #expect(outcome == .committed(new: 0, linked: 0, skipped: 3))
        #expect(try database.importRows(batchID: again).allSatisfy { $0.status == .duplicate && $0.seenInBatch == 1 })
        #expect(try database.entryCount() == 3)
        try database.importLines(first + ["2026-05-01,-65.00,Tram", "2026-05-03,-5.00,Kiosk"], account: account)
        #expect(try database.entryCount() == 5)
    }

    @Test("a typed entry within ±3 days is linked (actual, cleared, in the account, its name kept) and undo puts it back")
    func linkTyped() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let typed = try database.addEntry(NewEntry(date: day("2026-05-04"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 25000),
                                                   category: "food", isActual: false, plannedAmount: Money(minorUnits: 25000)),
                                          origin: .calendar, formToken: token()).value()
        let batch = try database.preview(["2026-05-02,-250.00,COFFEE HOUSE"], account: account)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .link && rows[0].linkEntryID == typed && rows[0].choice == .link && rows[0].matchName == "Coffee")
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .committed(new: 0, linked: 1, skipped: 0))
        let linked = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry WHERE id = :id", arguments: ["id": typed])! }
        #expect(linked["isActual"] as Bool == true)
        #expect(linked["cleared"] as Bool == true)
        #expect(linked["accountID"] as ID<Account>? == account)
        #expect(linked["name"] as String == "Coffee")
        #expect(try database.entryCount() == 1)
        // Linked keys count: the same statement again is a duplicate, not a second link.
        #expect(try database.importRows(batchID: database.preview(["2026-05-02,-250.00,COFFEE HOUSE"], account: account))[0].status == .duplicate)
        _ = try database.undoImport(batchID: batch, formToken: token()).value()
        let restored = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry WHERE id = :id", arguments: ["id": typed])! }
        #expect(restored["isActual"] as Bool == false)
        #expect(restored["cleared"] as Bool == false)
        #expect(restored["accountID"] as Int64? == nil)
        #expect(try database.entryCount() == 1)
    }

    @Test("a monthly rent within 10 % and ±3 days confirms the occurrence as actual with the bank's amount")
    func confirmRecurring() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let rent = try database.addRecurring(NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 5_000_000), periodicity: .monthly,
                                                              start: day("2026-01-03"), category: "housing"), formToken: token()).value()
        let batch = try database.preview(["2026-05-05,-52000.00,LANDLORD LLC"], account: account)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .confirm && rows[0].matchName == "Rent" && rows[0].matchDate == day("2026-05-03"))
        _ = try database.commitImport(batchID: batch, context: importContext, formToken: token()).value()
        let entry = try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM entry")! }
        #expect(entry["confirmsRecurringID"] as ID<RecurringItem>? == rent)
        #expect(entry["confirmsDate"] as String? == "2026-05-03")
        #expect(entry["amount"] as Int64 == 5_200_000)
        #expect(entry["category"] as String? == "housing")
        #expect(entry["accountID"] as ID<Account>? == account)
        #expect(entry["isActual"] as Bool == true)
    }
}
