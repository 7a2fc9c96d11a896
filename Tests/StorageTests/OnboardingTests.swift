import Engine
import Foundation
import Testing
@testable import Storage

// The first visit: first_run and finishing the onboarding (Sources/Storage/Onboarding.swift).

@Suite("Onboarding")
struct OnboardingTests {
    @Test("the first run is recorded once")
    func firstRun() throws {
        let database = try budgetDatabase()
        try database.recordFirstRun()
        let firstRunAt = try #require(try database.settings()["firstRunAt"])
        try database.recordFirstRun()
        #expect(try database.eventCount(.firstRun) == 1)
        #expect(try database.settings()["firstRunAt"] == firstRunAt)
    }

    @Test("finishing stores the settings and the income once; a second finish writes nothing")
    func finishOnce() throws {
        let database = try budgetDatabase()
        #expect(try database.finishOnboarding(settings: ["onboarding": "done", "currency": "RUB"], income: salary,
                                              completed: true, formToken: token()).value())
        #expect(try database.settings()["currency"] == "RUB")
        #expect(try database.wholeHousehold().incomes.map(\.name) == ["Salary"])
        #expect(try database.eventCount(.incomeAdded) == 1 && database.eventCount(.onboardingDone) == 1)
        // An old welcome form sent again
        #expect(try !database.finishOnboarding(settings: ["onboarding": "done", "currency": "USD"], income: salary,
                                               completed: true, formToken: token()).value())
        #expect(try database.settings()["currency"] == "RUB")
        #expect(try database.wholeHousehold().incomes.count == 1)
        #expect(try database.eventCount(.incomeAdded) == 1 && database.eventCount(.onboardingDone) == 1)
    }

    @Test("skipping records no onboarding_done and adds no income")
    func skipped() throws {
        let database = try budgetDatabase()
        #expect(try database.finishOnboarding(settings: ["onboarding": "skipped"], income: nil, completed: false, formToken: token()).value())
        #expect(try database.eventCount(.onboardingDone) == 0 && database.wholeHousehold().incomes.isEmpty)
    }
}
