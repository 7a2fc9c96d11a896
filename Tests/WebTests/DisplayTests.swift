import Engine
import Testing
@testable import Web

// Figures formatted for a page (Sources/Web/Rendering/Display.swift).

@Suite("Display")
struct DisplayTests {
    @Test("money, days and months follow the page's language and the household currency")
    func formats() {
        let english = Display(t: Translations(.en), currency: .usd)
        let russian = Display(t: Translations(.ru), currency: .rub)
        let amount = Money(minorUnits: 1_234_50)
        #expect(english.money(amount) == MoneyFormat.format(amount, .usd, .en))
        #expect(russian.money(amount) == MoneyFormat.format(amount, .rub, .ru))
        #expect(english.money(amount) != russian.money(amount))
        #expect(english.plain(amount) == "1234.50" && russian.plain(amount) == "1234,50")
        let day = Day(iso: "2026-11-21")!
        #expect(english.day(day) == DateFormat.long(day, .en) && russian.day(day) == DateFormat.long(day, .ru))
        #expect(english.month(day.yearMonth) == DateFormat.month(day.yearMonth, .en))
    }

    @Test("a category reads as the user's name, a built-in's translation, or its key when unknown")
    func category() {
        let display = Display(t: Translations(.en), currency: .usd)
        #expect(display.category("custom-1", names: ["custom-1": "Cat food"]) == "Cat food")
        #expect(display.category("food", names: [:]) == Translations(.en)[runtime: "category_food"])
        #expect(display.category("food", names: [:]) != "food")
        #expect(display.category("custom-9", names: [:]) == "custom-9")
    }
}
