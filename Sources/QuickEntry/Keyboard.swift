// Words typed with the wrong keyboard: a Russian word typed on the English layout ("ghjlerns"
// is «продукты», "dxthf" is «вчера») and Latin look-alike letters inside a Russian word
// ("aптека" with a Latin "a"). docs/engine-rules.md, "Quick entry in plain words".

extension Tokenizer {
    /// The ЙЦУКЕН letter on each QWERTY letter key.
    static let russianKey: [Character: Character] = [
        "q": "й", "w": "ц", "e": "у", "r": "к", "t": "е", "y": "н", "u": "г", "i": "ш", "o": "щ", "p": "з",
        "a": "ф", "s": "ы", "d": "в", "f": "а", "g": "п", "h": "р", "j": "о", "k": "л", "l": "д",
        "z": "я", "x": "ч", "c": "с", "v": "м", "b": "и", "n": "т", "m": "ь",
    ]
    /// Latin letters that look like Cyrillic ones (lower case).
    static let lookAlike: [Character: Character] = [
        "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "k": "к", "m": "м", "t": "т", "h": "н", "b": "в",
    ]

    /// A normalised word mixing Cyrillic letters with Latin look-alikes, written all in
    /// Cyrillic ("aптека" → «аптека»); other words unchanged.
    static func cyrillicLookAlikes(_ word: String) -> String {
        guard word.contains(where: WordForms.isCyrillic), word.contains(where: WordForms.isLatin) else { return word }
        let mapped = String(word.map { WordForms.isLatin($0) ? lookAlike[$0] ?? $0 : $0 })
        return mapped.contains(where: WordForms.isLatin) ? word : mapped
    }

    /// The word read key by key on the Russian layout, when every letter has a key.
    static func onRussianLayout(_ word: String) -> String? {
        guard word.count >= 3, word.allSatisfy({ russianKey[$0] != nil }) else { return nil }
        return String(word.map { russianKey[$0]! })
    }

    /// Tokens with a Latin word retyped on the Russian layout when the Latin word means
    /// nothing to the parser and the Russian one does (a date, currency, number, income or
    /// category word of the lists: the whole word, or a stem of four letters or more that it
    /// starts with).
    static func fixingLayout(_ tokens: [Token]) -> [Token] {
        tokens.map { token in
            guard token.kind == .word, let russian = onRussianLayout(token.text),
                  !Keyboard.knows(token.text), Keyboard.knows(russian) else { return token }
            // The name and the "why" lines show the word as meant.
            var fixed = token
            fixed.text = russian
            fixed.original = token.original.first?.isUppercase == true ? russian.capitalisedFirst : russian
            return fixed
        }
    }
}

enum Keyboard {
    /// Whole words (three letters or more) of the date, number, currency and multiplier lists.
    static let wholeWords: Set<String> = {
        var words = Lexicon.today + Lexicon.yesterday + Lexicon.dayBeforeYesterday + Lexicon.tomorrow
            + Lexicon.dayAfterTomorrow + Lexicon.weekdays.flatMap { $0 } + Lexicon.months.flatMap { $0 }
            + Lexicon.lastWords + Lexicon.nextWords + Lexicon.dayWords + Lexicon.weekWords + Lexicon.agoWords
            + Lexicon.thousands + Lexicon.millions + Lexicon.currencies.flatMap { $0.1 } + Lexicon.cashWords + Lexicon.cardWords
        words += Array(Lexicon.numberWords.keys)
        return Set(words.filter { $0.count >= 3 })
    }()
    /// Stems of four letters or more of the income and category lists, by first letter.
    static let stems: [Character: [String]] = Dictionary(grouping: (Lexicon.incomeStems + Lexicon.incomeFamilies.values.flatMap { $0 }
        + Lexicon.singleWordCategories.flatMap { $0.1 }).filter { $0.count >= 4 && !$0.contains(" ") }) { $0.first! }

    /// Income and category stems of three letters or fewer (whole words only).
    static let shortWords: Set<String> = Set((Lexicon.incomeStems + Lexicon.incomeFamilies.values.flatMap { $0 }
        + Lexicon.singleWordCategories.flatMap { $0.1 }).filter { $0.count <= 3 })

    /// Whether the parser knows the word: a whole list word or a list stem it starts with.
    static func knows(_ word: String) -> Bool {
        wholeWords.contains(word) || shortWords.contains(word)
            || word.first.map { first in stems[first]?.contains { word.hasPrefix($0) } ?? false } ?? false
    }
}
