// Times the engine's two hot paths in release builds:
//   (a) expanding 5 years of occurrences for 50 recurring items (target < 200 µs);
//   (b) a full plan for 50 recurring items, 10 loans and 20 goals (target < 1 ms).
//   (g) a 14-month calendar feed (target < 20 ms).
// Run: swift run -c release EngineBenchmark [iterations]
import Engine

// MARK: - Household

let today = Day(year: 2027, month: 3, day: 15)!
let periodicities = Periodicity.allCases

/// 50 recurring items (10 incomes, 40 expenses) cycling through every periodicity and day of month.
func benchmarkItems() -> [RecurringItem] {
    (0..<50).map { index in
        RecurringItem(id: ID(Int64(index + 1)), kind: index < 10 ? .income : .expense, name: "Item \(index)",
                      amount: Money(minorUnits: Int64(index < 10 ? 15_000_00 : 1_000_00 + index * 137)),
                      periodicity: periodicities[index % periodicities.count],
                      start: Day(year: 2025, month: index % 12 + 1, day: index % 31 + 1) ?? Day(year: 2025, month: 1, day: 31)!,
                      category: index < 10 ? "" : "food")
    }
}

/// 10 loans with different balances, rates, as-of dates, terms and grace months; 20 goals.
func benchmarkHousehold() -> Household {
    let items = benchmarkItems()
    let debts = (0..<10).map { index in
        Debt(id: ID(Int64(100 + index)), name: "Loan \(index)", paymentDay: 5 + index * 2,
             createdOn: today.addingMonths(-index),
             kind: .loan(Loan(balance: Money(minorUnits: Int64(50_000_00 + index * 73_000_00)), asOf: today.addingMonths(-index),
                              apr: APR(hundredths: Int64(500 + index * 250)), termMonths: 24 + index * 30,
                              graceMonths: index % 3, minimumPayment: index % 2 == 0 ? nil : Money(minorUnits: Int64(3_000_00 + index * 500_00)))))
    }
    let goals = (0..<20).map { index in
        Goal(id: ID(Int64(200 + index)), name: "Goal \(index)", target: Money(minorUnits: Int64(100_000_00 + index * 25_000_00)),
             saved: Money(minorUnits: Int64(index * 3_000_00)),
             deadline: index % 4 == 0 ? nil : today.addingMonths(3 + index * 5), priority: index % 3 + 1)
    }
    return Household(incomes: items.filter { $0.kind == .income }, expenses: items.filter { $0.kind == .expense },
                     debts: debts, goals: goals, emergencySaved: Money(minorUnits: 50_000_00), settings: PlanSettings())
}

// MARK: - Timing

/// Runs `body` `iterations` times after a warm-up and prints the median and p99 per call.
func measure(_ label: String, iterations: Int, target: Duration, _ body: () -> Int) {
    var checksum = 0
    for _ in 0..<max(iterations / 10, 10) { checksum &+= body() }
    let clock = ContinuousClock()
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = clock.now
        checksum &+= body()
        samples.append(clock.now - start)
    }
    samples.sort()
    func micros(_ d: Duration) -> String {
        let us = Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
        return String(Int(us * 10) / 10) + "." + String(Int(us * 10) % 10) + " µs"
    }
    let median = samples[samples.count / 2], p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
    print("\(label): median \(micros(median)), p99 \(micros(p99)), target < \(micros(target)) — \(median < target ? "OK" : "SLOW") (\(iterations) runs, checksum \(checksum))")
}

let iterations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2000
let items = benchmarkItems()
let household = benchmarkHousehold()
let fiveYearsLater = today.addingMonths(60)

print("occurrences per expansion: \(occurrences(of: items, from: today, through: fiveYearsLater).count)")
let samplePlan = makePlan(household, today: today)
print("plan: FCF \(samplePlan.freeCashFlow.minorUnits), \(samplePlan.allocations.count) allocations, payoff months \(samplePlan.payoff?.avalanche.months.map(String.init) ?? "nil")/\(samplePlan.payoff?.snowball.months.map(String.init) ?? "nil")")

measure("(a) 5 years of occurrences, 50 items", iterations: iterations, target: .microseconds(200)) {
    occurrences(of: items, from: today, through: fiveYearsLater).count
}
measure("(b) full plan, 50 items, 10 loans, 20 goals", iterations: iterations, target: .milliseconds(1)) {
    makePlan(household, today: today).allocations.count
}

// (c) Bill detection over 20 000 entries of 400 days (target < 50 ms): 19 940 shop
// entries on random days with random amounts at 520 merchants, and 5 monthly bills.
func benchmarkBillEntries() -> [BillEntry] {
    var state: UInt64 = 20_000
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    let first = Day(year: 2026, month: 2, day: 10)!
    var entries: [BillEntry] = []
    for id in 0..<19_940 {
        let name = "Shop " + String(UnicodeScalar(UInt8(97 + id % 26))) + String(UnicodeScalar(UInt8(97 + id / 26 % 20)))
        entries.append(BillEntry(id: ID(Int64(id)), date: first.adding(days: next(400)), kind: .expense,
                                 amount: Int64(100_00 + next(4_900_00)), name: name, category: "food"))
    }
    for m in 0..<12 {
        for b in 0..<5 {
            entries.append(BillEntry(id: ID(Int64(100_000 + m * 10 + b)), date: YearMonth(year: 2026, month: 3)!.adding(months: m).day(clamping: 3 + b * 5),
                                     kind: .expense, amount: Int64(500_00 + b * 1000_00), name: "Bill " + String(UnicodeScalar(UInt8(97 + b)))))
        }
    }
    return entries
}
let billEntries = benchmarkBillEntries()
let billToday = Day(year: 2027, month: 3, day: 15)!
print("bill suggestions over \(billEntries.count) entries: \(detectBills(billEntries, today: billToday).filter { $0.merchantKey.hasPrefix("bill") }.count) bills")
measure("(c) bill detection, 20 000 entries", iterations: max(iterations / 100, 20), target: .milliseconds(50)) {
    detectBills(billEntries, today: billToday).count
}
// (d) The same with every name distinct (each merchant key computed once per entry, no bill).
let uniqueNames = billEntries.enumerated().map { index, entry in
    var copy = entry
    copy.name = "Shop " + String(UnicodeScalar(UInt8(97 + index % 26))) + String(UnicodeScalar(UInt8(97 + index / 26 % 26)))
        + String(UnicodeScalar(UInt8(97 + index / 676 % 26)))
    return copy
}
measure("(d) bill detection, 20 000 distinct names", iterations: max(iterations / 100, 20), target: .milliseconds(50)) {
    detectBills(uniqueNames, today: billToday).count
}
// A 90-day forecast over 200 000 entries (docs/engine-rules.md, "Forecast and safe to spend").
let forecastCategories = ["food", "transport", "home", "fun", "health"]
var forecastEntries: [Entry] = []
for i in 0..<200_000 {
    let date = today.adding(days: -(730 - i * 730 / 200_000))
    let amount = Money(minorUnits: Int64(100 + i % 900))
    forecastEntries.append(Entry(id: ID(Int64(i + 1)), date: date, kind: .expense, name: "Shop", amount: amount,
                                 category: forecastCategories[i % 5], isActual: true))
}
var forecastHousehold = household
forecastHousehold.entries = forecastEntries
forecastHousehold.earliestActualEntry = forecastEntries[0].date
measure("(f) 90-day forecast, 200 000 entries", iterations: max(1, iterations / 20), target: .milliseconds(10)) {
    forecast(forecastHousehold, input: ForecastInput(startBalance: Money(minorUnits: 10_000_000)), today: today, days: 90).days.count
}
// A subscribed calendar feed (docs/engine-rules.md, "Calendar feeds (.ics)"): today − 31 days …
// today + 13 months for the 50 items, 10 loans and 20 goals, with the daily reminder and payment alarms,
// written as RFC 5545 text (escaping and folding included).
let feedOptions = CalendarFeedOptions(includeAmounts: true, dailyReminderMinutes: 21 * 60, paymentAlarmMinutes: 9 * 60)
let feedStamp = UTCTimestamp(day: today, secondOfDay: 3600)
func feedText() -> String {
    let events = calendarEvents(household, from: today.adding(days: -31), through: today.addingMonths(13), today: today,
                                options: feedOptions, currency: .rub, language: .ru)
    return ICalendar.document(name: "FinMind", language: .ru, events: events, stamp: feedStamp)
}
let sampleFeed = feedText()
print("feed: \(sampleFeed.utf8.count) bytes, \(sampleFeed.components(separatedBy: "BEGIN:VEVENT").count - 1) events")
measure("(g) 14-month .ics feed, 50 items, 10 loans, 20 goals", iterations: max(20, iterations / 20), target: .milliseconds(20)) {
    feedText().utf8.count
}
