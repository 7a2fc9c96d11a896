import Engine
import Foundation
@testable import Storage

// MARK: - Helpers for the budget storage tests

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_780_000_000)

    var now: Date { lock.lock(); defer { lock.unlock() }; return current }

    func advance(minutes: Double) { lock.lock(); current += minutes * 60; lock.unlock() }
}

/// An empty in-memory database on a test clock.
func budgetDatabase(clock: TestClock = TestClock()) throws -> AppDatabase {
    var database = try AppDatabase.inMemory()
    database.now = { clock.now }
    return database
}

/// A date literal the tests know to be valid.
func day(_ iso: String) -> Day { Day(iso: iso)! }

/// A fresh form token.
func token() -> String { UUID().uuidString }

/// A 64-character stand-in for a token's SHA-256 hex, as the session and feed tables require.
func tokenHash(_ name: String) -> String { String(repeating: "0", count: 64 - name.count) + name }

extension WriteOutcome {
    /// The written value; throws when the write was a duplicate.
    func value() throws -> T {
        guard case .written(let value) = self else { throw Duplicate() }
        return value
    }

    var isDuplicate: Bool { if case .duplicate = self { true } else { false } }
}

struct Duplicate: Error {}

// MARK: - Sample values

let salary = NewRecurringItem(kind: .income, name: "Salary", amount: Money(minorUnits: 150_000_00),
                              periodicity: .monthly, start: day("2026-01-31"))
let rent = NewRecurringItem(kind: .expense, name: "Rent", amount: Money(minorUnits: 40_000_00),
                            periodicity: .monthly, start: day("2026-01-05"), end: day("2026-12-05"), category: "housing")
let phone = NewDebt(name: "Phone", paymentDay: 10, kind: .paymentOnly(monthlyPayment: Money(minorUnits: 2_500_00)))
let mortgage = NewDebt(name: "Mortgage", paymentDay: 31, kind: .loan(Loan(
    balance: Money(minorUnits: 3_000_000_00), asOf: day("2026-03-01"), apr: APR(hundredths: 1499),
    termMonths: 240, graceMonths: 2, minimumPayment: Money(minorUnits: 40_000_00))))
let car = NewGoal(name: "Car", target: Money(minorUnits: 1_000_000_00), saved: Money(minorUnits: 50_000_00),
                  deadline: day("2028-06-30"), priority: 3)
let groceries = NewEntry(date: day("2026-03-14"), kind: .expense, name: "Groceries", amount: Money(minorUnits: 3_210_50),
                         category: "food", isActual: true, note: "market")

extension AppDatabase {
    /// The household with default settings and entries of 1900…2199.
    func wholeHousehold() throws -> Household {
        try household(settings: PlanSettings(), entriesFrom: day("1900-01-01"), through: day("2199-12-31"))
    }

    /// Row counts of every budget table plus events, to show that nothing changed.
    func budgetCounts() throws -> [Int] {
        try read { db in
            try ["recurringItem", "debt", "goal", "entry", "category", "event"].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1
            } + [Int.fetchOne(db, sql: "SELECT saved FROM emergencyFund") ?? -1]
        }
    }
}

/// An export read back as the import's tables (what the JSON round trip gives), for the tests
/// that check export, import and delete-all cover a table.
func importTables(_ tables: [ExportTable]) -> [BackupTable] {
    tables.map { table in
        BackupTable(name: table.name, rows: table.rows.map { row in
            zip(table.columns, row).map { column, value -> (String, BackupValue) in
                switch value {
                case .null: (column, .null)
                case .integer(let number): (column, .integer(number))
                case .text(let text): (column, .string(text))
                case .blob: (column, .other("blob"))
                }
            }
        })
    }
}
