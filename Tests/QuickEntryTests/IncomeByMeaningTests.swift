import Engine
import Testing
@testable import QuickEntry

// Income by meaning: families of words and money from a person (Sources/QuickEntry/IncomeByMeaning.swift).
@Suite("Quick entry: income by meaning")
struct IncomeByMeaningTests {
    @Test(arguments: [
        ("проценты по вкладу 900", Language.ru, FlowKind.income), ("проценты по кредиту 900", .ru, .expense),
        ("interest 12.40", .en, .income), ("credit card interest 30", .en, .expense),
        ("мама перевела 3000", .ru, .income), ("перевел маме 3000", .ru, .expense), ("от бабушки 2000", .ru, .income),
        ("mom sent 50", .en, .income), ("sent mom 50", .en, .expense), ("клиент оплатил 15000", .ru, .income),
        ("жена оплатила продукты 3000", .ru, .expense), ("отпускные 42000", .ru, .income), ("получка 30000", .ru, .income),
        ("налоговый вычет 13000", .ru, .income), ("жилец заплатил 30000", .ru, .income), ("выиграл 1000", .ru, .income),
        ("won 50 at trivia", .en, .income), ("rental income 1200", .en, .income), ("купоны по облигациям 800", .ru, .income),
        ("брат вернул 2000", .ru, .income), ("gift from grandma 100", .en, .income), ("таблетки от кашля 300", .ru, .expense),
        ("от Саши 1500", .ru, .income), ("from Jake 20", .en, .income), ("папа подкинул 5000", .ru, .income),
        ("кофе от Starbucks 300", .ru, .expense),
        ("Оля скинула 800 за кафе", .ru, .income), ("Mike sent 200", .en, .income), ("сдал квартиру 30000", .ru, .income),
        ("Оле скинул 800", .ru, .expense), ("Перевел Диме 500", .ru, .expense), ("sent Mike 200", .en, .expense),
        ("jake venmo'd me 25", .en, .income), ("roommate paid rent share 700", .en, .income), ("ebay sale 45", .en, .income),
        ("birthday money 40", .en, .income), ("made 120 in tips", .en, .income), ("tips 5", .en, .expense),
    ])
    func incomeByMeaning(_ text: String, _ language: Language, _ kind: FlowKind) throws {
        #expect(try #require(quickDraft(text, language)).kind == kind)
    }
}
