import Testing
@testable import Engine

// Hidden money in the forecast (docs/engine-rules.md "Round-ups and hidden money"); the rules themselves
// are tested in PlayfulSavingRulesTests.swift.

@Test func hiddenMoneyLeavesTheForecastsSpendableBalance() {
    let today = day("2026-11-20")
    var rent = expense(1, 1_500_000)
    rent.name = "Rent"
    let entries = (1...30).map { i in
        Entry(id: ID(1000 + Int64(i)), date: today.adding(days: -(31 - i)), kind: .expense, name: "Shop",
              amount: money(i % 2 == 1 ? 500 : 1500), category: "food", isActual: true)
    }
    let h = Household(expenses: [rent], entries: entries, earliestActualEntry: entries.map(\.date).min())
    let plain = forecast(h, input: ForecastInput(startBalance: money(2_000_000)), today: today, days: 30)
    var input = ForecastInput(startBalance: money(2_000_000))
    input.hidden = money(300_000)
    let hidden = forecast(h, input: input, today: today, days: 30)
    #expect(hidden.start == money(1_700_000) && hidden.hidden == money(300_000))
    #expect(hidden.safeToSpend.minorUnits == plain.safeToSpend.minorUnits - 300_000)
    #expect(hidden.safetyBuffer == plain.safetyBuffer)
    // Without a starting balance (no accounts) nothing is taken out.
    var net = ForecastInput(startBalance: nil)
    net.hidden = money(300_000)
    let netChange = forecast(h, input: net, today: today, days: 30)
    #expect(netChange.start == .zero && netChange.hidden == .zero)
}
