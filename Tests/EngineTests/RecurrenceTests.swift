import Testing
@testable import Engine

// MARK: - Recurring items

struct RecurrenceCase: Sendable, CustomTestStringConvertible {
    let name: String, periodicity: Periodicity, start: String, end: String?, from: String, through: String, expected: [String]
    var testDescription: String { name }
}

@Test(arguments: [
    RecurrenceCase(name: "31st of month over a leap February", periodicity: .monthly, start: "2028-01-31", end: nil,
                   from: "2028-01-01", through: "2028-06-30",
                   expected: ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31", "2028-06-30"]),
    RecurrenceCase(name: "31st of month in a common year", periodicity: .monthly, start: "2027-01-31", end: nil,
                   from: "2027-02-01", through: "2027-03-31", expected: ["2027-02-28", "2027-03-31"]),
    RecurrenceCase(name: "end date inclusive", periodicity: .weekly, start: "2027-01-04", end: "2027-01-25",
                   from: "2027-01-01", through: "2027-02-28", expected: ["2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25"]),
    RecurrenceCase(name: "never before start", periodicity: .monthly, start: "2027-03-15", end: nil,
                   from: "2027-01-01", through: "2027-04-30", expected: ["2027-03-15", "2027-04-15"]),
    RecurrenceCase(name: "biweekly from the middle", periodicity: .biweekly, start: "2027-01-01", end: nil,
                   from: "2027-01-20", through: "2027-02-28", expected: ["2027-01-29", "2027-02-12", "2027-02-26"]),
    RecurrenceCase(name: "quarterly on the 30th", periodicity: .quarterly, start: "2027-11-30", end: nil,
                   from: "2027-01-01", through: "2028-12-31", expected: ["2027-11-30", "2028-02-29", "2028-05-30", "2028-08-30", "2028-11-30"]),
    RecurrenceCase(name: "yearly on 29 February", periodicity: .yearly, start: "2028-02-29", end: nil,
                   from: "2028-01-01", through: "2032-12-31", expected: ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]),
    RecurrenceCase(name: "period inside the interval", periodicity: .weekly, start: "2027-01-01", end: nil,
                   from: "2027-01-09", through: "2027-01-14", expected: []),
    RecurrenceCase(name: "ended before the period", periodicity: .monthly, start: "2026-01-01", end: "2026-12-31",
                   from: "2027-01-01", through: "2027-12-31", expected: []),
])
func recurrenceExpansion(_ c: RecurrenceCase) {
    let item = RecurringItem(id: 1, kind: .expense, name: "Item", amount: money(1_00), periodicity: c.periodicity,
                             start: day(c.start), end: c.end.map(day))
    #expect(occurrences(of: [item], from: day(c.from), through: day(c.through)).map(\.date.iso) == c.expected)
}

@Test func weeklyOccurrencesOverFiveYearsMatchDayByDayCount() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<50 {
        let start = Day(ordinal: day("2026-01-01").ordinal + Int.random(in: 0..<400, using: &generator))
        let periodicity = Periodicity.allCases.randomElement(using: &generator)!
        let item = RecurringItem(id: 1, kind: .income, name: "X", amount: money(1), periodicity: periodicity, start: start)
        let from = day("2026-06-01"), through = day("2031-05-31")
        let dates = occurrences(of: [item], from: from, through: through).map(\.date)
        // Reference: walk every day and test the rule of docs/engine-rules.md, "Recurring items", directly.
        var expected: [Day] = []
        var d = from
        while d <= through {
            let falls: Bool
            switch periodicity {
            case .weekly: falls = start.days(to: d) >= 0 && start.days(to: d) % 7 == 0
            case .biweekly: falls = start.days(to: d) >= 0 && start.days(to: d) % 14 == 0
            case .monthly, .quarterly, .yearly:
                let step = periodicity == .monthly ? 1 : periodicity == .quarterly ? 3 : 12
                let months = start.yearMonth.months(to: d.yearMonth)
                falls = d >= start && months % step == 0 && d.day == min(start.day, d.yearMonth.numberOfDays)
            }
            if falls { expected.append(d) }
            d = d.adding(days: 1)
        }
        #expect(dates == expected, "\(periodicity) from \(start.iso)")
    }
}

// MARK: - Debt payments and confirmation

@Test func loanPaymentsFromTheMonthAfterAsOfThroughPayoffAndModeAFromCreation() {
    // Loan: 10,000.00 at 12 %, minimum 1,000.00, as of 2026-12-15, paid on the 20th; today 2027-03-15.
    // The as-of month (December) has no payment even though the 20th is after the 15th: the balance is
    // entered after any payment already made, and the bring-forward starts in January.
    // Bring-forward: Jan 10,100 → 9,100; Feb 9,191 → 8,191; Mar 8,272.91 → 7,272.91.
    // No income: no debt share, so the schedule pays only minimums from April:
    // Apr 7,345.64 → 6,345.64; May 6,409.10 → 5,409.10; Jun 5,463.19 → 4,463.19;
    // Jul 4,507.82 → 3,507.82; Aug 3,542.90 → 2,542.90; Sep 2,568.33 → 1,568.33;
    // Oct 1,584.01 → 584.01; Nov 589.85 → 0 (pays 589.85).
    let h = Household(debts: [
        loanDebt(1, balance: 10_000_00, apr: 1200, minimum: 1_000_00, asOf: "2026-12-15"),
        Debt(id: 2, name: "Phone", paymentDay: 31, createdOn: day("2027-02-10"), kind: .paymentOnly(monthlyPayment: money(500_00))),
    ], entries: [
        Entry(id: 9, date: day("2027-03-20"), kind: .expense, name: "Loan 1", amount: money(1_000_00), isActual: true,
              confirms: OccurrenceKey(source: .debt(1), date: day("2027-03-20"))),
    ])
    let all = plannedOccurrences(h, from: day("2026-12-01"), through: day("2027-12-31"), today: day("2027-03-15"))
    let loan = all.filter { $0.key.source == .debt(1) }
    #expect(loan.map(\.date.iso) == ["2027-01-20", "2027-02-20", "2027-03-20", "2027-04-20", "2027-05-20",
                                      "2027-06-20", "2027-07-20", "2027-08-20", "2027-09-20", "2027-10-20", "2027-11-20"])
    // 10 × 1,000.00 + 589.85 = 10,589.85 = 10,000.00 + interest 100.00 + 91.00 + 81.91 + 72.73 + 63.46 + 54.09
    // + 44.63 + 35.08 + 25.43 + 15.68 + 5.84: the planned payments are exactly what clears the loan.
    #expect(loan.map(\.amount).total() == money(10_589_85))
    #expect(loan.last?.amount == money(589_85))
    #expect(loan.dropLast().allSatisfy { $0.amount == money(1_000_00) })
    #expect(loan.filter(\.isConfirmed).map(\.date.iso) == ["2027-03-20"])
    let phone = all.filter { $0.key.source == .debt(2) }
    #expect(phone.first?.date.iso == "2027-02-28")   // 31st clamped; first on or after creation
    #expect(phone.count == 11)                        // Feb … Dec 2027
    #expect(phone.allSatisfy { $0.category == debtCategory && $0.kind == .expense })
}

// MARK: - The contract, not the plan (one money model)

@Test("a loan's planned payments follow the contract to its end, whatever extra the plan gives it")
func loanPaymentsFollowTheContractNotThePlansExtra() throws {
    // A 48-month car loan at 6.9 % with a minimum of 346.55, and a salary that gives the plan a
    // large debt share: the accelerated schedule would stop in 2027 (once a last payment of 55.41
    // in July 2027 and nothing after); the contract keeps every payment to the end.
    let today = day("2026-11-27")
    let loan = Debt(id: 1, name: "Car loan", paymentDay: 15, createdOn: today,
                    kind: .loan(Loan(balance: money(14_478_97), asOf: today, apr: APR(hundredths: 690), termMonths: 48,
                                     minimumPayment: money(346_55))))
    let salary = RecurringItem(id: 1, kind: .income, name: "Salary", amount: money(6_000_00), periodicity: .monthly, start: day("2026-01-05"))
    let household = Household(incomes: [salary], debts: [loan])
    #expect(try #require(makePlan(household, today: today).payoff).schedule.summary.months! < 12)   // the plan pays it early
    let payments = plannedOccurrences(household, from: today, through: day("2031-12-31"), today: today)
        .filter { $0.key.source == .debt(1) }
    #expect(payments.count == 48)
    #expect(payments.first?.date.iso == "2026-12-15")
    #expect(payments.dropLast().allSatisfy { $0.amount == money(346_55) })
    #expect(payments.last!.date.iso == "2030-11-15")
    #expect(payments.last!.amount <= money(346_55))
}
