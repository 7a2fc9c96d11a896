import Engine
import Foundation
import Testing
@testable import Storage

// The household's export, import and delete-all (Sources/Storage/Export.swift).

@Suite("Export and import")
struct ExportTests {
    @Test("the export leaves private tables out; importing it into an empty database gives the same export")
    func roundTrip() throws {
        let database = try budgetDatabase()
        _ = try database.addRecurring(rent, formToken: token()).value()
        _ = try database.addEntry(groceries, origin: .dataPage, formToken: token()).value()
        try database.setSecret("apiKey", "sk-1")
        let exported = try database.exportTables()
        #expect(exported.allSatisfy { !AppDatabase.privateTables.contains($0.name) })
        #expect(exported.first { $0.name == "entry" }?.rows.count == 1)
        let other = try budgetDatabase()
        #expect(try other.holdsNoData())
        _ = try other.restoreHousehold(importTables(exported), replacing: false, formToken: token()).value()
        let ignored: Set<String> = ["event", "setting"]
        #expect(try other.exportTables().filter { !ignored.contains($0.name) } == exported.filter { !ignored.contains($0.name) })
        #expect(try other.secret("apiKey") == nil)
        #expect(try other.eventCount(.dataImported) == 1)
    }

    @Test("an import into a household with data needs replacing; a wrong table, column or type is named and writes nothing")
    func problems() throws {
        let database = try budgetDatabase()
        _ = try database.addEntry(groceries, origin: .dataPage, formToken: token()).value()
        #expect(try !database.holdsNoData())
        #expect(throws: RestoreProblem(reason: .notEmpty)) {
            try database.restoreHousehold([], replacing: false, formToken: token())
        }
        #expect(throws: RestoreProblem(table: "nope", reason: .unknownTable)) {
            try database.restoreHousehold([BackupTable(name: "nope", rows: [])], replacing: true, formToken: token())
        }
        #expect(throws: RestoreProblem(table: "entry", row: 1, field: "colour", reason: .unknownColumn)) {
            try database.restoreHousehold([BackupTable(name: "entry", rows: [[("colour", .string("red"))]])], replacing: true, formToken: token())
        }
        #expect(throws: RestoreProblem(table: "entry", row: 1, field: "amount", reason: .wrongType(expected: "integer"))) {
            try database.restoreHousehold([BackupTable(name: "entry", rows: [[("amount", .string("ten"))]])], replacing: true, formToken: token())
        }
        #expect(try database.wholeHousehold().entries.map(\.name) == ["Groceries"])
    }

    @Test("delete-all leaves what a new install holds")
    func deleteAll() throws {
        let database = try budgetDatabase()
        _ = try database.addRecurring(rent, formToken: token()).value()
        _ = try database.addEntry(groceries, origin: .dataPage, formToken: token()).value()
        _ = try database.deleteAllData(formToken: token()).value()
        #expect(try database.holdsNoData())
        #expect(try database.eventCount(.dataDeleted) == 1)
    }

    @Test("delete-all leaves no deleted row readable in the database file or its log")
    func deleteAllScrubsTheFile() throws {
        let folder = NSTemporaryDirectory() + "finmind-delete-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/finmind.sqlite"
        let database = try AppDatabase(path: path)
        var secret = groceries
        secret.name = "Zqxj private pharmacy visit"
        for _ in 0..<50 { _ = try database.addEntry(secret, origin: .dataPage, formToken: token()).value() }
        func fileHolds(_ text: String) -> Bool {
            [path, path + "-wal"].contains { file in
                (FileManager.default.contents(atPath: file) ?? Data()).range(of: Data(text.utf8)) != nil
            }
        }
        #expect(fileHolds("Zqxj private"))
        _ = try database.deleteAllData(formToken: token()).value()
        #expect(try database.holdsNoData())
        #expect(!fileHolds("Zqxj private"))
    }
}
