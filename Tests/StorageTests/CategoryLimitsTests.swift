import Engine
import Foundation
import Testing
@testable import Storage

@Suite("Category limits: storage, notices and events")
struct CategoryLimitsTests {
    private func limit(_ category: String = "food", _ period: LimitPeriod = .month, _ amount: Int64 = 20_000_00,
                       threshold: Int = 80) -> CategoryLimit {
        CategoryLimit(category: category, period: period, amount: Money(minorUnits: amount), threshold: threshold)
    }

    @Test("add, read in category order, update, delete; one limit per category and period")
    func crud() throws {
        let database = try AppDatabase.inMemory()
        guard case .written(let food) = try database.addCategoryLimit(limit(), formToken: "a") else { Issue.record("not written"); return }
        _ = try database.addCategoryLimit(limit("housing", .week, 5_000_00, threshold: 50), formToken: "b")
        _ = try database.addCategoryLimit(limit("food", .day, 1_000_00), formToken: "c")
        #expect(try database.categoryLimits().map { "\($0.category) \($0.period.rawValue)" } == ["food day", "food month", "housing week"])
        #expect(throws: LimitError.duplicate) { try database.addCategoryLimit(limit(), formToken: "d") }
        #expect(throws: LimitError.unknownCategory) { try database.addCategoryLimit(limit("nope"), formToken: "e") }
        // The same form token writes nothing twice.
        guard case .duplicate = try database.addCategoryLimit(limit("transport"), formToken: "a") else { Issue.record("written twice"); return }
        _ = try database.updateCategoryLimit(id: food, limit("food", .month, 25_000_00, threshold: 90), formToken: "f")
        #expect(try database.categoryLimit(id: food)?.amount == Money(minorUnits: 25_000_00))
        #expect(try database.categoryLimit(id: food)?.threshold == 90)
        _ = try database.deleteCategoryLimit(id: food, formToken: "g")
        #expect(try database.categoryLimit(id: food) == nil)
        #expect(throws: StorageError.notFound) { try database.deleteCategoryLimit(id: food, formToken: "h") }
        #expect(try database.categoryLimits().count == 2)
    }

    @Test("the database refuses a threshold outside 50…100 and a zero amount")
    func checks() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: (any Error).self) { try database.addCategoryLimit(limit(threshold: 49), formToken: "a") }
        #expect(throws: (any Error).self) { try database.addCategoryLimit(limit(threshold: 101), formToken: "b") }
        #expect(throws: (any Error).self) { try database.addCategoryLimit(limit("food", .month, 0), formToken: "c") }
        #expect(try database.categoryLimits().isEmpty)
    }

    @Test("a level is noted and its event logged once per period; dismissing hides it")
    func noticesOncePerPeriod() throws {
        let database = try AppDatabase.inMemory()
        let march = Day(year: 2026, month: 3, day: 1)!, april = Day(year: 2026, month: 4, day: 1)!
        let warning = LimitNotice(category: "food", period: .month, periodStart: march, level: .warning)
        #expect(try database.noteLimitLevels([warning]) == [warning])
        #expect(try database.noteLimitLevels([warning]).isEmpty)
        #expect(try database.eventCount(.limitWarning) == 1)
        let exceeded = LimitNotice(category: "food", period: .month, periodStart: march, level: .exceeded)
        #expect(try database.noteLimitLevels([warning, exceeded]) == [exceeded])
        #expect(try database.eventCount(.limitExceeded) == 1)
        // Next month: again once.
        #expect(try database.noteLimitLevels([LimitNotice(category: "food", period: .month, periodStart: april, level: .warning)]).count == 1)
        #expect(try database.eventCount(.limitWarning) == 2)
        // An ok level is never noted; an unknown category neither.
        #expect(try database.noteLimitLevels([LimitNotice(category: "food", period: .day, periodStart: march, level: .ok),
                                              LimitNotice(category: "nope", period: .day, periodStart: march, level: .warning)]).isEmpty)
        #expect(try database.limitNotices(since: march).filter(\.dismissed).isEmpty)
        _ = try database.dismissLimitNotice(warning, formToken: "x")
        _ = try database.dismissLimitNotice(LimitNotice(category: "food", period: .week, periodStart: Day(year: 2026, month: 3, day: 2)!,
                                                        level: .warning), formToken: "y")
        let dismissed = try database.limitNotices(since: march).filter(\.dismissed)
        #expect(Set(dismissed.map { "\($0.period.rawValue) \($0.periodStart.iso) \($0.level.rawValue)" })
                == ["month 2026-03-01 warning", "week 2026-03-02 warning"])
        #expect(try database.eventCount(.limitWarning) == 2)
    }
}
