import Testing
@testable import Engine

// The household's items: when they count, planned entries, debts and goals (Sources/Engine/Household.swift).
@Suite("Household")
struct HouseholdTests {
    @Test("a recurring item counts from its start through its end, both days included")
    func recurringItemActiveDays() {
        let item = expense(1, 10_00, start: "2027-01-10", end: "2027-03-31")
        #expect(!item.isActive(on: day("2027-01-09")))
        #expect(item.isActive(on: day("2027-01-10")))
        #expect(item.isActive(on: day("2027-03-31")))
        #expect(!item.isActive(on: day("2027-04-01")))
        #expect(income(2, 10_00, start: "2027-01-10").isActive(on: day("2199-12-31")))
    }

    @Test("a planned entry remembers its planned amount; an actual one does not unless told")
    func plannedAmount() {
        let planned = Entry(id: 1, date: day("2027-03-01"), kind: .expense, name: "Repair", amount: money(500_00), isActual: false)
        #expect(planned.plannedAmount == money(500_00) && planned.wasPlanned)
        let actual = Entry(id: 2, date: day("2027-03-01"), kind: .expense, name: "Cinema", amount: money(7_00), isActual: true)
        #expect(actual.plannedAmount == nil && !actual.wasPlanned)
        let confirmed = Entry(id: 3, date: day("2027-03-01"), kind: .expense, name: "Rent", amount: money(31_000_00), isActual: true,
                              plannedAmount: money(30_000_00))
        #expect(confirmed.plannedAmount == money(30_000_00) && confirmed.wasPlanned)
    }

    @Test("a payment-only debt counts from its creation through its end; a loan always")
    func debtActiveDays() {
        let phone = Debt(id: 1, name: "Phone", paymentDay: 10, createdOn: day("2027-02-01"),
                         kind: .paymentOnly(monthlyPayment: money(50_00)), endsOn: day("2027-06-30"))
        #expect(!phone.isActive(on: day("2027-01-31")))
        #expect(phone.isActive(on: day("2027-02-01")) && phone.isActive(on: day("2027-06-30")))
        #expect(!phone.isActive(on: day("2027-07-01")))
        #expect(phone.loan == nil)
        let card = loanDebt(2, balance: 1_000_00, apr: 1999, minimum: 50_00, asOf: "2027-02-01")
        #expect(card.isActive(on: day("1900-01-01")) && card.loan?.apr == APR(hundredths: 1999))
    }

    @Test("a goal is finished once saved reaches the target")
    func goalFinished() {
        #expect(!Goal(id: 1, name: "Car", target: money(100_00), saved: money(99_99)).isFinished)
        #expect(Goal(id: 1, name: "Car", target: money(100_00), saved: money(100_00)).isFinished)
        #expect(Goal(id: 1, name: "Car", target: money(100_00), saved: money(150_00)).isFinished)
    }

    @Test("the default plan settings: 40/40/20, a 3-month fund, a 24-month horizon, avalanche")
    func defaultSettings() {
        let s = Household().settings
        #expect([s.emergencyShare, s.debtShare, s.goalShare] == [40, 40, 20])
        #expect(s.emergencyMonths == 3 && s.horizonMonths == 24 && s.strategy == .avalanche)
    }
}
