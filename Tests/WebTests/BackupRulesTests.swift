import Engine
import Testing
@testable import Storage
@testable import Web

// The imported rows checked as the forms check them (Sources/Web/Features/Settings/BackupRules.swift).

@Suite("Import rules")
struct BackupRulesTests {
    static let today = Day(iso: "2026-11-21")!
    static let t = Translations(.en)

    static func categories(_ rows: [[(String, BackupValue)]]) -> Result<[BackupTable], RestoreProblem> {
        BackupRules.checked([BackupTable(name: "category", rows: rows)], today: today, t: t)
    }

    static func problem(_ result: Result<[BackupTable], RestoreProblem>) -> RestoreProblem? {
        if case .failure(let problem) = result { problem } else { nil }
    }

    @Test("a user category's name is stored as the form stores it: trimmed; built-ins keep no name")
    func normalised() throws {
        let result = Self.categories([[("key", .string("food")), ("name", .null)], [("key", .string("custom-7")), ("name", .string("  Pets "))]])
        let tables = try result.get()
        #expect(tables == [BackupTable(name: "category", rows: [[("key", .string("food")), ("name", .null)],
                                                                  [("key", .string("custom-7")), ("name", .string("Pets"))]])])
    }

    @Test("a key the app never makes, a named built-in, or a name taken in any case is refused with its row and column")
    func refused() {
        let badKey = Self.problem(Self.categories([[("key", .string("custom-007")), ("name", .string("Pets"))]]))
        #expect(badKey?.table == "category" && badKey?.row == 1 && badKey?.field == "key")
        let namedBuiltIn = Self.problem(Self.categories([[("key", .string("food")), ("name", .string("Food!"))]]))
        #expect(namedBuiltIn?.row == 1 && namedBuiltIn?.field == "name")
        let taken = Self.problem(Self.categories([[("key", .string("custom-1")), ("name", .string("Pets"))],
                                                  [("key", .string("custom-2")), ("name", .string("PETS"))]]))
        #expect(taken?.row == 2 && taken?.field == "name")
        #expect(taken?.reason == .refused(Self.t.format("flash_category_exists", ["name": "PETS"])))
        let empty = Self.problem(Self.categories([[("key", .string("custom-3")), ("name", .string("   "))]]))
        #expect(empty?.field == "name" && empty?.reason == .refused(Self.t["validation_required"]))
    }

    @Test("an entry goes through its form: a name of 81 characters is refused on the name column")
    func entryThroughItsForm() {
        let row: [(String, BackupValue)] = [("name", .string(String(repeating: "x", count: 81))), ("kind", .string("expense")),
                                            ("amount", .integer(100)), ("date", .string("2026-11-20")), ("category", .string("food")),
                                            ("note", .string("")), ("isActual", .integer(1))]
        let problem = Self.problem(BackupRules.checked([BackupTable(name: "entry", rows: [row])], today: Self.today, t: Self.t))
        #expect(problem?.table == "entry" && problem?.row == 1 && problem?.field == "name")
    }
}
