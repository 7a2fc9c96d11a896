import Testing
@testable import QuickEntry

// Tokens of a phrase, numbers read from them and the one-typo rule (Sources/QuickEntry/Tokens.swift).
@Suite("Quick entry tokens")
struct TokensTests {
    private func texts(_ phrase: String) -> [String] { Tokenizer.tokens(phrase).map(\.text) }

    @Test("letters and digits split; hyphenated words, numbers with marks and digit names stay whole")
    func splitting() {
        #expect(texts("кофе250") == ["кофе", "250"])
        #expect(Tokenizer.tokens("кофе250").map(\.spaced) == [true, false])
        #expect(texts("Бизнес-ланч 1\u{00A0}230,50 Ёлка!") == ["бизнес-ланч", "1\u{00A0}230,50", "елка"])
        #expect(Tokenizer.tokens("Ёлка").first?.original == "Ёлка")
        #expect(texts("S7 12400") == ["s7", "12400"])
        #expect(Tokenizer.tokens("+5000 −3").map(\.kind) == [.symbol, .number, .symbol, .number])
        #expect(texts("+5000 −3") == ["+", "5000", "-", "3"])
        #expect(texts("10-го") == ["10", "го"])          // a hyphen joining a number to its ending is no sign
    }

    @Test("amounts: group marks, a decimal mark of one or two digits; dates and odd groups are not amounts")
    func numbers() {
        #expect(NumberReader.amount("1\u{00A0}230,50")?.hundredths == 123_050)
        #expect(NumberReader.amount("1,450.00")?.hundredths == 145_000)
        #expect(NumberReader.amount("4.5")?.hundredths == 450 && NumberReader.amount("4.5")?.hasFraction == true)
        #expect(NumberReader.amount("250")?.hasFraction == false)
        #expect(NumberReader.amount("21/11") == nil)
        #expect(NumberReader.amount("12.3456") == nil)
        #expect(NumberReader.amount("1,23,4") == nil)
        #expect(NumberReader.whole("10") == 10 && NumberReader.whole("10.5") == nil && NumberReader.whole("1234567") == nil)
    }

    @Test("one edit at most: insert, delete, replace or a swap of neighbours")
    func oneTypo() {
        func within(_ a: String, _ b: String) -> Bool { Fuzzy.withinOne(Array(a), Array(b)) }
        #expect(within("taxi", "taxi") && within("taxi", "taxxi") && within("taxi", "tax") && within("taxi", "taxo"))
        #expect(within("вчера", "вчреа"))
        #expect(!within("taxi", "tx") && !within("taxi", "atxo"))
    }
}
