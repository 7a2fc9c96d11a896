import Testing
@testable import Engine

// Net worth (NetWorth.swift; docs/engine-rules.md "Accounts and balances").

@Suite("Net worth")
struct NetWorthTests {
    let today = Day(year: 2026, month: 11, day: 21)!

    /// 1 200.00 at 12 % a year, 100.00 a month, as of 2026-09-15.
    var loan: Debt {
        Debt(id: 1, name: "Car", paymentDay: 15, createdOn: Day(year: 2026, month: 9, day: 15)!,
             kind: .loan(Loan(balance: Money(minorUnits: 1_200_00), asOf: Day(year: 2026, month: 9, day: 15)!,
                              apr: APR(hundredths: 1200), minimumPayment: Money(minorUnits: 100_00))))
    }

    @Test("a loan is brought forward to today's month: October 1 212.00 − 100 = 1 112.00, November 1 123.12 − 100 = 1 023.12")
    func loanToday() {
        #expect(loanBalanceToday(loan, today: today) == Money(minorUnits: 1_023_12))
        let phone = Debt(id: 2, name: "Phone", paymentDay: 1, createdOn: today, kind: .paymentOnly(monthlyPayment: Money(minorUnits: 30_00)))
        #expect(loanBalanceToday(phone, today: today) == nil)
    }

    @Test("net worth = open balances (a card below zero too) − loans; payment-only debts owe no balance")
    func worth() {
        let phone = Debt(id: 2, name: "Phone", paymentDay: 1, createdOn: today, kind: .paymentOnly(monthlyPayment: Money(minorUnits: 30_00)))
        #expect(netWorth(openBalances: [Money(minorUnits: 500_00), Money(minorUnits: -50_00)], debts: [loan, phone], today: today)
                == Money(minorUnits: -573_12))
        #expect(netWorth(openBalances: [], debts: [], today: today) == .zero)
        #expect(netWorth(openBalances: [Money(minorUnits: .max), Money(minorUnits: .max)], debts: [], today: today)
                == Money(minorUnits: .max))
    }

    @Test("an extra payment lowers the loan's balance today and is true today; paying it off leaves 0.01; a payment-only debt has none")
    func extraPayment() {
        let paid = loanAfterExtraPayment(loan, amount: Money(minorUnits: 23_12), today: today)
        #expect(paid?.balance == Money(minorUnits: 1_000_00) && paid?.asOf == today)
        #expect(loanAfterExtraPayment(loan, amount: Money(minorUnits: 5_000_00), today: today)?.balance == Money(minorUnits: 1))
        let phone = Debt(id: 2, name: "Phone", paymentDay: 1, createdOn: today, kind: .paymentOnly(monthlyPayment: Money(minorUnits: 30_00)))
        #expect(loanAfterExtraPayment(phone, amount: Money(minorUnits: 1_00), today: today) == nil)
    }
}
