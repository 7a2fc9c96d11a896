import Testing
@testable import Statements

// The MCC and bank-category tables (Sources/Statements/MerchantCategoryCodes.swift).
@Suite("Merchant category codes")
struct MerchantCategoryCodesTests {
    @Test("codes to categories", arguments: [
        (5411, "food"), (5812, "food"), (5814, "food"), (4121, "transport"), (4111, "transport"), (5541, "transport"),
        (3005, "transport"), (5912, "health"), (8021, "health"), (4814, "utilities"), (4900, "utilities"),
        (5815, "subscriptions"), (4899, "subscriptions"), (5200, "housing"), (6513, "housing"), (5651, "clothing"),
        (5661, "clothing"), (5942, "education"), (8220, "education"), (7832, "entertainment"), (7011, "entertainment"),
    ])
    func codes(code: Int, category: String) {
        #expect(MerchantCategoryCodes.category(code) == category)
    }

    @Test("money movements and unknown codes suggest nothing")
    func movements() {
        for code in [4829, 6010, 6011, 6012, 6051, 6540, 9999, 1] { #expect(MerchantCategoryCodes.category(code) == nil) }
    }

    @Test("the table is about sixty entries and its ranges are well-formed")
    func tableShape() {
        #expect((50...80).contains(MerchantCategoryCodes.table.count))
        #expect(MerchantCategoryCodes.table.allSatisfy { $0.codes.lowerBound >= 1 && $0.codes.upperBound <= 9999 })
    }

    @Test("bank categories, ru and en", arguments: [
        ("Супермаркеты", "food"), ("Рестораны", "food"), ("Фастфуд", "food"), ("Такси", "transport"), ("Аптеки", "health"),
        ("Мобильная связь", "utilities"), ("Коммунальные услуги", "utilities"), ("Цифровые товары", "subscriptions"),
        ("Дом и ремонт", "housing"), ("Одежда и обувь", "clothing"), ("Книги", "education"), ("Развлечения", "entertainment"),
        ("Groceries", "food"), ("Food & Drink", "food"), ("eating_out", "food"), ("Gas", "transport"), ("Bills & Utilities", "utilities"),
        ("Health & Wellness", "health"), ("Home", "housing"), ("Clothes", "clothing"), ("Entertainment", "entertainment"),
    ])
    func bankCategories(text: String, category: String) {
        #expect(MerchantCategoryCodes.category(bankCategory: text) == category)
    }

    @Test("broad bank categories, transfers and cash suggest nothing")
    func broadBankCategories() {
        for text in ["Переводы", "Наличные", "Пополнения", "Другое", "Shopping", "Transfers", "Cash", "Fees & Adjustments", ""] {
            #expect(MerchantCategoryCodes.category(bankCategory: text) == nil)
        }
    }
}
