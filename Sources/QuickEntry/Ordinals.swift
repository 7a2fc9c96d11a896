import Engine

// Days of the month written as ordinal words: "on the first", "the 2nd" is elsewhere;
// «первого числа», «двадцать пятого». docs/engine-rules.md, "Quick entry in plain words".

extension Lexicon {
    /// English ordinals 1…31 (the units after "twenty"/"thirty" too).
    static let englishOrdinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
        "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    ]
    /// Russian ordinals in the genitive («пятого числа»), 1…20 and 30.
    static let russianOrdinals: [String: Int] = [
        "первого": 1, "второго": 2, "третьего": 3, "четвертого": 4, "пятого": 5, "шестого": 6, "седьмого": 7,
        "восьмого": 8, "девятого": 9, "десятого": 10, "одиннадцатого": 11, "двенадцатого": 12, "тринадцатого": 13,
        "четырнадцатого": 14, "пятнадцатого": 15, "шестнадцатого": 16, "семнадцатого": 17, "восемнадцатого": 18,
        "девятнадцатого": 19, "двадцатого": 20, "тридцатого": 30,
    ]
    /// "twenty", «двадцать» and "thirty", «тридцать» before a unit ordinal.
    static let ordinalTens: [String: Int] = ["twenty": 20, "thirty": 30, "двадцать": 20, "тридцать": 30]
}

extension Reading {
    /// "on the first", "the twenty-first" is two words here ("twenty first"), «первого числа»,
    /// «двадцать пятого»: that day of this month, like "10-го". English needs "the" before it
    /// ("first time" is not a date); Russian takes the genitive ordinal alone.
    mutating func ordinalDay(_ i: Int) -> Found<Day>? {
        guard let w = word(i) else { return nil }
        var start = i, end = i, value: Int?
        if let tens = Lexicon.ordinalTens[w], let unit = word(i + 1).flatMap({ Lexicon.englishOrdinals[$0] ?? Lexicon.russianOrdinals[$0] }),
           unit < 10 {
            value = tens + unit; end = i + 1
        } else if let unit = Lexicon.englishOrdinals[w] ?? Lexicon.russianOrdinals[w] {
            value = unit
        }
        guard let d = value, (1...31).contains(d) else { return nil }
        let english = Lexicon.englishOrdinals[tokens[end].text] != nil
        if english {
            guard isWord(start - 1, in: ["the"]) else { return nil }
            start -= 1
            if isWord(start - 1, in: ["on", "by"]) { start -= 1 }
        } else if isWord(end + 1, in: ["числа", "число"]) {
            end += 1
        }
        let today = context.today
        let day = Day(year: today.year, month: today.month, day: min(d, Day.daysInMonth(year: today.year, month: today.month)))!
        use(start...end)
        return Found(value: day, confidence: 90, phrase: phrase(start...end))
    }
}
