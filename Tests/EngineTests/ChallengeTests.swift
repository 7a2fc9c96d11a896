import Foundation
import Testing
@testable import Engine

// The Challenge, round-ups and hidden money (streaks and achievements: AchievementsTests.swift)
// (docs/engine-rules.md, "The Challenge, streaks and achievements").

// MARK: - Helpers (AchievementsTests uses them too)

/// A filled day in USD whose total is its budget unless given.
func filled(_ date: String, _ budget: Int64, total: Int64? = nil, currency: String = "USD") -> ChallengeFilledDay {
    ChallengeFilledDay(date: day(date), currency: currency, budget: money(budget), total: money(total ?? budget))
}

/// Plays a game: each listed date is filled with the budget the walk gives it at that point.
func play(_ dates: [String], start: String, today: String, currency: String = "USD",
                  limits: [String: ChallengeLimits] = [:], behaviour: ChallengeMaxBehaviour = .reset,
                  switches: [ChallengeCurrencySwitch] = []) -> ChallengeTimeline {
    var input = ChallengeInput(startedOn: day(start), initialCurrency: currency, limits: limits, behaviour: behaviour,
                               switches: switches)
    for d in dates {
        let t = challengeTimeline(input, today: day(d))
        input.filled.append(ChallengeFilledDay(date: day(d), currency: t.today.currency, budget: t.today.budget, total: t.today.budget))
    }
    return challengeTimeline(input, today: day(today))
}

let small = ["USD": ChallengeLimits(start: money(5_00), max: money(30_00))]

// MARK: - Doubling, missed days, the maximum

struct ChainCase: Sendable, CustomTestStringConvertible {
    let name: String
    let filledDates: [String]
    let today: String
    let behaviour: ChallengeMaxBehaviour
    let todayBudget: Int64
    let todayNumber: Int
    let streak: Int
    let statuses: String // one letter per date from 03-01: f filled, m missed, o open
    var testDescription: String { name }
}

@Test(arguments: [
    ChainCase(name: "first day is the start amount", filledDates: [], today: "2026-03-01", behaviour: .reset,
              todayBudget: 5_00, todayNumber: 1, streak: 0, statuses: "o"),
    ChainCase(name: "doubles each filled day", filledDates: ["2026-03-01", "2026-03-02"], today: "2026-03-03", behaviour: .reset,
              todayBudget: 20_00, todayNumber: 3, streak: 2, statuses: "ffo"),
    ChainCase(name: "clamps to the maximum (40 → 30)", filledDates: ["2026-03-01", "2026-03-02", "2026-03-03"], today: "2026-03-04",
              behaviour: .ceiling, todayBudget: 30_00, todayNumber: 4, streak: 3, statuses: "fffo"),
    ChainCase(name: "one missed day pauses doubling", filledDates: ["2026-03-01", "2026-03-02"], today: "2026-03-04", behaviour: .reset,
              todayBudget: 20_00, todayNumber: 3, streak: 2, statuses: "ffmo"),
    ChainCase(name: "two missed days end the chain", filledDates: ["2026-03-01", "2026-03-02"], today: "2026-03-05", behaviour: .reset,
              todayBudget: 5_00, todayNumber: 1, streak: 0, statuses: "ffmmo"),
    ChainCase(name: "missed, filled, missed: grace twice, never two in a row", filledDates: ["2026-03-01", "2026-03-03"],
              today: "2026-03-05", behaviour: .reset, todayBudget: 20_00, todayNumber: 3, streak: 2, statuses: "fmfmo"),
    ChainCase(name: "reset: the day after the maximum starts again", filledDates: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"],
              today: "2026-03-05", behaviour: .reset, todayBudget: 5_00, todayNumber: 1, streak: 4, statuses: "ffffo"),
    ChainCase(name: "ceiling: stays at the maximum", filledDates: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"],
              today: "2026-03-05", behaviour: .ceiling, todayBudget: 30_00, todayNumber: 5, streak: 4, statuses: "ffffo"),
    ChainCase(name: "a missed day does not advance Day N either", filledDates: ["2026-03-01"], today: "2026-03-03", behaviour: .reset,
              todayBudget: 10_00, todayNumber: 2, streak: 1, statuses: "fmo"),
])
func challengeChain(_ c: ChainCase) {
    let t = play(c.filledDates, start: "2026-03-01", today: c.today, limits: small, behaviour: c.behaviour)
    #expect(t.today.budget == money(c.todayBudget))
    #expect(t.today.number == c.todayNumber)
    #expect(t.streak == c.streak)
    let letters = t.days.map { d -> String in
        switch d.status { case .filled: "f"; case .missed: "m"; case .open: "o" }
    }.joined()
    #expect(letters == c.statuses)
}

@Test(arguments: [("reset", ChallengeMaxBehaviour.reset), ("ceiling", .ceiling), ("stop", .ceiling), ("", .reset), ("paused", .reset)])
func challengeBehaviourReadBack(stored: String, behaviour: ChallengeMaxBehaviour) {
    // Two behaviours only (SPEC §11); a game stored as "celebrate and stop" goes on at the ceiling.
    #expect(ChallengeMaxBehaviour(stored: stored) == behaviour)
    #expect(ChallengeMaxBehaviour(stored: nil) == .reset)
    #expect(ChallengeMaxBehaviour.allCases == [.reset, .ceiling])
}

@Test func challengeBehaviourChangeKeepsThePastAsPlayed() {
    // Start 5, maximum 30: 5, 10, 20, 30 (the maximum on 4 Mar, under "ceiling"), 30 on 5 Mar; on 5 Mar the behaviour became
    // "reset", so "ceiling" is kept through 4 Mar: 5 Mar stays Day 5 at 30 and only the day after 5 Mar starts again.
    var input = ChallengeInput(startedOn: day("2026-03-01"), initialCurrency: "USD", limits: small, behaviour: .reset,
                               behaviourUntil: [day("2026-03-04"): .ceiling])
    for (date, budget) in [("2026-03-01", 5_00), ("2026-03-02", 10_00), ("2026-03-03", 20_00), ("2026-03-04", 30_00), ("2026-03-05", 30_00)] {
        input.filled.append(filled(date, Int64(budget)))
    }
    let t = challengeTimeline(input, today: day("2026-03-06"))
    #expect(t.days.map(\.number) == [1, 2, 3, 4, 5, 1])
    #expect(t.today.budget == money(5_00))
    // Re-walked with "reset" throughout (what a change did before), 5 Mar would have become Day 1.
    input.behaviourUntil = [:]
    #expect(challengeTimeline(input, today: day("2026-03-06")).days.map(\.number) == [1, 2, 3, 4, 1, 1])
    #expect(input.behaviour(on: day("2026-03-04")) == .reset)
    input.behaviourUntil = [day("2026-03-02"): .ceiling, day("2026-03-04"): .reset]
    #expect([input.behaviour(on: day("2026-03-01")), input.behaviour(on: day("2026-03-03")), input.behaviour(on: day("2026-03-05"))]
            == [.ceiling, .reset, .reset])
}

@Test func challengeMaximumIsFlaggedOnce() {
    // 5, 10, 20, 30 (clamped): only the 4th day reached the maximum.
    let t = play(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"], start: "2026-03-01", today: "2026-03-05", limits: small)
    #expect(t.days.map(\.reachedMax) == [false, false, false, true, false])
    #expect(t.days.map(\.budget) == [5_00, 10_00, 20_00, 30_00, 5_00].map(money))
}

@Test func challengeDefaultsReachTheMaximumOnDay19() {
    // USD 5 → 1 000 000: 5 × 2^17 = 655 360, day 19 clamps to 1 000 000.
    let dates = (0..<19).map { day("2026-01-01").adding(days: $0).iso }
    let t = play(dates, start: "2026-01-01", today: "2026-01-20", behaviour: .ceiling)
    #expect(t.days[17].budget == money(655_360_00))
    #expect(t.days[18].budget == money(1_000_000_00))
    #expect(t.days[18].reachedMax)
    #expect(t.today.budget == money(1_000_000_00))
}

@Test func challengeDefaultsPerCurrency() {
    #expect(ChallengeLimits.defaults(for: "USD") == ChallengeLimits(start: money(5_00), max: money(1_000_000_00)))
    #expect(ChallengeLimits.defaults(for: "EUR") == ChallengeLimits(start: money(4_60), max: money(920_000_00)))
    #expect(ChallengeLimits.defaults(for: "RUB") == ChallengeLimits(start: money(500_00), max: money(100_000_000_00)))
}

@Test func challengeFilledDayKeepsItsSavedBudget() {
    // The limits changed after saving: the saved day keeps 7.00, the next day doubles it.
    let input = ChallengeInput(startedOn: day("2026-03-01"), initialCurrency: "USD",
                               filled: [filled("2026-03-01", 7_00)])
    let t = challengeTimeline(input, today: day("2026-03-02"))
    #expect(t.days[0].budget == money(7_00))
    #expect(t.today.budget == money(14_00))
}

// MARK: - The +5 % rule

struct AllowanceCase: Sendable, CustomTestStringConvertible {
    let name: String, budget: Int64, total: Int64, over: Int64?
    var testDescription: String { name }
}

@Test(arguments: [
    AllowanceCase(name: "exactly the budget", budget: 100_00, total: 100_00, over: nil),
    AllowanceCase(name: "exactly +5 %", budget: 100_00, total: 105_00, over: nil),
    AllowanceCase(name: "one cent beyond +5 %", budget: 100_00, total: 105_01, over: 1),
    AllowanceCase(name: "4.60: 5 % is 0.23", budget: 4_60, total: 4_83, over: nil),
    AllowanceCase(name: "4.60: 4.84 is 0.01 over", budget: 4_60, total: 4_84, over: 1),
    AllowanceCase(name: "rounding down: 0.19 → allowance 0", budget: 19, total: 20, over: 1),
    AllowanceCase(name: "rounding down: 0.39 → allowance 0.01", budget: 39, total: 40, over: nil),
    AllowanceCase(name: "under the budget", budget: 5_00, total: 1, over: nil),
    AllowanceCase(name: "the RUB maximum", budget: 100_000_000_00, total: 105_000_000_00, over: nil),
])
func challengeAllowanceRule(_ c: AllowanceCase) {
    #expect(challengeOverAllowance(total: money(c.total), budget: money(c.budget)) == c.over.map(money))
}

// MARK: - Currency switch

struct SwitchCase: Sendable, CustomTestStringConvertible {
    let name: String, from: String, to: String, rate: Int64, base: Int64, expected: Int64
    var testDescription: String { name }
}

@Test(arguments: [
    SwitchCase(name: "USD → RUB at 100", from: "USD", to: "RUB", rate: 100_000_000, base: 20_00, expected: 2_000_00),
    SwitchCase(name: "USD → EUR at 0.92", from: "USD", to: "EUR", rate: 920_000, base: 20_00, expected: 18_40),
    SwitchCase(name: "half to even: 0.125 → 0.12", from: "USD", to: "EUR", rate: 125_000, base: 1_00, expected: 12),
    SwitchCase(name: "half to even: 0.135 → 0.14", from: "USD", to: "EUR", rate: 135_000, base: 1_00, expected: 14),
    SwitchCase(name: "clamped to the new maximum", from: "RUB", to: "EUR", rate: 9_200, base: 100_000_000_00, expected: 920_000_00),
    SwitchCase(name: "never below one minor unit", from: "RUB", to: "USD", rate: 10_000, base: 10, expected: 1),
])
func challengeCurrencySwitch(_ c: SwitchCase) {
    // Two filled USD days (5, 10) would give 20 on day 3; the table's cases start from `base` directly.
    #expect(convertChallengeBase(money(c.base), ratePerMillion: c.rate, max: ChallengeLimits.defaults(for: c.to).max) == money(c.expected))
}

@Test func challengeSwitchStoresTheRateOnTheFirstNewDayAndKeepsPastDays() {
    let s = ChallengeCurrencySwitch(effective: day("2026-03-03"), from: "USD", to: "RUB", ratePerMillion: 92_500_000)
    let t = play(["2026-03-01", "2026-03-02", "2026-03-03"], start: "2026-03-01", today: "2026-03-04", switches: [s])
    #expect(t.days[0].currency == "USD" && t.days[0].budget == money(5_00))
    #expect(t.days[1].currency == "USD" && t.days[1].budget == money(10_00))
    // 20.00 × 92.5 = 1 850.00 ₽ on the switch day, with its rate.
    #expect(t.days[2].currency == "RUB" && t.days[2].budget == money(1_850_00))
    #expect(t.days[2].rateUsed == 92_500_000)
    #expect(t.today.rateUsed == nil)
    #expect(t.today.budget == money(3_700_00))
}

@Test func challengeSwitchOnAChainsFirstDayTakesTheNewStartAmount() {
    // A switch on Day 1 (nothing has doubled yet) starts at 500.00 ₽, not 5.00 $ × 92.5 = 462.50 ₽, and no rate is shown;
    // every later chain starts at 500.00 ₽ too.
    let s = ChallengeCurrencySwitch(effective: day("2026-03-01"), from: "USD", to: "RUB", ratePerMillion: 92_500_000)
    let t = play(["2026-03-01", "2026-03-02"], start: "2026-03-01", today: "2026-03-06", switches: [s])
    #expect(t.days.map(\.budget) == [500_00, 1_000_00, 2_000_00, 2_000_00, 500_00, 500_00].map(money))
    #expect(t.days.map(\.currency) == Array(repeating: "RUB", count: 6))
    #expect(t.days[0].rateUsed == nil)
    // The same on a Day 1 after two missed days ended a chain (2 and 3 Mar missed, the switch on 4 Mar).
    let later = ChallengeCurrencySwitch(effective: day("2026-03-04"), from: "USD", to: "RUB", ratePerMillion: 92_500_000)
    let restarted = play(["2026-03-01", "2026-03-04"], start: "2026-03-01", today: "2026-03-05", switches: [later])
    #expect(restarted.days.map(\.budget) == [5_00, 10_00, 10_00, 500_00, 1_000_00].map(money))
    #expect(restarted.days[3].number == 1 && restarted.days[3].rateUsed == nil)
}

@Test func challengeCurrencyBeforeADate() {
    let input = ChallengeInput(startedOn: day("2026-03-01"), initialCurrency: "USD", switches: [
        ChallengeCurrencySwitch(effective: day("2026-03-05"), from: "EUR", to: "RUB", ratePerMillion: 1),
        ChallengeCurrencySwitch(effective: day("2026-03-03"), from: "USD", to: "EUR", ratePerMillion: 1),
    ])
    #expect(["2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map { input.currency(before: day($0)) } == ["USD", "EUR", "EUR", "RUB"])
}

@Test func fxTableNeverFallsBackToOne() {
    var table = FXTable.defaults
    #expect(table.rate(from: "USD", to: "USD") == 1_000_000)
    #expect(table.rate(from: "USD", to: "RUB") == 100_000_000)
    table.ratesPerMillion[FXTable.key("USD", "RUB")] = nil
    #expect(table.rate(from: "USD", to: "RUB") == nil)
    table.ratesPerMillion[FXTable.key("USD", "RUB")] = 0
    #expect(table.rate(from: "USD", to: "RUB") == nil)
    #expect(table.rate(from: "USD", to: "GBP") == nil)
}

// MARK: - Civil dates: a DST week and a time-zone change

/// The civil date of an instant in a zone (what the server's today() does).
private func civilDay(_ instant: Date, _ zone: String) -> Day {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    let p = calendar.dateComponents([.year, .month, .day], from: instant)
    return Day(year: p.year!, month: p.month!, day: p.day!)!
}

@Test func challengeDSTWeekHasSevenDays() {
    // Europe/Berlin springs forward on 29 Mar 2026 (a 23-hour day) and a week of noon visits
    // still gives seven consecutive dates, each filled once, doubling 7 times.
    var instant = ISO8601DateFormatter().date(from: "2026-03-26T11:00:00Z")!
    var dates: [String] = []
    for _ in 0..<7 {
        dates.append(civilDay(instant, "Europe/Berlin").iso)
        instant = Calendar(identifier: .gregorian).date(byAdding: .day, value: 1, to: instant)!
    }
    #expect(dates == ["2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31", "2026-04-01"])
    let t = play(dates, start: "2026-03-26", today: "2026-04-02")
    #expect(t.days.map(\.budget) == [5_00, 10_00, 20_00, 40_00, 80_00, 160_00, 320_00, 640_00].map(money))
    // A 24-hour step from 00:30 local across the 23-hour day skips no date either.
    let a = civilDay(ISO8601DateFormatter().date(from: "2026-03-28T23:30:00Z")!, "Europe/Berlin")
    let b = civilDay(ISO8601DateFormatter().date(from: "2026-03-29T23:30:00Z")!, "Europe/Berlin")
    #expect(a.days(to: b) == 1)
}

@Test func challengeTimeZoneChangeCreatesNoDayAndLosesNone() {
    // Filled on 10 Mar in Moscow at 01:00 (= 9 Mar 22:00 UTC); the server moves to UTC and
    // today is 9 Mar again: the 10th stays filled, the 9th is today and open, nothing doubles twice.
    let instant = ISO8601DateFormatter().date(from: "2026-03-09T22:00:00Z")!
    #expect(civilDay(instant, "Europe/Moscow") == day("2026-03-10"))
    #expect(civilDay(instant, "UTC") == day("2026-03-09"))
    let input = ChallengeInput(startedOn: day("2026-03-08"), initialCurrency: "USD",
                               filled: [filled("2026-03-08", 5_00), filled("2026-03-10", 10_00)])
    let t = challengeTimeline(input, today: day("2026-03-09"))
    #expect(t.days.map(\.date.iso) == ["2026-03-08", "2026-03-09", "2026-03-10"])
    #expect(t.days.map(\.status) == [.filled, .open, .filled])
    #expect(t.days.filter { $0.status == .filled }.count == 2)
    // Back in Moscow on the 11th: the 9th counts as missed once (grace), doubling goes on from 10.00.
    let later = challengeTimeline(input, today: day("2026-03-11"))
    #expect(later.days.map(\.status) == [.filled, .missed, .filled, .open])
    #expect(later.today.budget == money(20_00))
}

// MARK: - Round-ups and hidden money

struct RoundUpCase: Sendable, CustomTestStringConvertible {
    let name: String, amount: Int64, step: Int64, multiplier: Int, expected: Int64
    var testDescription: String { name }
}

@Test(arguments: [
    RoundUpCase(name: "123.45 ₽ to 10 ₽", amount: 123_45, step: 10_00, multiplier: 1, expected: 6_55),
    RoundUpCase(name: "123.45 ₽ to 100 ₽ × 3", amount: 123_45, step: 100_00, multiplier: 3, expected: 229_65),
    RoundUpCase(name: "exactly 50 ₽ rounds by 0", amount: 50_00, step: 50_00, multiplier: 5, expected: 0),
    RoundUpCase(name: "$4.01 to $1", amount: 4_01, step: 1_00, multiplier: 1, expected: 99),
    RoundUpCase(name: "$4.01 to $5 × 10", amount: 4_01, step: 5_00, multiplier: 10, expected: 9_90),
    RoundUpCase(name: "a refund rounds by 0", amount: -3_00, step: 1_00, multiplier: 2, expected: 0),
    RoundUpCase(name: "multiplier clamped to 10", amount: 1_50, step: 1_00, multiplier: 99, expected: 5_00),
])
func roundUpArithmetic(_ c: RoundUpCase) {
    #expect(roundUp(money(c.amount), step: c.step, multiplier: c.multiplier) == money(c.expected))
}

@Test func roundUpSuggestionNeedsTheMinimum() {
    func spend(_ date: String, _ amount: Int64) -> Entry {
        Entry(id: 1, date: day(date), kind: .expense, name: "F", amount: money(amount), category: "food", isActual: true)
    }
    // Week of Mon 2 Mar: 4.01 → 0.99, 2.50 → 0.50 = 1.49; today in the next week.
    let entries = [spend("2026-03-02", 4_01), spend("2026-03-08", 2_50), spend("2026-03-09", 1_01)]
    let s = roundUpSuggestion(entries, step: 1_00, multiplier: 1, period: .week, minimum: money(1_00), today: day("2026-03-10"))
    #expect(s?.amount == money(1_49))
    #expect(s?.start == day("2026-03-02"))
    #expect(roundUpSuggestion(entries, step: 1_00, multiplier: 1, period: .week, minimum: money(1_50), today: day("2026-03-10")) == nil)
    #expect(roundUpSteps("RUB") == [10_00, 50_00, 100_00])
    #expect(roundUpSteps("EUR") == [1_00, 2_00, 5_00])
}

@Test func hiddenMoneyFloor() {
    // Bills due in 30 days 300, emergency buffer 500: buffer 1 100.
    let buffer = safetyBuffer(billsDueIn30Days: money(300_00), emergencyBuffer: money(500_00))
    #expect(buffer == money(1_100_00))
    #expect(maxHideable(balance: money(2_000_00), hidden: money(0), buffer: buffer) == money(900_00))
    #expect(maxHideable(balance: money(2_000_00), hidden: money(900_00), buffer: buffer) == money(0))
    #expect(maxHideable(balance: money(1_000_00), hidden: money(0), buffer: buffer) == money(0))
}

// MARK: - Properties over random games (the independent check's shapes)

/// Random games played day by day as the forms play them: filled and missed days, switches on
/// any day (a chain's Day 1 included), both behaviours with changes saved on the way.
@Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
func challengeRandomGamesKeepTheirRules(seed: UInt64) {
    var g = SplitMix64(seed: seed)
    let codes = ["USD", "EUR", "RUB"]
    for _ in 0..<40 {
        let start = day("2026-03-01")
        var input = ChallengeInput(startedOn: start, initialCurrency: codes.randomElement(using: &g)!,
                                   limits: ["USD": ChallengeLimits(start: money(5_00), max: money(40_00))],
                                   behaviour: Bool.random(using: &g) ? .reset : .ceiling)
        var past: [ChallengeTimeline] = []
        for offset in 0..<25 {
            let today = start.adding(days: offset)
            if Int.random(in: 0..<6, using: &g) == 0 {   // a switch made today, effective today or tomorrow
                let walk = challengeTimeline(input, today: today)
                let effective = walk.today.status == .filled ? today.adding(days: 1) : today
                let from = input.currency(before: effective)
                let to = codes.filter { $0 != from }.randomElement(using: &g)!
                input.switches.removeAll { $0.effective == effective }
                input.switches.append(ChallengeCurrencySwitch(effective: effective, from: from, to: to,
                                                              ratePerMillion: FXTable.defaults.rate(from: from, to: to)!))
            }
            if Int.random(in: 0..<8, using: &g) == 0 {   // the behaviour changed today
                let other: ChallengeMaxBehaviour = input.behaviour == .reset ? .ceiling : .reset
                if input.behaviourUntil[today.adding(days: -1)] == nil { input.behaviourUntil[today.adding(days: -1)] = input.behaviour }
                input.behaviour = other
            }
            let walk = challengeTimeline(input, today: today)
            if Int.random(in: 0..<3, using: &g) != 0 {   // filled at the day's budget
                input.filled.append(ChallengeFilledDay(date: today, currency: walk.today.currency, budget: walk.today.budget,
                                                       total: walk.today.budget))
            }
            past.append(challengeTimeline(input, today: today))
        }
        let final = challengeTimeline(input, today: start.adding(days: 25))
        for (index, d) in final.days.enumerated() {
            // A chain's Day 1 is its currency's start amount, whatever switch happened on it.
            if d.number == 1 { #expect(d.budget == input.limits(for: d.currency).start, "\(d.date.iso) \(d.currency)") }
            // A missed day does not advance Day N: the next date has its number, unless it ends the chain.
            if d.status == .missed, index + 1 < final.days.count, index == 0 || final.days[index - 1].status != .missed {
                #expect(final.days[index + 1].number == d.number)
            }
        }
        // Days already played keep their status, number and budget when later changes are saved.
        for earlier in past {
            for d in earlier.days where d.date < earlier.today.date {
                let now = final.days.first { $0.date == d.date }!
                #expect(now.status == d.status && now.number == d.number && now.budget == d.budget, "\(d.date.iso)")
            }
        }
    }
}
