import Engine
import Foundation
@testable import Storage
import Testing

// The Challenge's tables (Storage/Challenge.swift): the draft, the +5 % refusal rolling back,
// saving, and export / import / delete-all of every new table.

@Suite("The Challenge's storage")
struct ChallengeStorageTests {
    private let date = day("2026-11-21")

    @Test("items are a draft until saved; beyond +5 % the write is refused and rolled back; deleting the last item unsaves the day")
    func draftSaveRefuse() throws {
        let database = try budgetDatabase()
        let budget = Money(minorUnits: 5_00)
        _ = try database.addChallengeItem(ChallengeItem(date: date, title: "Coffee", amount: Money(minorUnits: 3_00)), budget: budget, formToken: token())
        #expect(try database.challengeStored().filled.isEmpty)
        #expect(throws: ChallengeError.overAllowance(Money(minorUnits: 1))) {
            try database.addChallengeItem(ChallengeItem(date: date, title: "Cake", amount: Money(minorUnits: 2_26)), budget: budget, formToken: token())
        }
        #expect(try database.challengeItems(on: date).map(\.title) == ["Coffee"])
        let saved = try database.saveChallengeDay(date, currency: "USD", budget: budget, formToken: token()).value()
        #expect(saved.total == Money(minorUnits: 3_00))
        // A saved day's total follows an added item.
        _ = try database.addChallengeItem(ChallengeItem(date: date, title: "Tea", amount: Money(minorUnits: 1_00)), budget: budget, formToken: token())
        #expect(try database.challengeStored().filled.first?.total == Money(minorUnits: 4_00))
        for item in try database.challengeItems(on: date) {
            _ = try database.deleteChallengeItem(id: item.id, date: date, formToken: token())
        }
        #expect(try database.challengeStored().filled.isEmpty)
        #expect(throws: ChallengeError.itemNotFound) {
            try database.saveChallengeDay(date, currency: "USD", budget: budget, formToken: token())
        }
    }

    @Test("every game table is exported, imported and deleted with the household")
    func exportImportDelete() throws {
        let database = try budgetDatabase()
        _ = try database.addChallengeItem(ChallengeItem(date: date, title: "Coffee", amount: Money(minorUnits: 3_00), category: "Mine"),
                                          budget: Money(minorUnits: 5_00), formToken: token())
        _ = try database.saveChallengeDay(date, currency: "USD", budget: Money(minorUnits: 5_00), formToken: token())
        _ = try database.addChallengeCategory("Mine", formToken: token())
        _ = try database.saveChallengeSettings(["challenge.currency": "USD"], rates: ["USD>RUB": 92_500_000],
                                               switchTo: ChallengeCurrencySwitch(effective: date, from: "USD", to: "RUB", ratePerMillion: 92_500_000),
                                               formToken: token())
        // challengeRestart is no longer written ("celebrate and stop" is gone); an older export's row still imports.
        try database.write { db in try db.execute(sql: "INSERT INTO challengeRestart (date) VALUES (?)", arguments: [date.iso]) }
        _ = try database.checkIn(on: date, formToken: token())
        try database.rememberAchievements(["game_perfect_day"], on: date)
        let tables = try database.exportTables()
        let names = Set(tables.filter { !$0.rows.isEmpty }.map(\.name))
        let game: Set = ["challengeDay", "challengeItem", "challengeCategory", "challengeSwitch", "challengeRestart", "fxRate",
                         "checkIn", "achievement"]
        #expect(game.isSubset(of: names))
        let imported = importTables(tables)
        let other = try budgetDatabase()
        _ = try other.restoreHousehold(imported, replacing: true, formToken: token())
        #expect(try other.challengeStored().filled.count == 1)
        #expect(try other.fxRates() == ["USD>RUB": 92_500_000])
        #expect(try other.achievementRecords().map(\.id) == ["game_perfect_day"])
        _ = try other.deleteAllData(formToken: token())
        let left = Set(try other.exportTables().filter { !$0.rows.isEmpty }.map(\.name))
        #expect(left.isDisjoint(with: game))
    }
}
