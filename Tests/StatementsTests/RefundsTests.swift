import Testing
@testable import Statements

// Which inflows are refunds (Sources/Statements/Refunds.swift): every example of
// docs/engine-rules.md, "Refunds in a statement".
@Suite("Refunds")
struct RefundsTests {
    private func reason(_ payee: String, memo: String = "", bank: String? = nil, _ amount: Int64 = 2599,
                        spent: Int64? = nil) -> RefundReason? {
        Refunds.reason(payee: payee, memo: memo, bankCategory: bank, amount: amount, largestSpent: spent)
    }

    @Test("a refund word in en, ru or de makes an inflow a refund, in the payee, the memo or the bank's category")
    func refundWords() {
        #expect(reason("AMAZON MARKETPLACE REFUND") == .word)
        #expect(reason("AMAZON MARKETPLACE", memo: "AMZN MKTP US REFUND") == .word)
        #expect(reason("AMAZON.CO.UK REFUND", 1250) == .word)
        #expect(reason("TARGET 00012 RETURN") == .word)
        #expect(reason("BEST BUY REVERSAL") == .word)
        #expect(reason("CHARGEBACK ACME STORE") == .word)
        #expect(reason("H&M CREDIT VOUCHER") == .word)
        #expect(reason("Возврат покупки OZON") == .word)
        #expect(reason("ВОЗВРАТ WILDBERRIES") == .word)
        #expect(reason("Отмена операции ЯНДЕКС ТАКСИ") == .word)
        #expect(reason("Erstattung Zalando") == .word)
        #expect(reason("Zalando SE", memo: "Rückerstattung Bestellung 1042") == .word)
        #expect(reason("Rueckbuchung Lastschrift Telekom") == .word)
        #expect(reason("Storno Kartenzahlung REWE") == .word)
        #expect(reason("OZON", bank: "Возврат") == .word)
    }

    @Test("Gutschrift is a refund only with a return word, from a chain the directory files, or from a merchant the household paid")
    func gutschrift() {
        #expect(reason("Gutschrift Zalando Rückgabe") == .word)
        #expect(reason("GUTSCHRIFT REWE Markt") == .word)
        #expect(reason("Gutschrift Weinhandlung Maier", spent: 5000) == .word)
        #expect(reason("Gutschrift Max Mustermann") == nil)
        #expect(reason("Gutschrift", memo: "Lohn November ACME GmbH") == nil)
    }

    @Test("a merchant the household paid sends money back: a refund up to its largest purchase, an income above it")
    func merchants() {
        #expect(reason("TESCO STORES 3125", 420, spent: 3650) == .merchant)
        #expect(reason("TESCO STORES 3125", 3650, spent: 3650) == .merchant)
        #expect(reason("TESCO STORES 3125", 5000, spent: 3650) == nil)
        #expect(reason("ACME", 1000) == nil)
    }

    @Test("salary, tax refunds, transfers, card payments, cashback, interest, debts and a friend's payment stay incomes")
    func incomes() {
        #expect(reason("SALARY ACME CORP", 300_000, spent: 500_000) == nil)
        #expect(reason("ACME GmbH", memo: "Gehalt November") == nil)
        #expect(reason("IRS TREAS 310 TAX REF") == nil)
        #expect(reason("Возврат налога, вычет") == nil)
        #expect(reason("Finanzamt", memo: "Steuererstattung 2025") == nil)
        #expect(reason("AUTOPAY PAYMENT - THANK YOU", 50000) == nil)
        #expect(reason("PAYMENT THANK YOU", 50000, spent: 60000) == nil)
        #expect(reason("Transfer from savings", 10000) == nil)
        #expect(reason("Перевод от Ивана И.", 50000, spent: 50000) == nil)
        #expect(reason("Возврат долга Иван") == nil)
        #expect(reason("CASHBACK REWARD") == nil)
        #expect(reason("Кэшбэк за покупки") == nil)
        #expect(reason("INTEREST PAYMENT") == nil)
        #expect(reason("Zinsen") == nil)
        #expect(reason("Refund", 0) == nil)
    }

    @Test("the American and British banks' real shapes: the refund row is a refund wherever its text says so; the card payment and the payroll stay incomes")
    func bankExports() throws {
        var found: [String] = []
        for fixture in EnglishFixture.all {
            let parsed = try StatementParser.parse(fixture.bytes, options: EnglishBankLayoutsTests.options(fixture, dayFirst: fixture.currency == "GBP"))
            for row in parsed.rows where row.amount > 0 {
                let spent = parsed.rows.filter { $0.amount < 0 && Refunds.merchantKey($0.payee) == Refunds.merchantKey(row.payee) }
                    .map { Int64($0.amount.magnitude) }.max()
                let refund = Refunds.reason(payee: row.payee, memo: row.memo, bankCategory: row.category, amount: row.amount, largestSpent: spent)
                let saysRefund = (row.payee + " " + row.memo).uppercased().contains("REFUND")
                #expect((refund != nil) == saysRefund, "\(fixture.name): \(row.payee) | \(row.memo)")
                if refund != nil { found.append(fixture.name) }
            }
        }
        #expect(found.count >= 9, "\(found)")
    }

    @Test("a refund's category is what a purchase at its merchant would get")
    func refundCategory() {
        let all = Set(["food", "transport", "clothing", "other"])
        #expect(PayeeCategories.suggest(payee: Refunds.merchantText("Отмена операции ЯНДЕКС ТАКСИ"), memo: "", learned: [:], allowed: all)
            == ("transport", .keyword))
        #expect(PayeeCategories.suggest(payee: Refunds.merchantText("Возврат покупки OZON"), memo: "", learned: ["ozon": "clothing"],
                                        allowed: all) == ("clothing", .learned))
    }

    @Test("the merchant of a refund is its payee without the refund words")
    func merchantKey() {
        #expect(Refunds.merchantKey("AMAZON MARKETPLACE REFUND") == PayeeCategories.payeeKey("AMAZON MARKETPLACE"))
        #expect(Refunds.merchantKey("Возврат покупки OZON") == "ozon")
        #expect(Refunds.merchantText("Erstattung Zalando") == "zalando")
    }
}
