import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// Amounts and rates typed into the Budget forms the way the pages show them: the
// household currency's symbol or code and a trailing % are accepted;
// another currency is refused with a message that names it.

@Suite("Amounts typed as labels show them")
struct TypedAmountFormTests {
    struct Typed: Sendable, CustomTestStringConvertible {
        var language: String, currency: String
        var form: DataForm
        var field: String, typed: String
        /// The stored value in minor units (hundredths of a percent for a rate), or the message.
        var stored: Int64?
        var message: String?
        var testDescription: String { "\(language) \(currency) \(field)=\(typed)" }
    }

    static let cases: [Typed] = [
        Typed(language: "ru", currency: "RUB", form: .income, field: "amount", typed: "65 000 ₽", stored: 65_000_00),
        Typed(language: "ru", currency: "RUB", form: .income, field: "amount", typed: "65\u{00A0}000,50\u{00A0}₽", stored: 65_000_50),
        Typed(language: "ru", currency: "RUB", form: .income, field: "amount", typed: "65,5", stored: 65_50),
        Typed(language: "en", currency: "RUB", form: .income, field: "amount", typed: "₽65,000", stored: 65_000_00),
        Typed(language: "en", currency: "USD", form: .goal, field: "target", typed: "$3,000.00", stored: 3_000_00),
        Typed(language: "en", currency: "USD", form: .loan, field: "balance", typed: "12,000 USD", stored: 12_000_00),
        Typed(language: "en", currency: "USD", form: .loan, field: "apr", typed: "29.9%", stored: 29_90),
        Typed(language: "ru", currency: "RUB", form: .loan, field: "apr", typed: "29,9 %", stored: 29_90),
        Typed(language: "ru", currency: "RUB", form: .income, field: "amount", typed: "$65 000",
              message: "Валюта хозяйства — ₽, а не $."),
        Typed(language: "en", currency: "RUB", form: .income, field: "amount", typed: "€650", message: "€ is not the household currency ₽."),
        Typed(language: "en", currency: "USD", form: .payment, field: "monthlyPayment", typed: "45 EUR",
              message: "EUR is not the household currency $."),
        Typed(language: "en", currency: "USD", form: .income, field: "amount", typed: "1.999",
              message: "Enter an amount like 1234.50, with at most two decimals."),
    ]

    @Test("typed as shown: stored, or refused naming the currency", arguments: cases)
    func typed(_ c: Typed) throws {
        let (app, database) = try makeTestApp()
        try database.saveSettings(["currency": c.currency])
        var browser = TestBrowser(app: app, language: c.language)
        let response = try browser.submit(c.form.page, to: c.form.action, c.form.with([c.field: c.typed]))
        if let stored = c.stored {
            #expect(response.status == 303)
            let household = try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
            let value: Int64? = switch c.field {
            case "amount": household.incomes.first?.amount.minorUnits
            case "target": household.goals.first?.target.minorUnits
            case "balance": household.debts.first?.loan?.balance.minorUnits
            case "apr": household.debts.first?.loan?.apr.hundredths
            default: nil
            }
            #expect(value == stored)
        } else {
            #expect(response.status == 422)
            #expect(response.text.contains(#"<p class="error" id="error-\#(c.field)">\#(c.message ?? "")</p>"#))
            #expect(response.text.contains(#"name="\#(c.field)" value="\#(c.typed)""#), "the typed text is kept")
        }
    }

    @Test("the emergency fund and the calendar day take amounts as shown too")
    func otherForms() throws {
        let (app, database) = try makeTestApp()
        try database.saveSettings(["currency": "RUB"])
        var browser = TestBrowser(app: app, language: "ru")
        let saved = try browser.submit("/data/emergency", to: "/data/emergency", [("saved", "10 000 ₽")])
        #expect(saved.status == 303)
        #expect(try database.emergencySaved() == cents(10_000_00))
        let added = try browser.submit("/calendar/2026-11-20", to: "/calendar/2026-11-20", [
            ("kind", "expense"), ("name", "Такси"), ("amount", "1 200 ₽"), ("category", "transport"), ("status", "actual"), ("note", "")])
        #expect(added.status == 303)
        let entry = try #require(try database.entries(from: date("2026-11-20"), through: date("2026-11-20"), limit: 5, offset: 0).first)
        #expect(entry.entry.amount == cents(1_200_00))
    }
}
