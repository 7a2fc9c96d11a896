import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// The user's choices on staged rows (Sources/Storage/StatementImportChoices.swift); the helpers
// are in StatementImportsTests.swift.

@Suite("Statement import choices")
struct StatementImportChoicesTests {
    @Test("'import separately' makes a new entry and leaves the typed one alone")
    func importSeparately() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        _ = try database.addEntry(NewEntry(date: day("2026-05-02"), kind: .expense, name: "Coffee", amount: Money(minorUnits: 25000),
                                           category: "food", isActual: true), origin: .calendar, formToken: token())
        let batch = try database.preview(["2026-05-02,-250.00,Coffee"], account: account)
        let outcome = try database.commitImport(batchID: batch, choices: [0: (.importRow, nil)], context: importContext, formToken: token()).value()
        #expect(outcome == .committed(new: 1, linked: 0, skipped: 0))
        #expect(try database.entryCount() == 2)
    }

    @Test("when the plan changed, the user's choices stay on the rows whose decision did not")
    func choicesSurviveReplan() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let batch = try database.preview(["2026-05-01,-65.00,Tram", "2026-05-02,-10.00,Cafe"], account: account)
        _ = try database.saveImportChoices(batchID: batch, [1: (.importRow, "health")], formToken: token())
        try database.importLines(["2026-05-01,-65.00,Tram"], account: account)
        #expect(try database.commitImport(batchID: batch, context: importContext, formToken: token()).value() == .planChanged)
        let rows = try database.importRows(batchID: batch)
        #expect(rows[0].status == .duplicate)
        #expect(rows[1].category == "health" && rows[1].categorySource == "user")
    }
}
