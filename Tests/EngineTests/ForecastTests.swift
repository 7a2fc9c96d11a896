import Testing
@testable import Engine

// The forecast and safe to spend (Forecast.swift; docs/engine-rules.md "Forecast and safe to spend").

@Suite("Forecast")
struct ForecastTests {
    let today = day("2026-11-20")

    /// Actual expenses in `category`, one a day on each of the `count` days before today,
    /// amounts cycling through `amounts`.
    func history(_ count: Int, _ amounts: [Int64], category: String = "food", firstID: Int64 = 1000) -> [Entry] {
        (1...count).map { i in
            Entry(id: ID(firstID + Int64(i)), date: today.adding(days: -(count - i + 1)), kind: .expense, name: "Shop",
                  amount: money(amounts[(i - 1) % amounts.count]), category: category, isActual: true)
        }
    }

    /// Rent 15 000.00 on the 1st, salary 10 000.00 on the 5th, `count` days of history.
    func household(history entries: [Entry]) -> Household {
        var rent = expense(1, 1_500_000)
        rent.name = "Rent"
        var salary = income(2, 1_000_000)
        salary.start = day("2020-01-05")
        return Household(incomes: [salary], expenses: [rent], entries: entries,
                         earliestActualEntry: entries.map(\.date).min())
    }

    @Test("worked example: low risk, σ = 500.00 per day, left until payday 4 836.05 (322.40 per day), buffer 2 × rent")
    func workedExample() {
        let h = household(history: history(30, [500, 1500]))
        let f = forecast(h, input: ForecastInput(startBalance: money(2_000_000)), today: today, days: 30)
        #expect(f.days.count == 30)
        #expect(f.windowDays == 30 && f.historyDays == 30)
        #expect(f.sigma == 500)
        #expect(f.days[0].date == day("2026-11-21") && f.days[0].everyday == money(1000))
        #expect(f.days[0].expected == money(1_999_000) && f.days[0].pessimistic == money(1_998_360))
        #expect(f.days[10].date == day("2026-12-01") && f.days[10].bills == money(1_500_000))
        #expect(f.days[10].expected == money(489_000))
        #expect(f.days[14].income == money(1_000_000) && f.days[14].expected == money(1_485_000))
        #expect(f.lowPoint.date == day("2026-12-04") && f.lowPoint.amount == money(486_000))
        // Safe to spend: the salary on 5 Dec is day 15, so the window is today … 4 Dec (15 days); its
        // lowest pessimistic balance is 4 Dec's: 486 000 − round(1.28 × 500 × √14 = 2 394.66).
        #expect(f.payday == day("2026-12-05") && f.safeDays == 15)
        #expect(f.lowestBeforePayday == money(483_605))
        #expect(f.safeToSpend == money(483_605) && f.safePerDay == money(32_240))   // ⌊483 605 ÷ 15⌋
        #expect(f.billsDue7 == .zero)
        #expect(f.safetyBuffer == money(3_000_000))
        #expect(f.risk == .low && f.reason == ForecastRiskReason.none)
        #expect(f.drivers.map(\.name) == ["Rent"])
    }

    @Test("safe to spend keeps the emergency buffer back, and is never below 0")
    func safeToSpendKeepsTheBufferBack() {
        let h = household(history: history(30, [500, 1500]))
        var input = ForecastInput(startBalance: money(2_000_000), emergencyBuffer: money(50_000))
        let f = forecast(h, input: input, today: today, days: 30)
        #expect(f.safeToSpend == money(433_605) && f.safePerDay == money(28_907))   // ⌊433 605 ÷ 15⌋
        #expect(f.emergencyBuffer == money(50_000))
        input.emergencyBuffer = money(600_000)
        #expect(forecast(h, input: input, today: today, days: 30).safeToSpend == .zero)
    }

    @Test("with no income in 30 days safe to spend spans 30 days; the start (today) is in the window")
    func safeToSpendWithoutAPayday() {
        var h = household(history: history(30, [1000]))
        h.incomes = []
        let f = forecast(h, input: ForecastInput(startBalance: money(100_000)), today: today, days: 30)
        #expect(f.payday == nil && f.safeDays == 30)
        // Rent of 15 000.00 on 1 Dec takes the line below 0: nothing is safe to spend.
        #expect(f.safeToSpend == .zero && f.safePerDay == .zero)
        // No spendable account: no figure.
        let net = forecast(h, input: ForecastInput(startBalance: nil), today: today, days: 30)
        #expect(net.isNetChange && net.safeToSpend == .zero)
    }

    @Test("high: the expected balance goes below 0 on 1 Dec; drivers are the largest outflows before it")
    func high() {
        var h = household(history: history(30, [1000]))
        h.entries.append(Entry(id: 1, date: day("2026-11-25"), kind: .expense, name: "Dentist", amount: money(100), category: "health", isActual: false))
        h.entries.append(Entry(id: 2, date: day("2026-11-26"), kind: .expense, name: "Gift", amount: money(200), category: "other", isActual: false))
        h.entries.append(Entry(id: 3, date: day("2026-11-27"), kind: .expense, name: "Book", amount: money(50), category: "other", isActual: false))
        let f = forecast(h, input: ForecastInput(startBalance: money(1_510_350)), today: today, days: 30)
        #expect(f.risk == .high && f.reason == .expectedBelowZero)
        #expect(f.firstNegative?.date == day("2026-12-01") && f.firstNegative?.amount == money(-1000))
        #expect(f.drivers.map(\.name) == ["Rent", "Gift", "Dentist"])
        #expect(f.safeToSpend == .zero)
    }

    @Test("medium: only the pessimistic line goes below 0")
    func mediumPessimistic() {
        let h = household(history: history(30, [500, 1500]))
        let f = forecast(h, input: ForecastInput(startBalance: money(1_515_000)), today: today, days: 30)
        #expect(f.lowPoint.amount == money(1000))
        #expect(f.risk == .medium && f.reason == .pessimisticBelowZero)
    }

    @Test("medium: the low point is below the bills of the 7 days after it; low without them")
    func mediumBills() {
        let h = household(history: history(30, [1000]))
        let quiet = forecast(h, input: ForecastInput(startBalance: money(1_515_000)), today: today, days: 30)
        #expect(quiet.risk == .low && quiet.lowPoint.amount == money(1000))
        let bill = ForecastBill(name: "Internet", amount: money(5000), dueDates: [day("2026-12-06")])
        let f = forecast(h, input: ForecastInput(startBalance: money(1_515_000), bills: [bill]), today: today, days: 30)
        #expect(f.lowPoint.date == day("2026-12-04") && f.billsAfterLowPoint == money(5000))
        #expect(f.risk == .medium && f.reason == .lowPointBelowBills)
        let limit = forecast(h, input: ForecastInput(startBalance: money(1_515_000), limitProjectedExceeded: true), today: today, days: 30)
        #expect(limit.risk == .medium && limit.reason == .limitExceeded)
    }

    @Test("unknown with 13 days of history, known from 14")
    func unknown() {
        let short = forecast(household(history: history(13, [1000])), input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(short.risk == .unknown && short.historyDays == 13)
        let enough = forecast(household(history: history(14, [1000])), input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(enough.risk == .low)
    }

    @Test("winsorising: one laptop in 30 days is capped at the 95th percentile (nearest rank) and adds nothing")
    func laptop() {
        var entries = history(30, [1000])
        entries.append(Entry(id: 1, date: day("2026-11-10"), kind: .expense, name: "Laptop", amount: money(150_000),
                             category: "electronics", isActual: true))
        let f = forecast(household(history: entries), input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(f.everydayWindowSum == money(30_000))
        #expect(f.days.allSatisfy { $0.everyday == money(1000) })
        #expect(f.sigma == 0)
    }

    @Test("a monthly limit replaces the mean: what is left of it ÷ days left, then the limit ÷ days of each month, across the month end, where the limit is above the pace")
    func limitAcrossMonthEnd() {
        let h = household(history: history(30, [1000]))
        let limit = ForecastLimit(category: "food", amount: money(40_000), spentThisMonth: money(30_000))
        let f = forecast(h, input: ForecastInput(startBalance: money(9_000_000), limits: [limit]), today: today, days: 60)
        #expect(f.days[0].everyday == money(1000))          // 10 000 ÷ 10 days left in November
        #expect(f.days[9].date == day("2026-11-30") && f.days[9].everyday == money(1000))
        let december = f.days.filter { $0.date.yearMonth == day("2026-12-01").yearMonth }
        #expect(december.count == 31)
        #expect(december.map(\.everyday).reduce(Money.zero) { $0.saturatingAdding($1) } == money(40_000))
        #expect(december[0].everyday == money(1290))        // round(40 000 ÷ 31)
    }

    @Test("a limit below the household's pace is a wish, not a forecast: the category spends at its pace, even when the limit is used up")
    func limitBelowPace() {
        let h = household(history: history(30, [1000]))
        let none = forecast(h, input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 60)
        for (amount, spent) in [(20_000, 25_000), (20_000, 10_000), (5_000, 0)] {
            let limit = ForecastLimit(category: "food", amount: money(Int64(amount)), spentThisMonth: money(Int64(spent)))
            let f = forecast(h, input: ForecastInput(startBalance: money(9_000_000), limits: [limit]), today: today, days: 60)
            #expect(f.days.allSatisfy { $0.everyday == money(1000) }, "limit \(amount), spent \(spent)")
            // The same lines as without the limit (this history has no swings: σ is 0 either way).
            #expect(f.days.map(\.pessimistic) == none.days.map(\.pessimistic))
        }
    }

    @Test("across the end of a loan: the last payment, then none")
    func loanEnd() {
        let phone = Debt(id: 7, name: "Phone plan", paymentDay: 5, createdOn: day("2026-01-01"),
                         kind: .paymentOnly(monthlyPayment: money(5000)), endsOn: day("2026-12-10"))
        let car = loanDebt(8, balance: 15_000, apr: 0, minimum: 10_000, asOf: "2026-10-15", paymentDay: 20, name: "Car")
        let h = Household(debts: [phone, car], entries: history(30, [1000]), earliestActualEntry: day("2026-10-21"))
        let f = forecast(h, input: ForecastInput(startBalance: money(100_000)), today: today, days: 60)
        let payments = f.items.filter { $0.kind == .expense }.map { "\($0.name) \($0.date.iso) \($0.amount.minorUnits)" }
        // The car's November payment (20 Nov, today) is still pending: day 1; its last one is 50.00 in December.
        #expect(payments == ["Car 2026-11-20 10000", "Phone plan 2026-12-05 5000", "Car 2026-12-20 5000"])
    }

    @Test("no history and no accounts: the net change from today, everyday 0, risk unknown")
    func noHistory() {
        let f = forecast(household(history: []), input: ForecastInput(startBalance: nil), today: today, days: 90)
        #expect(f.isNetChange && f.start == .zero && f.days.count == 90)
        #expect(f.risk == .unknown && f.windowDays == 0 && f.sigma == 0)
        #expect(f.days.allSatisfy { $0.everyday == .zero && $0.expected == $0.pessimistic })
        #expect(f.days[10].expected == money(-1_500_000))
    }

    @Test("only income: no everyday spending, low risk")
    func onlyIncome() {
        let pay = (1...30).map { i in
            Entry(id: ID(Int64(i)), date: today.adding(days: -i), kind: .income, name: "Tips", amount: money(1000), isActual: true)
        }
        let h = Household(incomes: [income(2, 1_000_000)], entries: pay, earliestActualEntry: today.adding(days: -30))
        let f = forecast(h, input: ForecastInput(startBalance: money(0)), today: today, days: 30)
        #expect(f.everydayWindowSum == .zero && f.risk == .low && f.lowPoint.amount == .zero)
        #expect(f.days[10].income == money(1_000_000))
    }

    @Test("refunds lower everyday spending; a category of refunds only adds nothing")
    func refunds() {
        var entries = history(29, [1000])
        entries.insert(Entry(id: 1, date: today.adding(days: -30), kind: .expense, name: "Refund", amount: money(-500),
                             category: "food", isActual: true), at: 0)
        entries.append(Entry(id: 2, date: today.adding(days: -3), kind: .expense, name: "Return", amount: money(-9000),
                             category: "clothes", isActual: true))
        let f = forecast(household(history: entries), input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(f.everydayWindowSum == money(28_500))
        #expect(f.days[0].everyday == money(950))
    }

    @Test("pending items dated today count on day 1; linked and confirmed ones never; deterministic")
    func pendingToday() {
        var h = household(history: history(30, [1000]))
        var gym = expense(3, 2000, start: "2026-11-20", category: "sport")
        gym.name = "Gym"
        h.expenses.append(gym)
        h.entries.append(Entry(id: 5, date: day("2026-11-20"), kind: .expense, name: "Gym", amount: money(2000), category: "sport",
                               isActual: true, confirms: OccurrenceKey(source: .recurring(3), date: day("2026-12-20"))))
        h.entries.append(Entry(id: 6, date: day("2026-11-20"), kind: .expense, name: "Tickets", amount: money(700), isActual: false))
        let f = forecast(h, input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(f.days[0].bills == money(2700))            // the gym of today and the planned tickets
        #expect(!f.items.contains { $0.date == day("2026-12-20") })   // confirmed early
        let again = forecast(h, input: ForecastInput(startBalance: money(9_000_000)), today: today, days: 30)
        #expect(again.days == f.days)
    }

    @Test("one entry: a window of 1 day, risk unknown; all entries on one day 20 days ago: capped away by the 95th percentile")
    func oneEntryAndOneDay() {
        let one = [Entry(id: 1, date: today.adding(days: -1), kind: .expense, name: "Shop", amount: money(700), category: "food", isActual: true)]
        let f = forecast(Household(entries: one, earliestActualEntry: one[0].date), input: ForecastInput(startBalance: money(10_000)),
                         today: today, days: 30)
        #expect(f.windowDays == 1 && f.risk == .unknown && f.days[0].everyday == money(700) && f.sigma == 0)
        let sameDay = (1...3).map { i in
            Entry(id: ID(Int64(i)), date: today.adding(days: -20), kind: .expense, name: "Shop", amount: money(1000), category: "food", isActual: true)
        }
        let g = forecast(Household(entries: sameDay, earliestActualEntry: sameDay[0].date), input: ForecastInput(startBalance: money(10_000)),
                         today: today, days: 30)
        #expect(g.windowDays == 20 && g.everydayWindowSum == .zero && g.risk == .low)
        #expect(g.sigma == 0)
    }

    @Test("benchmark: a 90-day forecast over 200 000 entries (time printed; correctness asserted)")
    func benchmark() {
        var entries: [Entry] = []
        entries.reserveCapacity(200_000)
        let categories = ["food", "transport", "home", "fun", "health"]
        for i in 0..<200_000 {   // ~2 years of history, 274 a day, today's window included
            let date = today.adding(days: -(730 - i * 730 / 200_000))
            entries.append(Entry(id: ID(Int64(i + 1)), date: date, kind: .expense, name: "Shop", amount: money(Int64(100 + i % 900)),
                                 category: categories[i % 5], isActual: true))
        }
        let h = Household(incomes: [income(1, 50_000_000)], expenses: [expense(2, 1_500_000)], entries: entries,
                          earliestActualEntry: entries[0].date)
        let clock = ContinuousClock()
        var result: Forecast?
        let elapsed = clock.measure { result = forecast(h, input: ForecastInput(startBalance: money(10_000_000)), today: today, days: 90) }
        print("forecast benchmark: 90 days over \(entries.count) entries in \(elapsed)")
        #expect(result?.days.count == 90 && result?.windowDays == 90)
        #expect(result?.everydayWindowSum.minorUnits ?? 0 > 0)
    }
}
