import Testing
@testable import Engine

private func spend(_ id: ID<Entry>, _ date: String, _ amount: Int64, actual: Bool = true, kind: FlowKind = .expense) -> Entry {
    Entry(id: id, date: day(date), kind: kind, name: "Shop", amount: money(amount), category: kind == .income ? "" : "food",
          isActual: actual)
}

struct RoundUpWindowCase: Sendable, CustomTestStringConvertible {
    let name: String, period: RoundUpPeriod, startsOn: String, today: String
    let from: String?, through: String?
    var testDescription: String { name }
}

struct DueCase: Sendable, CustomTestStringConvertible {
    let name: String, amount: Int64, minimum: Int64, due: Bool
    var testDescription: String { name }
}

struct RefusalCase: Sendable, CustomTestStringConvertible {
    let name: String, amount: Int64, balance: Int64, hidden: Int64, buffer: Int64, most: Int64?
    var testDescription: String { name }
}

// Round-up windows, tallies and settings, and hidden money (Sources/Engine/PlayfulSavingRules.swift).
@Suite("Playful saving rules")
struct PlayfulSavingRulesTests {
    // MARK: - Round-up windows (period boundaries)

    @Test(arguments: [
        RoundUpWindowCase(name: "week: on a Monday the week before is complete", period: .week, startsOn: "2026-01-01",
                          today: "2026-03-09", from: "2026-01-01", through: "2026-03-08"),
        RoundUpWindowCase(name: "week: on a Sunday its own week is not", period: .week, startsOn: "2026-03-02",
                          today: "2026-03-08", from: nil, through: nil),
        RoundUpWindowCase(name: "week: turned on mid-week counts from that day", period: .week, startsOn: "2026-03-04",
                          today: "2026-03-10", from: "2026-03-04", through: "2026-03-08"),
        RoundUpWindowCase(name: "week: reaches back 52 weeks at most", period: .week, startsOn: "2020-01-01",
                          today: "2026-03-10", from: "2025-03-10", through: "2026-03-08"),
        RoundUpWindowCase(name: "month: on the 1st the month before is complete", period: .month, startsOn: "2026-02-01",
                          today: "2026-03-01", from: "2026-02-01", through: "2026-02-28"),
        RoundUpWindowCase(name: "month: a leap February ends on the 29th", period: .month, startsOn: "2028-02-10",
                          today: "2028-03-31", from: "2028-02-10", through: "2028-02-29"),
        RoundUpWindowCase(name: "month: reaches back 12 months at most", period: .month, startsOn: "2019-05-05",
                          today: "2026-03-15", from: "2025-03-01", through: "2026-02-28"),
        RoundUpWindowCase(name: "month: turned on this month: nothing complete yet", period: .month, startsOn: "2026-03-02",
                          today: "2026-03-31", from: nil, through: nil),
    ])
    func roundUpWindows(_ c: RoundUpWindowCase) {
        let window = roundUpWindow(period: c.period, startsOn: day(c.startsOn), today: day(c.today))
        #expect(window?.from.iso == c.from)
        #expect(window?.through.iso == c.through)
    }

    // MARK: - Tallies (minor-unit arithmetic)

    @Test func roundUpTallyInMinorUnits() {
        // RUB, step 10 ₽ × 2: 123.45 → 6.55 × 2 = 13.10; 99.99 → 0.01 × 2 = 0.02; 50.00 → 0;
        // a refund, an income, a planned expense, an expense outside the window and a counted one are left out.
        let entries = [
            spend(1, "2026-03-02", 123_45), spend(2, "2026-03-08", 99_99), spend(3, "2026-03-05", 50_00),
            spend(4, "2026-03-03", -20_00), spend(5, "2026-03-03", 500_00, kind: .income), spend(6, "2026-03-04", 7_00, actual: false),
            spend(7, "2026-03-09", 1_00), spend(8, "2026-03-01", 1_00), spend(9, "2026-03-06", 1_00),
        ]
        let tally = roundUpTally(entries, counted: [9], step: 10_00, multiplier: 2, from: day("2026-03-02"), through: day("2026-03-08"))
        #expect(tally.amount == money(13_12))
        #expect(tally.parts.map(\.entryID) == [1, 2])
        #expect(tally.parts.map(\.roundUp) == [money(13_10), money(2)])
        #expect(tally.expenses == 4)   // 1, 2, 3 (rounds by 0) and the refund 4
    }

    @Test(arguments: [
        DueCase(name: "exactly the minimum is due", amount: 500_00, minimum: 500_00, due: true),
        DueCase(name: "one kopeck below waits", amount: 499_99, minimum: 500_00, due: false),
        DueCase(name: "no minimum: anything above 0", amount: 1, minimum: 0, due: true),
        DueCase(name: "nothing is never due", amount: 0, minimum: 0, due: false),
    ])
    func roundUpDue(_ c: DueCase) {
        let tally = RoundUpTally(amount: money(c.amount), parts: [], expenses: 0)
        #expect(roundUpIsDue(tally, minimum: money(c.minimum)) == c.due)
    }

    @Test func roundUpStepFollowsTheCurrency() {
        let settings = RoundUpSettings(stepIndex: 2, startsOn: day("2026-01-01"))
        #expect(settings.step("RUB") == 100_00)
        #expect(settings.step("USD") == 5_00)
        #expect(RoundUpSettings(stepIndex: 7, startsOn: day("2026-01-01")).step("EUR") == 1_00)
        #expect(!RoundUpSettings(startsOn: day("2026-01-01")).enabled)
    }

    // MARK: - Hidden money

    @Test func revealDelay() {
        let amount = HiddenAmount(amount: money(1_000_00), purpose: .forced, hiddenOn: day("2026-03-01"), revealDelayDays: 3,
                                  revealRequestedOn: day("2026-03-10"))
        #expect(amount.revealsOn == day("2026-03-13"))
        #expect(amount.isHidden(on: day("2026-03-12")))
        #expect(!amount.isHidden(on: day("2026-03-13")))
        let now = HiddenAmount(amount: money(5_00), purpose: .emergency, hiddenOn: day("2026-03-01"), revealRequestedOn: day("2026-03-10"))
        #expect(!now.isHidden(on: day("2026-03-10")))
        let kept = HiddenAmount(amount: money(7_00), purpose: .goal, goalID: 3, hiddenOn: day("2026-03-01"), revealDelayDays: 30)
        #expect(kept.isHidden(on: day("2199-12-31")) && kept.revealsOn == nil)
        #expect(hiddenTotal([amount, now, kept], today: day("2026-03-12")) == money(1_007_00))
        #expect(hiddenTotal([amount, now, kept], today: day("2026-03-13")) == money(7_00))
    }

    @Test(arguments: [
        RefusalCase(name: "up to the floor is allowed", amount: 900_00, balance: 2_000_00, hidden: 0, buffer: 1_100_00, most: nil),
        RefusalCase(name: "one kopeck over is refused", amount: 900_01, balance: 2_000_00, hidden: 0, buffer: 1_100_00, most: 900_00),
        RefusalCase(name: "what is hidden already counts", amount: 500_00, balance: 2_000_00, hidden: 600_00, buffer: 1_100_00, most: 300_00),
        RefusalCase(name: "below the buffer nothing may be hidden", amount: 1, balance: 1_000_00, hidden: 0, buffer: 1_100_00, most: 0),
    ])
    func hidingFloor(_ c: RefusalCase) {
        #expect(hideRefusal(money(c.amount), balance: money(c.balance), hidden: money(c.hidden), buffer: money(c.buffer))
                == c.most.map(money))
    }
}
