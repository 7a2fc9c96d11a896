import Engine
import Testing
@testable import Statements

// American and British banks' exports read without a mapping by hand
// (Sources/Statements/EnglishBankLayouts.swift): one file per bank in the shape of its real export
// (EnglishBankSamples.swift, whose comments name each shape's sources), every row asserted.
@Suite("American and British bank layouts")
struct EnglishBankLayoutsTests {
    static func options(_ fixture: EnglishFixture, dayFirst: Bool) -> ParseOptions {
        ParseOptions(today: parserToday, currency: fixture.currency, prefersDayFirst: dayFirst)
    }

    @Test("each bank's export reads as that bank: every row exact, pending rows skipped, nothing asked",
          arguments: EnglishFixture.all.map(\.name))
    func export(name: String) throws {
        let fixture = try #require(EnglishFixture.all.first { $0.name == name })
        let parsed = try StatementParser.parse(fixture.bytes, options: Self.options(fixture, dayFirst: fixture.currency == "GBP"))
        #expect(parsed.layout == fixture.layout)
        #expect(parsed.rows.map(GermanFixture.Row.init) == fixture.rows)
        #expect(parsed.errors.filter { !$0.skipped } == [])
        #expect(parsed.errors.map(\.line).sorted() == fixture.skipped.keys.sorted())
        for error in parsed.errors { #expect(error.reason.contains(fixture.skipped[error.line] ?? "∅")) }
        #expect(!parsed.dateOrderAmbiguous)
    }

    @Test("the same files read by a household of the other date habit: the file decides")
    func otherHousehold() throws {
        for fixture in EnglishFixture.all {
            let parsed = try StatementParser.parse(fixture.bytes, options: Self.options(fixture, dayFirst: fixture.currency != "GBP"))
            #expect(parsed.rows.map(GermanFixture.Row.init) == fixture.rows, "\(fixture.name)")
        }
    }

    @Test("American Express, Discover and Apple Card: a purchase is money out, a refund and a payment to the card money in")
    func cardIssuersSign() throws {
        for fixture in [EnglishFixture.amex, .amexPlain, .discover, .appleCard] {
            let parsed = try StatementParser.parse(fixture.bytes, options: Self.options(fixture, dayFirst: false))
            let amounts = parsed.rows.map(\.amount)
            #expect(amounts.first == -4567, "\(fixture.name): Whole Foods, 45.67 in the file")
            #expect(amounts.filter { $0 > 0 } == [2599, 50000], "\(fixture.name): the refund and the payment")
        }
    }

    @Test("a header like American Express's but without its detail columns is not taken for it")
    func amexNeedsItsColumns() throws {
        let parsed = try parseText("Date,Description,Amount\n11/18/2026,WHOLEFDS MKT 10234,-45.67\n")
        #expect(parsed.layout == nil && parsed.rows.map(\.amount) == [-4567])
    }
}

extension EnglishBankLayoutsTests {
    @Test("every file's expenses get their categories from the built-in lists, as each bank printed them; a card payment none")
    func categories() {
        // Newest first. Cards: Whole Foods, Shell, Starbucks, Uber, Target (a department store: none), Comcast, CVS,
        // Netflix, Trader Joe's, Chipotle. Checking: the same with the card payment (none) for Netflix. British: Tesco,
        // Sainsbury's, TfL, Pret, Greggs, Boots, British Gas, the Barclaycard payment (none), the letting agent, Lidl.
        let card = ["food", "transport", "food", "transport", "none", "utilities", "health", "subscriptions", "food", "food"]
        let checking = ["food", "transport", "food", "transport", "none", "utilities", "health", "none", "food", "food"]
        let british = ["food", "food", "transport", "food", "food", "health", "utilities", "none", "housing", "food"]
        for fixture in EnglishFixture.all {
            let expenses = fixture.rows.filter { $0.amount < 0 }
            let expected = fixture.currency == "GBP" ? british : expenses.count == 10 && expenses[7].amount == -50000 ? checking : card
            #expect(expenses.map { PayeeCategories.keyword($0.payee + " " + $0.memo) ?? "none" } == expected, "\(fixture.name)")
        }
    }
}
