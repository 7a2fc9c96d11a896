import Engine
import Foundation
import GRDB
import Statements
import Testing
@testable import Storage

// Splits' storage (Storage/EntryParts.swift): an expense's parts, kept consistent with the
// entry, exported, imported and deleted with the household, counted by the ledger in their own
// categories, and written by a QIF import's split rows.

/// A 42.50 supermarket receipt on 2026-03-14: 30.00 food + 12.50 clothing once split.
private let receipt = NewEntry(date: day("2026-03-14"), kind: .expense, name: "Supermarket", amount: Money(minorUnits: 42_50),
                               category: "food", isActual: true)
private let receiptParts = [EntryPart(category: "food", amount: Money(minorUnits: 30_00)),
                            EntryPart(category: "clothing", amount: Money(minorUnits: 12_50))]

@Suite("Splits' storage")
struct EntryPartsTests {
    /// A database with the receipt split, and the receipt's id.
    private func splitReceipt() throws -> (AppDatabase, ID<Entry>) {
        let database = try budgetDatabase()
        let id = try database.addEntry(receipt, origin: .dataPage, formToken: token()).value()
        _ = try database.splitEntry(id: id, parts: receiptParts, formToken: token())
        return (database, id)
    }

    @Test("a split is stored in order, read back with the entry, and removed")
    func splitAndRemove() throws {
        let (database, id) = try splitReceipt()
        #expect(try database.entryParts(id: id) == receiptParts)
        #expect(try database.storedEntry(id: id)?.entry.parts == receiptParts)
        #expect(try database.wholeHousehold().entries.first { $0.id == id }?.parts == receiptParts)
        _ = try database.removeSplit(id: id, formToken: token())
        #expect(try database.entryParts(id: id).isEmpty)
        #expect(try database.storedEntry(id: id)?.entry.category == "food")
    }

    @Test("a split that does not add up, has one part, names no category or is of an income is refused and changes nothing")
    func refusals() throws {
        let (database, id) = try splitReceipt()
        let food = { (minor: Int64) in EntryPart(category: "food", amount: Money(minorUnits: minor)) }
        #expect(throws: EntrySplitError.sumDiffers(entry: Money(minorUnits: 42_50), parts: Money(minorUnits: 42_00))) {
            try database.splitEntry(id: id, parts: [food(30_00), food(12_00)], formToken: token())
        }
        #expect(throws: EntrySplitError.partCount) { try database.splitEntry(id: id, parts: [food(42_50)], formToken: token()) }
        #expect(throws: EntrySplitError.partCount) {
            try database.splitEntry(id: id, parts: Array(repeating: food(1), count: 11), formToken: token())
        }
        #expect(throws: EntrySplitError.unknownCategory) {
            try database.splitEntry(id: id, parts: [food(30_00), EntryPart(category: "nope", amount: Money(minorUnits: 12_50))], formToken: token())
        }
        let income = try database.addEntry(NewEntry(date: day("2026-03-14"), kind: .income, name: "Refund", amount: Money(minorUnits: 42_50),
                                                    category: nil, isActual: true), origin: .dataPage, formToken: token()).value()
        #expect(throws: EntrySplitError.notSplittable) { try database.splitEntry(id: income, parts: receiptParts, formToken: token()) }
        #expect(throws: StorageError.notFound) { try database.splitEntry(id: 999, parts: receiptParts, formToken: token()) }
        #expect(try database.entryParts(id: id) == receiptParts)
    }

    @Test("a new amount or category removes the split; a new name keeps it; deleting for good removes the parts")
    func consistency() throws {
        let (database, id) = try splitReceipt()
        var renamed = receipt
        renamed.name = "Supermarket (Saturday)"
        _ = try database.updateEntry(id: id, renamed, formToken: token())
        #expect(try database.entryParts(id: id) == receiptParts)
        var dearer = renamed
        dearer.amount = Money(minorUnits: 50_00)
        _ = try database.updateEntry(id: id, dearer, formToken: token())
        #expect(try database.entryParts(id: id).isEmpty)

        _ = try database.splitEntry(id: id, parts: [EntryPart(category: "food", amount: Money(minorUnits: 40_00)),
                                                    EntryPart(category: "health", amount: Money(minorUnits: 10_00))], formToken: token())
        _ = try database.delete(.entry(id), formToken: token())
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entryPart") } == 2, "kept for the undo")
        try database.write { db in try db.execute(sql: "DELETE FROM entry WHERE id = ?", arguments: [id]) }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entryPart") } == 0)
    }

    @Test("a category a part uses cannot be removed")
    func categoryInUse() throws {
        let database = try budgetDatabase()
        let pets = try database.addCategory(name: "Pets", formToken: token()).value()
        let id = try database.addEntry(receipt, origin: .dataPage, formToken: token()).value()
        _ = try database.splitEntry(id: id, parts: [EntryPart(category: "food", amount: Money(minorUnits: 30_00)),
                                                    EntryPart(category: pets, amount: Money(minorUnits: 12_50))], formToken: token())
        #expect(throws: StorageError.categoryInUse) { try database.removeCategory(key: pets, formToken: token()) }
    }

    @Test("parts are exported, imported with the same values and emptied by delete-all")
    func exportImportDelete() throws {
        let (database, id) = try splitReceipt()
        let tables = try database.exportTables()
        #expect(tables.first { $0.name == "entryPart" }?.rows.count == 2)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(importTables(tables), replacing: true, formToken: token())
        #expect(try other.entryParts(id: id) == receiptParts)
        #expect(try other.ledgerTotals(LedgerFilter(category: .key("clothing"))).expense == Money(minorUnits: 12_50))
        _ = try other.deleteAllData(formToken: token())
        #expect(try other.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entryPart") } == 0)
    }

    @Test("a backup whose parts do not add up to their entry's amount is refused and changes nothing")
    func restoreRefusesBrokenSplit() throws {
        let (database, _) = try splitReceipt()
        var tables = try database.exportTables()
        let index = try #require(tables.firstIndex { $0.name == "entryPart" })
        let amount = try #require(tables[index].columns.firstIndex(of: "amount"))
        tables[index].rows[1][amount] = .integer(12_00)
        let other = try budgetDatabase()
        #expect(throws: RestoreProblem.self) { try other.restoreHousehold(importTables(tables), replacing: true, formToken: token()) }
        #expect(try other.entryCount() == 0)
    }

    @Test("the ledger counts each part in its category: the filter lists the entry at the part's amount, totals by month and by scan agree",
          arguments: [(from: "2026-03-01", through: "2026-03-31"), (from: "2026-03-10", through: "2026-03-20"), (from: "2026-01-01", through: "2026-12-31")])
    func ledgerCountsParts(from: String, through: String) throws {
        let (database, id) = try splitReceipt()
        _ = try database.addEntry(groceries, origin: .dataPage, formToken: token())  // 3 210.50 food, the same month
        func filter(_ category: String) -> LedgerFilter {
            LedgerFilter(category: .key(category), from: day(from), through: day(through))
        }
        for monthly in [true, false] {
            let food = try database.ledgerTotals(filter("food"), monthly: monthly)
            #expect(food.count == 2 && food.expense == Money(minorUnits: 3_210_50 + 30_00), "monthly: \(monthly)")
            let clothing = try database.ledgerTotals(filter("clothing"), monthly: monthly)
            #expect(clothing.count == 1 && clothing.expense == Money(minorUnits: 12_50), "monthly: \(monthly)")
            let all = try database.ledgerTotals(LedgerFilter(from: day(from), through: day(through)), monthly: monthly)
            #expect(all.count == 2 && all.expense == Money(minorUnits: 3_210_50 + 42_50), "monthly: \(monthly)")
        }
        let page = try database.ledgerPage(filter("clothing"), at: .newest)
        #expect(page.rows.map(\.id) == [id])
        #expect(page.rows.first?.amount == Money(minorUnits: 12_50))
        #expect(page.rows.first?.parts == receiptParts)
        #expect(try database.ledgerLargest(filter("clothing"))?.amount == Money(minorUnits: 12_50))
        let searched = try database.ledger(LedgerFilter(text: "Supermarket", category: .key("clothing")), at: .newest)
        #expect(searched.totals.expense == Money(minorUnits: 12_50) && searched.page.rows.first?.amount == Money(minorUnits: 12_50))
        #expect(try database.ledgerTotals(filter("health")).count == 0)
    }

    @Test("a QIF split imports as one entry with its parts: each split's category mapped, one the file names nowhere in the row's category")
    func qifSplitsImport() throws {
        let database = try budgetDatabase()
        let account = try seedAccount(database)
        let household = try database.addCategory(name: "Household", formToken: token()).value()
        let qif = """
            !Type:Bank
            D03/14/2026
            T-42.50
            PSHOP 17
            SGroceries
            $-30.00
            SHousehold
            $-10.00
            SZzyzx
            $-2.50
            ^
            D03/15/2026
            T-5.00
            PKIOSK
            ^
            """
        let bytes = Array(qif.utf8)
        let parsed = try StatementParser.parse(bytes, options: ParseOptions(today: day("2026-05-28"), currency: "RUB", prefersDayFirst: false))
        let batch = try database.createImportPreview(NewStatementImport(accountID: account, fileName: "s.qif", fileHash: String(repeating: "b", count: 64),
                                                                        bytes: bytes, parsed: parsed), context: importContext, formToken: token()).value()
        let staged = try database.importRows(batchID: batch)
        #expect(staged[0].category == nil)
        #expect(staged[0].parts.map(\.category) == ["food", household, "other"])
        #expect(staged[0].parts.map(\.amount.minorUnits) == [30_00, 10_00, 2_50])
        #expect(staged[1].parts.isEmpty)
        _ = try database.commitImport(batchID: batch, context: importContext, formToken: token())
        let split = try #require(try database.ledgerPage(LedgerFilter(text: "SHOP 17"), at: .newest).rows.first)
        #expect(split.amount == Money(minorUnits: 42_50) && split.parts.map(\.amount.minorUnits) == [30_00, 10_00, 2_50])
        #expect(try database.ledgerTotals(LedgerFilter(category: .key(household))).expense == Money(minorUnits: 10_00))
        // Undo removes the entries and so their parts.
        _ = try database.undoImport(batchID: batch, formToken: token())
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entryPart") } == 0)
    }

    @Test("splits that do not share the total's sign import whole")
    func mixedSignsImportWhole() {
        let splits = [StatementSplit(category: "Food", amount: -50_00), StatementSplit(category: "Deposit back", amount: 7_50)]
        #expect(PayeeCategories.splitParts(splits, total: -42_50, most: 10, names: [:], allowed: ["food"]) == nil)
    }
}
