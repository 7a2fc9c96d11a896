import Engine

// Questions over the household's own ledger ("how much did I spend on food this month?",
// «сколько раз я был в Пятёрочке в октябре»), read as a small query: a measure, what (a category
// and/or a merchant's text) and when. Rules with examples: docs/engine-rules.md, "Advisor:
// questions over the ledger". Pure: "today" and the household's words come in as parameters.

/// A question over the ledger, read as a query of the ledger's own filter.
public struct LedgerQuestion: Equatable, Sendable {
    /// What is computed over the entries counted.
    public enum Measure: String, Sendable, CaseIterable { case sum, count, average, largest }

    /// A named span of days: also a range of dates ("from 1 to 15 November") and "since payday"
    /// (from the last income's date through today).
    public enum PeriodName: Equatable, Sendable { case thisMonth, lastMonth, month(YearMonth), thisWeek, lastWeek, today, yesterday, range, sincePayday }

    /// What the figure is compared with: the same measure over another period ("vs last month",
    /// "how did it change"), or the category's limit or planned amount ("compared to my limit").
    public enum Comparison: Equatable, Sendable { case period(Period), plan }

    /// A span of days, both ends included, and the words it was named by.
    public struct Period: Equatable, Sendable {
        public var name: PeriodName
        public var from: Day
        public var through: Day
    }

    public var measure: Measure
    /// True for incomes ("how much did I earn"), false for expenses.
    public var income: Bool = false
    /// The account's id when the question names one of the household's accounts ("from the Visa card").
    public var account: Int64?
    /// A category key, or nil for every category.
    public var category: String?
    /// The text the ledger search looks for (a merchant's word as the ledger spells it), or nil.
    public var merchant: String?
    public var period: Period
    /// False when the question named no period (this month is read then).
    public var periodGiven: Bool
    /// The other reading of an ambiguous period ("this month" in its first three days: last
    /// month), offered next to the answer; nil when there is none.
    public var otherPeriod: Period?
    public var comparison: Comparison?
}

/// The household's words the reading matches against: its categories (each with every name it
/// goes by, in any language) and its merchants (entry names and bank payees).
public struct LedgerVocabulary: Sendable {
    public var categories: [(key: String, names: [String])] { didSet { categoryStems = Self.stems(categories) } }
    public var merchants: [String] { didSet { merchantWords = LedgerQuestionReader.words(of: merchants) } }
    /// The merchants' words as questions are matched against them (read once, not per question).
    public private(set) var merchantWords: [MerchantWord] { didSet { merchantFolded = Set(merchantWords.map(\.folded)) } }
    /// The merchants' words, folded: never put right as typos of cue words.
    public private(set) var merchantFolded: Set<String> = []
    /// Each category's stems (`LedgerQuestionReader.categoryStems`), read once; the first `own`
    /// are its own names'.
    public private(set) var categoryStems: [(key: String, stems: [String], own: Int)] = []
    /// The household's accounts (id and name).
    public var accounts: [(id: Int64, name: String)]
    /// The day "since payday" starts: the last income's date, or nil when there is none.
    public var lastPayday: Day?

    public init(categories: [(key: String, names: [String])], merchants: [String], accounts: [(id: Int64, name: String)] = [], lastPayday: Day? = nil) {
        self.categories = categories
        self.merchants = merchants
        self.merchantWords = LedgerQuestionReader.words(of: merchants)
        self.merchantFolded = Set(merchantWords.map(\.folded))
        self.categoryStems = Self.stems(categories)
        self.accounts = accounts
        self.lastPayday = lastPayday
    }

    static func stems(_ categories: [(key: String, names: [String])]) -> [(key: String, stems: [String], own: Int)] {
        categories.map { (key: $0.key, stems: LedgerQuestionReader.categoryStems(key: $0.key, names: $0.names),
                          own: $0.names.flatMap(LedgerQuestionReader.nameStems).count) }
    }

    /// Everyday words for the built-in categories, in every language (word prefixes; a word
    /// ending in a space must be whole). Added to the categories' own names.
    public static let builtInSynonyms: [String: [String]] = [
        "food": ["food", "grocer", "supermarket", "eating ", "bakery", "butcher", "bäcker", "baecker", "metzger", "пекарн", "продукт", "еда ", "еду ", "еды ", "еде ", "едой ", "жратв", "жрачк", "хавчик", "супермаркет",
                 "lebensmittel", "essen ", "supermarkt", "the shopping", "supermärkt", "supermaerkt", "einkaufen ", "wocheneinkauf", "großeinkauf", "grosseinkauf"],
        "housing": ["housing", "rent ", "жиль", "аренд", "квартир", "miete", "wohnen"],
        "transport": ["transport", "taxi", "такси", "метро", "бензин", "fuel", "petrol", "verkehr", "cab ", "cabs ", "rideshare", "bus ", "subway",
                      "parking", "ride", "rides", "автобус", "парковк", "проезд", "каршеринг", "заправк", "ездил", "наездил", "съездил", "поездк",
                      "tanken", "parken", "fahrt", "gefahren", "take an ", "took an ", "taking an ", "gas ", "getting around", "commut", "transit",
                      "train ", "trains ", "nahverkehr", "öpnv", "oepnv", "benzin", "sprit ", "diesel", "tank ", "tanke ", "tankstell", "öffis",
                      "oeffis", "u-bahn", "s-bahn", "bahn ", "zug ", "deutschlandticket"],
        "utilities": ["utilit", "коммунал", "жкх", "электричеств", "nebenkosten", "strom ", "gas bill", "electric", "water bill"],
        "health": ["health", "pharmac", "medicine", "doctor", "здоров", "аптек", "лекарств", "врач", "gesundheit", "apothek"],
        "education": ["educat", "course", "school", "образован", "курс", "учеб", "bildung"],
        "entertainment": ["entertain", "movie", "cinema", "film", "concert", "развлеч", "кино ", "кинотеатр", "концерт", "unterhaltung", "kino", "konzert"],
        "clothing": ["cloth", "shoes", "одежд", "обув", "шмот", "kleidung", "schuhe", "klamott"],
        "subscriptions": ["subscript", "subs ", "streaming", "подписк", "подпис", "abonnement", "abos ", "abo ", "стриминг"],
    ]
}

/// One word of a merchant's name or payee: folded as questions are (lower case, ё as е) and as
/// the merchant spells it.
public struct MerchantWord: Sendable {
    public var folded: String
    public var original: String
    /// The word read in Latin letters (itself when it is Latin).
    public var latin: String
    /// Its sounds as the matching compares them (read once): the consonants of the word and of
    /// its Latin reading, and the word with c, q and ck as k.
    public var sound: String
    public var latinSound: String
    public var hard: String
    /// The word as German spells a Cyrillic name (itself when it is Latin).
    public var german: String
    /// The words after it in the names it is in, when one space separates them ("Uber Eats"):
    /// folded and as spelt, each once, in the order the names come.
    public var next: [(folded: String, original: String)] = []
}

/// Reads ledger questions (docs/engine-rules.md, "Advisor: questions over the ledger").
public enum LedgerQuestionReader {
    /// "How much can I safely spend today?", «сколько можно потратить сегодня»: the one safe to
    /// spend figure is the answer. A question with an amount is an affordability question instead.
    public static func asksSafeToSpend(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        guard BankAmount.amount(in: question) == nil, !notSafeCues.contains(where: { text.contains($0) }), !asksDefinition(text) else { return false }
        if safeCues.contains(where: { text.contains($0) }) { return true }
        // "How much is safe for me to spend": "safe" / «безопасно» / "sicher" and a spending word within four words after it.
        let all = text.split(separator: " ").map(String.init)
        if let safe = all.firstIndex(where: { ["safe", "safely", "безопасно", "sicher"].contains($0) }),
           all[(safe + 1)..<min(all.count, safe + 5)].contains(where: { ["spend", "потрат", "трат", "ausgeben"].contains(where: $0.hasPrefix) }) { return true }
        // "сколько мне можно сегодня потратить", "wie viel darf ich heute noch ausgeben": a "may" word after "how much", then a spending word within four words.
        let words = text.split(separator: " ").map(String.init)
        return words.indices.contains { i in
            ["можно", "могу", "darf", "kann"].contains(words[i]) && (i - 3..<i).contains { $0 >= 0 && (["viel", "wieviel", "was"].contains(words[$0]) || isHowMuch(words[$0])) }
                && words[(i + 1)..<min(words.count, i + 5)].contains { ["потрат", "трат", "ausgeben", "raushauen", "verprassen", "verballern"].contains(where: $0.hasPrefix) }
        }
    }

    /// "How can I spend less", «как меньше тратить»: cutting spending, not safe to spend.
    private static let notSafeCues = [" spend less", " spending less", " cut ", " less on ", " меньше ", " weniger "]

    /// "What does safe to spend mean?", «что значит безопасно потратить», "was bedeutet …": a
    /// definition, not a figure (a topic explains it).
    static func asksDefinition(_ text: String) -> Bool {
        text.hasSuffix(" mean ") || text.hasSuffix(" means ") || [" meaning", " what is meant", " что значит", " что означает", " что такое",
                                                                  " bedeutet", " was heißt", " was heisst"].contains(where: text.contains)
    }

    private static let safeCues = [
        " safe to spend", " safely spend", " can i spend", " can we spend", " can i still spend", " left to spend", " allowed to spend",
        " ok to spend", " okay to spend", " spend safely", " can i safely", " safe spend", " afford to spend", " still afford",
        " можно потратить", " могу потратить", " можно тратить", " могу тратить", " безопасно потрат", " безопасно трат",
        " можно еще потратить", " могу еще потратить", " можно ещё потратить", " осталось на траты", " свободных денег на сегодня",
        " ausgeben kann", " ausgeben darf", " sicher ausgeben", " gefahrlos ausgeben", " frei verfügbar", " frei verfugbar", " kann ich ausgeben", " kann ich heute ausgeben", " darf ich ausgeben",
        // A budget for the day: "Tagesbudget", "daily budget", «бюджет на день», "ausgebbar".
        " tagesbudget", " daily budget", " daily allowance", " дневной бюджет", " бюджет на день", " ausgebbar",
        " zum ausgeben", " zur verfügung", " zur verfugung", " zur verfuegung", " heute drin", " heute noch drin", " geht heute", " heute frei",
        " have to spend today", " spending money", " free to spend", " wiggle room", " can i blow", " daily spending", " у меня на сегодня",
        " лимит на сегодня", " свободных денег", " можно спустить", " разгуляться",
    ]

    /// The question as a ledger query, or nil when it is not one: it needs a spending or
    /// measuring word and something to count (a category, a merchant or a period), and no
    /// "can I" (that is affordability) nor a goal's "how much more".
    public static func read(_ question: String, today: Day, language: Language, vocabulary: LedgerVocabulary) -> LedgerQuestion? {
        let text = AdvisorRouter.normalise(slashedDates(question, language: language))
        guard !asksSafeToSpend(question), !blocked(text), !asksDefinition(text) else { return nil }
        let words = corrected(merchantCompoundsCut(compoundsCut(text.split(separator: " ").map(String.init)), vocabulary: vocabulary), keep: vocabulary.merchantFolded)
        let fixed = " " + words.joined(separator: " ") + " "
        guard !blocked(fixed) else { return nil }
        var used = Set<Int>()
        // Where `stem` starts in the words (none of them in `outside`), and how many words it takes.
        func hits(_ stem: String, outside: Set<Int>) -> (starts: [Int], count: Int) {
            let parts = stem.split(separator: " ").map(String.init)   // (a stem's only spaces are its ends' and between words)
            guard !parts.isEmpty, parts.count <= words.count else { return ([], 0) }
            let whole = stem.hasSuffix(" ")
            let starts = (0...(words.count - parts.count)).filter { start in
                parts.indices.allSatisfy { i in
                    let word = words[start + i]
                    return !outside.contains(start + i) && ((whole || i < parts.count - 1) ? word == parts[i] : word.hasPrefix(parts[i]))
                }
            }
            return (starts, parts.count)
        }
        func mark(_ stems: [String], outside: Set<Int> = []) -> Bool {
            var found = false
            for stem in stems {
                let (starts, count) = hits(stem, outside: outside)
                for start in starts { found = true; used.formUnion(start..<(start + count)) }
            }
            return found
        }
        var measure = LedgerQuestion.Measure.sum
        let sincePayday = mark(paydayCues)
        let payday = used
        // "Since I got paid": the earning words of a payday phrase are its, not an income question's.
        let cameIn = separableSpend(words, forms: ["kam", "kamen", "kommt", "kommen"], particle: ["rein", "herein"])
        used.formUnion(cameIn ?? [])
        let earns = mark(incomeCues, outside: payday) || cameIn != nil
        // «Сколько было заказов», "number of rides": a count of purchases named by what they were.
        // ("# of Starbucks purchases": the sign read as "number".)
        let counts = question.contains("# of") || mark(countCues) || (words.contains { $0 == "сколько" || $0 == "количество" } && mark(countNouns)) || countCompared(words)
        let averages = mark(averageCues), largests = mark(largestCues)
        if largests { measure = .largest } else if averages { measure = .average } else if counts { measure = .count }
        let before = used
        let separable = separableSpend(words)
        used.formUnion(separable ?? [])
        let spends = mark(spendCues) || separable != nil
        // An income question: an earning word and no spending word beyond the generic "сколько".
        let income = earns && !spendCues.filter { !["сколько ", "скольк", "paid", "получ", "был в", "была в", "были в", "total of", "total for", "сумма ", "summe ",
                                                            "überwiesen", "ueberwiesen", "uberwiesen", "zusammen "].contains($0) }.contains { cue in
            let probe = " " + words.enumerated().filter { !before.contains($0.offset) }.map(\.element).joined(separator: " ") + " "
            return probe.contains(" " + cue.trimmingCharacters(in: .whitespaces))
        }
        let costs = mark(costCues)
        // "More expensive in October than September": "than" before a month compares too.
        let plan = mark(planCues), compares = mark(compareCues) || words.indices.dropLast().contains { i in
            ["than", "чем", "als"].contains(words[i]) && monthNumber(words[i + 1], previous: nil) != nil
        }
        // What is left of a limit ("wie viel ist vom Cafébudget noch übrig", «сколько осталось в бюджете»): the limit's comparison.
        let lefts = plan && mark(leftCues)
        // With no spending or measuring word, only a terse question is one ("food oct?").
        // With no word of money or measure, purchases named as events are counted ("uber rides this month", "Starbucks visits", "Fahrten im Oktober").
        let events = !(spends || counts || averages || largests || earns || lefts) && !costs && !question.contains(where: "$€₽£".contains)
            && !words.contains(where: ["much", "total", "viel", "wieviel", "hoch", "сколько", "bill", "bills", "tab"].contains) && mark(timesNouns.map { $0 + " " })
        if events { measure = .count }
        let cued = spends || counts || averages || largests || earns || lefts || events
        guard cued || !plan || compares else { return nil }
        var period = readPeriod(words, today: today, language: language, used: &used)
        if sincePayday {
            period = LedgerQuestion.Period(name: .sincePayday, from: min(vocabulary.lastPayday ?? today.yearMonth.firstDay, today), through: today)
        }
        guard cued || !costs || period != nil else { return nil }
        var comparison: LedgerQuestion.Comparison?
        if plan {
            comparison = .plan
        } else if compares, let main = period ?? Optional(month(.thisMonth, today.yearMonth, today: today)) {
            let months = words.enumerated().compactMap { index, word in monthNumber(word, previous: index > 0 ? words[index - 1] : nil) }
            let monthly: Bool
            switch main.name { case .thisMonth, .lastMonth, .month: monthly = true; default: monthly = false }
            switch main.name {
            case _ where monthly && months.contains(where: { $0 != main.from.month }):
                // Another month named ("October vs September", "this month vs September"): the one nearest, not after today.
                let named = main.from.yearMonth, other = months.first { $0 != main.from.month }!
                for (index, word) in words.enumerated() where monthNumber(word, previous: index > 0 ? words[index - 1] : nil) == other { used.insert(index) }
                let second = [-1, 0, 1].compactMap { YearMonth(year: named.year + $0, month: other) }.filter { $0 <= today.yearMonth }
                    .min { abs(named.months(to: $0)) < abs(named.months(to: $1)) } ?? named.previous
                comparison = .period(month(.month(second), second, today: today))
            case .lastMonth: period = month(.thisMonth, today.yearMonth, today: today); comparison = .period(main)
            case .lastWeek: period = LedgerQuestion.Period(name: .thisWeek, from: main.through.adding(days: 1), through: today); comparison = .period(main)
            default: comparison = .period(previous(main))
            }
        }
        _ = mark(stopWords)
        _ = mark(accountWords)
        var account: Int64?
        if let name = readMerchant(words, used: used, tokens: Self.words(of: vocabulary.accounts.map(\.name)), accounts: true),
           let found = vocabulary.accounts.first(where: { $0.name.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).contains { $0.lowercased() == name.lowercased() } }) {
            account = found.id
            for (index, word) in words.enumerated() where !used.contains(index) {
                if readMerchant([word], used: [], tokens: Self.words(of: [found.name]), accounts: true) != nil { used.insert(index) }
            }
        }
        // A merchant named by two words ("whole foods", «убер итс») is read before the categories,
        // so that its second word is not taken for one ("foods" → Food, leaving the merchant "Whole").
        var named: (name: String, indices: [Int])?
        for start in words.indices where named == nil && !used.contains(start) {
            if let hit = readMerchantWord(words, used: used.union(0..<start), tokens: vocabulary.merchantWords),
               hit.indices.first == start, hit.name.contains(" ") { named = hit }
        }
        let reserved = Set(named?.indices ?? [])
        used.formUnion(reserved)
        // The category whose word in the question is the longest ("petrol" is transport's, not
        // "Pets"'s "pet"; "eating out" is eating out's, not food's "eating"); of equal ones, a
        // category's own name before another's everyday word («ресторан» is «Рестораны» before
        // «Кафе», which also goes by it), then the first.
        var category: String?
        var best = (length: 0, own: false)
        for entry in vocabulary.categoryStems {
            for (i, stem) in entry.stems.enumerated() where !hits(stem, outside: reserved).starts.isEmpty {
                let length = stem.count(where: { $0 != " " }), own = i < entry.own
                if length > best.length || (length == best.length && own && !best.own) { (category, best) = (entry.key, (length, own)) }
            }
        }
        if let category, let entry = vocabulary.categoryStems.first(where: { $0.key == category }) { _ = mark(entry.stems, outside: reserved) }
        if category == nil {
            // One letter off: a word of five letters or more against a stem of five or more, or a
            // short word against a whole word one letter longer ("fod" → "food").
            for entry in vocabulary.categoryStems where category == nil {
                // A merchant's word is no category's typo ("Schokoladniza" is Шоколадница, not "school").
                // Nor is a period's word ("diese" is no "Diesel").
                for (index, word) in words.enumerated() where !used.contains(index) && word.count >= 3 && !terseWords.contains(word)
                    && !periodWords.contains(where: word.hasPrefix)
                    && merchantToken(word, tokens: vocabulary.merchantWords, accounts: false) == nil {
                    // A letter typed twice or once too few ("abbos" → "abos"): the words with doubled letters once.
                    let single = undoubled(word)
                    // (A whole word's typo is a word of about its length: "transactions" is no "train".)
                    if entry.stems.contains(where: { stem in
                        word.count < 5 ? nearlyShort(word, stem) : stem.hasSuffix(" ")
                            ? stem.count >= 6 && abs(stem.count - 1 - word.count) <= 1 && distance(Array(word), Array(stem.dropLast())) <= 1
                            : stem.count >= 5 && nearly(word, stem)
                    })
                        || (single.count >= 3 && entry.stems.contains { undoubled($0.trimmingCharacters(in: .whitespaces)) == single }) {
                        category = entry.key
                        used.insert(index)
                    }
                }
            }
        }
        // "Wie viel kann ich diesen Monat noch für Kaffee ausgeben": what is left of the category's limit.
        if comparison == nil, category != nil, words.contains(where: ["kann", "darf", "können", "dürfen"].contains) { comparison = .plan }
        var found = named ?? readMerchantWord(words, used: used, tokens: vocabulary.merchantWords)
        // "My paycheck", «зарплата»: the income whose name or payee says salary, not every income.
        if found == nil, income, let salary = words.indices.first(where: { i in
               !payday.contains(i) && salaryWords.contains { $0.hasSuffix(" ") ? words[i] + " " == $0 : words[i].hasPrefix($0) } }),
           let source = vocabulary.merchantWords.first(where: { word in salarySources.contains { word.folded.hasPrefix($0) } }) {
            found = (source.original, [salary])
        }
        // "How much did I spend on Netflix": a thing named after on / at / на / für that the household
        // has no word for is searched for as it is typed (no purchases, rather than all of them).
        if found == nil, cued, category == nil, account == nil, !income { found = unknownObject(words, used: used) }
        let merchant = found?.name
        // "What was my biggest purchase?": a measure of purchases alone is over this month.
        guard category != nil || merchant != nil || period != nil || account != nil || income || comparison.map({ $0 != .plan }) == true
                || ((largests || averages) && words.contains { word in purchaseNouns.contains(where: word.hasPrefix) }) else { return nil }
        // A category's or merchant's figure compared ("how am I doing against my food budget") is
        // read whatever the other words.
        if !cued, !(compares && (category != nil || merchant != nil)) {
            // Terse: every word is a period's, a category's, a merchant's, an account's or a filler
            // (a period's own word too: "food this month vs last month"); two periods compared need
            // nothing else ("how does october compare to september").
            let counted = used.union(found?.indices ?? [])
            // ("wie viel in den letzten 7 Tagen": "how much" and a period alone is everything's sum.)
            guard category != nil || merchant != nil || account != nil || (compares && period != nil)
                    || (period != nil && words.contains(where: ["much", "viel", "wieviel", "сколько"].contains)),
                  words.indices.allSatisfy({ counted.contains($0) || terseWords.contains(words[$0]) || periodWords.contains(where: words[$0].hasPrefix) })
            else { return nil }
        }
        let reading = period ?? month(.thisMonth, today.yearMonth, today: today)
        var other: LedgerQuestion.Period?
        if reading.name == .thisMonth, today.day <= 3, comparison == nil {
            other = month(.lastMonth, today.yearMonth.previous, today: today)
        }
        return LedgerQuestion(measure: measure, income: income, account: account, category: income ? nil : category, merchant: merchant,
                              period: reading, periodGiven: period != nil, otherPeriod: other, comparison: comparison)
    }

    /// A cheap first look: could `read` find a ledger question here (a spending or measuring
    /// word, no "can I" or goal)? The household's words are read only then.
    public static func mayBeLedger(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        guard !asksSafeToSpend(question), !blocked(text) else { return false }
        let words = corrected(compoundsCut(text.split(separator: " ").map(String.init)))
        let fixed = " " + words.joined(separator: " ") + " "
        guard !blocked(fixed) else { return false }
        if separableSpend(words) != nil { return true }
        // A terse question ("food oct?", "how much was food in the past 30 days") has no cue:
        // `read` decides with the household's words.
        if words.count <= 8 || words.contains(where: { ["much", "total", "сколько", "viel", "wieviel", "hoch"].contains($0) }) { return true }
        return (spendCues + countCues + averageCues + largestCues + incomeCues + compareCues + costCues + leftCues).contains { cue in
            let parts = cue.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            guard let first = parts.first else { return false }
            return words.contains { $0.hasPrefix(first) } && fixed.contains(" " + cue.trimmingCharacters(in: .whitespaces))
        }
    }

    /// "How much did I spend?" with nothing to count: a spending verb, no "can I" or goal, and no
    /// category, merchant or period `read` could find — answered with one clarifying question.
    public static func asksSpendingVaguely(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        guard !asksSafeToSpend(question), !blocked(text), !asksDefinition(text) else { return false }
        return vagueCues.contains { text.contains(" " + $0) }
    }

    private static let vagueCues = ["spent", "spend", "spending", "потратил", "потратила", "потратили", "потрачено", "ушло", "ausgegeben"]
}
