import Testing
@testable import Engine

// The forecast's limit and tracked-bill inputs (ForecastInputs.swift; docs/engine-rules.md
// "Forecast inputs: limits and tracked bills").

@Suite("Forecast inputs")
struct ForecastInputsTests {
    func status(_ period: LimitPeriod, state: LimitState = .ok, projected: Day? = nil, spent: Int64 = 100_00) -> LimitStatus {
        LimitStatus(limit: CategoryLimit(category: "food", period: period, amount: money(300_00)), periodStart: day("2026-11-01"),
                    periodEnd: day("2026-11-30"), spent: money(spent), planned: .zero, percent: 0, state: state,
                    projectedExceedOn: projected, daysElapsed: 21, daysInPeriod: 30)
    }

    @Test("only monthly limits feed the mean; any projected or exceeded limit raises the flag",
          arguments: [
            (LimitPeriod.month, LimitState.ok, nil, 1, false),
            (.month, .warning, day("2026-11-27"), 1, true),
            (.week, .ok, day("2026-11-22"), 0, true),
            (.day, .exceeded, nil, 0, true),
            (.week, .warning, nil, 0, false),
          ] as [(LimitPeriod, LimitState, Day?, Int, Bool)])
    func limitInputs(_ period: LimitPeriod, _ state: LimitState, _ projected: Day?, _ monthly: Int, _ flag: Bool) {
        let inputs = forecastLimitInputs([status(period, state: state, projected: projected)])
        #expect(inputs.limits.count == monthly)
        #expect(inputs.projectedExceeded == flag)
        if monthly == 1 { #expect(inputs.limits[0] == ForecastLimit(category: "food", amount: money(300_00), spentThisMonth: money(100_00))) }
    }

    @Test("unlinked actual expenses whose key is a recurring expense's key, or starts with it and a space, are bill payments")
    func billEntries() {
        var gym = expense(1, 500_00, .weekly, category: "other")
        gym.name = "Gym"
        let entries = [
            Entry(id: 1, date: day("2026-11-05"), kind: .expense, name: "GYM CLUB 004217", amount: money(500_00), category: "other", isActual: true),
            Entry(id: 2, date: day("2026-11-06"), kind: .expense, name: "Gym", amount: money(500_00), category: "other", isActual: true),
            Entry(id: 3, date: day("2026-11-07"), kind: .expense, name: "Gymnasium", amount: money(500_00), category: "other", isActual: true),
            Entry(id: 4, date: day("2026-11-08"), kind: .expense, name: "Gym", amount: money(500_00), category: "other", isActual: false),
            Entry(id: 5, date: day("2026-11-09"), kind: .income, name: "Gym", amount: money(500_00), category: "", isActual: true),
            Entry(id: 6, date: day("2026-08-01"), kind: .expense, name: "Gym", amount: money(500_00), category: "other", isActual: true),
            Entry(id: 7, date: day("2026-11-10"), kind: .expense, name: "Оплата gym", amount: money(500_00), category: "other", isActual: true,
                  confirms: OccurrenceKey(source: .recurring(1), date: day("2026-11-12"))),
            Entry(id: 8, date: day("2026-11-11"), kind: .expense, name: "Покупка GYM", amount: money(500_00), category: "other", isActual: true),
        ]
        let h = Household(expenses: [gym], entries: entries)
        #expect(unlinkedBillEntryIDs(h, from: day("2026-10-01"), through: day("2026-11-20")) == [1, 2, 8])
        #expect(unlinkedBillEntryIDs(Household(entries: entries), from: day("2026-10-01"), through: day("2026-11-20")).isEmpty)
    }

    @Test("a payment whose name gives no merchant key is keyed by its bank payee, as Bills step 1 keys it (one key function)")
    func billEntriesKeyedByPayee() {
        var netflix = expense(1, 799_00, .monthly, category: "subscriptions")
        netflix.name = "Netflix"
        let entries = [
            Entry(id: 1, date: day("2026-11-05"), kind: .expense, name: "0000 4521", amount: money(799_00), category: "other", isActual: true),
            Entry(id: 2, date: day("2026-11-06"), kind: .expense, name: "—", amount: money(5_00), category: "other", isActual: true),
            Entry(id: 3, date: day("2026-11-07"), kind: .expense, name: "Coffee", amount: money(5_00), category: "food", isActual: true),
        ]
        let payees: [ID<Entry>: String] = [1: "NETFLIX.COM 0042", 2: "Кофейня", 3: "NETFLIX.COM"]
        let h = Household(expenses: [netflix], entries: entries)
        #expect(unlinkedBillEntryIDs(h, from: day("2026-10-01"), through: day("2026-11-20"), payees: payees) == [1])
        // The same function the detection groups by: the name's key, else the payee's.
        #expect(billEntryKey(name: "0000 4521", payee: "NETFLIX.COM 0042") == "netflix com")
        #expect(billEntryKey(name: "Coffee", payee: "NETFLIX.COM") == "coffee")
        #expect(billEntryKey(name: "—", payee: nil) == "")
    }
}
