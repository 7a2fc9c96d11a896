import Testing
@testable import QuickEntry

// The parser's word lists and how the category lists are put together (Sources/QuickEntry/Lexicon.swift).
@Suite("Quick entry lexicon")
struct LexiconTests {
    @Test("every category keeps its base stems first, then LexiconMore's, the families', the gaps' and the German ones")
    func categoryListsAreAssembledInOrder() {
        #expect(Lexicon.categories.map { $0.0 } == Lexicon.baseCategories.map { $0.0 })
        for ((key, stems), (_, base)) in zip(Lexicon.categories, Lexicon.baseCategories) {
            let expected = base + (Lexicon.moreCategoryStems[key] ?? []) + (Lexicon.familyCategoryStems[key] ?? [])
                + (Lexicon.gapCategoryStems[key] ?? []) + (Lexicon.germanCategoryStems[key] ?? [])
            #expect(stems == expected, "\(key)")
        }
        #expect(Lexicon.incomeStems == Lexicon.baseIncomeStems + Lexicon.moreIncomeStems + Lexicon.germanIncomeStems)
    }

    @Test("the lists are written as tokens are: lower case, е for ё, Cyrillic letters only in Russian words")
    func listsAreNormalised() {
        let lists = Lexicon.categories.flatMap { $0.1 } + Lexicon.incomeStems + Lexicon.today + Lexicon.yesterday
            + Lexicon.tomorrow + Lexicon.weekdays.flatMap { $0 } + Lexicon.months.flatMap { $0 } + Lexicon.thousands
            + Lexicon.spendingVerbs + Lexicon.dayBeforeYesterday + Lexicon.dayAfterTomorrow + Lexicon.lastWords
            + Lexicon.nextWords + Lexicon.dayWords + Lexicon.weekWords + Lexicon.agoWords + Lexicon.inWords
            + Lexicon.millions + Lexicon.cashWords + Lexicon.cardWords + Lexicon.rentWords + Lexicon.ticketWords
        for word in lists {
            #expect(word == Tokenizer.normalised(word), "\(word) is never matched; write it \(Tokenizer.normalised(word))")
        }
    }

    @Test("relative days and number words")
    func dayWords() {
        #expect(Lexicon.yesterday.contains("вчера") && Lexicon.yesterday.contains("yesterday"))
        #expect(Lexicon.tomorrow.contains("завтра") && Lexicon.tomorrow.contains("tomorrow"))
        #expect(Lexicon.weekdays.count == 7 && Lexicon.months.count == 12)
    }
}
