import Engine

// The amount, kind, account, category and name steps of reading a part.

/// The amount read, with where it was and a date taken from a "21.11" beside it.
struct AmountRead {
    var value: Int64
    var index: Int
    var guess: QuickGuess
    var date: Found<Day>?
}

/// Where a category came from.
enum CategoryFound {
    case learned
    case keyword(String)
    case none
}

extension Reading {
    // MARK: - Amount

    /// A candidate number with its multiplier and currency words.
    private struct Candidate {
        var index: Int
        var hundredths: Int64
        var marked: Bool
        var currency: String?
        var range: ClosedRange<Int>
    }

    private func currencyCode(_ i: Int) -> String? {
        guard i >= 0, i < tokens.count, !tokens[i].used, tokens[i].kind != .number else { return nil }
        let w = tokens[i].text
        for (code, forms) in Lexicon.currencies where forms.contains(w) || (w.count >= 5 && forms.contains { $0.count >= 5 && w.hasPrefix($0) }) {
            // One-letter markers ("р", "p") only right after the number.
            return code
        }
        return nil
    }

    private func candidate(_ i: Int) -> Candidate? {
        guard tokens[i].kind == .number, !tokens[i].used, let read = NumberReader.amount(tokens[i].text) else { return nil }
        var value = read.hundredths
        var end = i, start = i, marked = false, currency: String?
        if let w = word(i + 1) {
            let attached = !tokens[i + 1].spaced
            let short = w.count == 1 && !"кk".contains(w)
            // «15 т.р.»: «т» then «р» is thousands of roubles even with a space.
            let thousandRoubles = w == "т" && word(i + 2) == "р"
            if Lexicon.thousands.contains(w), attached || !short || thousandRoubles {
                value = value.multipliedReportingOverflow(by: 1000).overflow ? Int64.max : value * 1000
                end = i + 1; marked = true
            } else if Lexicon.millions.contains(w), attached || w.count > 1 {
                value = value.multipliedReportingOverflow(by: 1_000_000).overflow ? Int64.max : value * 1_000_000
                end = i + 1; marked = true
            }
        }
        if let code = currencyCode(end + 1) {
            let t = tokens[end + 1]
            if t.kind == .symbol || t.text.count >= 2 || t.text == "р" || !t.spaced { currency = code; end += 1; marked = true }
        }
        if currency == nil, let code = currencyCode(i - 1), tokens[i - 1].kind == .symbol || tokens[i - 1].text.count >= 3,
           i < 2 || tokens[i - 2].kind != .number {
            currency = code; start = i - 1; marked = true
        }
        return Candidate(index: i, hundredths: value, marked: marked, currency: currency, range: start...end)
    }

    /// The amount: the only number, else the one with a currency or multiplier, else the
    /// largest. A "21.11" beside another number is taken as the date when none was found.
    mutating func readAmount(dateFound: Bool) -> AmountRead? {
        var candidates = tokens.indices.compactMap(candidate)
        var date: Found<Day>?
        if !dateFound, candidates.count >= 2,
           let dateLike = candidates.first(where: { !$0.marked && isDayMonth(tokens[$0.index].text) }),
           let found = dayMonthDate(tokens[dateLike.index].text) {
            date = Found(value: found, confidence: 80, phrase: tokens[dateLike.index].original)
            tokens[dateLike.index].used = true
            candidates.removeAll { $0.index == dateLike.index }
        }
        let marked = candidates.filter(\.marked)
        let pool = marked.isEmpty ? candidates : marked
        guard let chosen = pool.max(by: { $0.hundredths < $1.hundredths }),
              chosen.hundredths >= 1, chosen.hundredths <= 1_000_000_000_000 else { return nil }
        var confidence = candidates.count == 1 ? 100 : marked.count == 1 ? 90 : 50
        let words = Words(context.language)
        var why = "\(phrase(chosen.range)) → \(MoneyFormat.format(Money(minorUnits: chosen.hundredths), context.currency, context.language))"
        if let code = chosen.currency, code != context.currency.code {
            confidence = min(confidence, 50)
            why += " " + words.foreign(code)
        } else if candidates.count > 1 {
            why += " " + words.otherNumbers
        }
        use(chosen.range)
        return AmountRead(value: chosen.hundredths, index: chosen.index, guess: QuickGuess(confidence: confidence, why: why), date: date)
    }

    private func isDayMonth(_ raw: String) -> Bool {
        let parts = raw.split(separator: ".")
        return parts.count == 2 && parts[0].count <= 2 && parts[1].count == 2 && dayMonthDate(raw) != nil
    }

    private func dayMonthDate(_ raw: String) -> Day? {
        let parts = raw.split(separator: ".")
        guard parts.count == 2, let d = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        return nearest(month: m, day: d)
    }

    // MARK: - Kind

    /// Income for a leading "+" (or one before the amount) or an income word; expense
    /// for a "-" or nothing.
    mutating func readKind(amountIndex: Int) -> Found<FlowKind> {
        let words = Words(context.language)
        let signIndex = tokens.indices.first { tokens[$0].kind == .symbol && ["+", "-"].contains(tokens[$0].text)
            && ($0 == 0 || $0 == amountIndex - 1 || $0 + 1 < tokens.count && tokens[$0 + 1].kind == .symbol)
            && !isNamePlus($0) }
        if let signIndex {
            tokens[signIndex].used = true
            let income = tokens[signIndex].text == "+"
            return Found(value: income ? .income : .expense, confidence: 100,
                         phrase: "\(tokens[signIndex].text) → \(income ? words.incomeWord : words.expenseWord)")
        }
        for i in tokens.indices where tokens[i].kind == .word && !tokens[i].used {
            let w = tokens[i].text
            for (first, second) in Lexicon.incomePairs where Fuzzy.matches(w, first) && (second.isEmpty || word(i + 1) == second) {
                return Found(value: .income, confidence: 90, phrase: "\(phrase(i...(second.isEmpty ? i : i + 1))) → \(words.incomeWord)")
            }
            // A word the category list knows as it is ("премиум") is not a typo of an income word.
            let known = Lexicon.singleWordCategories.contains { $0.1.contains { Fuzzy.hasStem(w, $0, typos: false) } }
                || Lexicon.spendingVerbs.contains { Fuzzy.hasStem(w, $0, typos: false) }
            for stem in Lexicon.incomeStems where Fuzzy.hasStem(w, stem, typos: !known) {
                return Found(value: .income, confidence: 90, phrase: "\(tokens[i].original) → \(words.incomeWord)")
            }
        }
        if let meaning = incomeByMeaning() {
            return Found(value: .income, confidence: 85, phrase: "\(meaning.phrase) → \(words.incomeWord)")
        }
        return Found(value: .expense, confidence: 90, phrase: words.noIncomeWord)
    }

    // MARK: - Account

    /// The account named ("с карты Сбер", "наличными", "cash"), as an index into the
    /// context's accounts.
    mutating func readAccount() -> (index: Int, phrase: String)? {
        let names = context.accounts.map { Tokenizer.normalised($0) }
        let generic: Set<String> = ["карта", "карты", "card", "счет", "account", "банк", "bank", "кошелек", "wallet"]
        for i in tokens.indices where tokens[i].kind == .word && !tokens[i].used {
            let w = tokens[i].text
            var hit: Int?
            for (index, name) in names.enumerated() {
                let nameWords = name.split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 3 && !generic.contains($0) }
                if nameWords.contains(where: { $0.count >= 5 ? Fuzzy.hasStem(w, String($0.prefix(max(4, $0.count - 2)))) : w == $0 || w.hasPrefix($0) && w.count <= $0.count + 2 }) {
                    hit = index; break
                }
            }
            if hit == nil, Lexicon.cashWords.contains(w) {
                let cash = names.indices.filter { names[$0].contains("налич") || names[$0].contains("cash") || names[$0].contains("кошел") || names[$0].contains("wallet") }
                if cash.count == 1 { hit = cash[0] }
            }
            if hit == nil, Lexicon.cardWords.contains(w) {
                let cards = names.indices.filter { names[$0].contains("карт") || names[$0].contains("card") }
                if cards.count == 1 { hit = cards[0] }
            }
            guard let hit else { continue }
            var start = i, end = i
            if i > 0, Lexicon.cardWords.contains(tokens[i - 1].text), !tokens[i - 1].used { start = i - 1 }
            if start > 0, Lexicon.accountPrepositions.contains(tokens[start - 1].text), !tokens[start - 1].used { start -= 1 }
            if end + 1 < tokens.count, Lexicon.cardWords.contains(tokens[end + 1].text), !tokens[end + 1].used { end += 1 }
            use(start...end)
            return (hit, phrase(start...end))
        }
        return nil
    }

    // MARK: - Name and category

    /// The words left, as typed, without little words at either end.
    func nameText() -> String {
        var left = tokens.filter { !$0.used && ($0.kind != .symbol || $0.text == "#") }
        while let first = left.first, first.kind == .word, Lexicon.nameEdgeWords.contains(first.text) { left.removeFirst() }
        while let last = left.last, last.kind == .word, Lexicon.nameEdgeWords.contains(last.text) { left.removeLast() }
        var text = ""
        for token in left {
            if !text.isEmpty { text += " " }
            text += token.original
        }
        return text.capitalisedFirst
    }

    /// The category: learned for this name, else the household's own category names, else
    /// the built-in list, else "other".
    func readCategory(name: String) -> (key: String, source: CategoryFound) {
        if !name.isEmpty, let learned = context.learnedCategory(name) { return (learned, .learned) }
        let left = tokens.filter { !$0.used && $0.kind == .word }
        // "disney+", "walmart+", «нтв+»: a "+" written onto a name is a subscription.
        if let plus = tokens.indices.first(where: isNamePlus) { return ("subscriptions", .keyword(tokens[plus - 1].original + "+")) }
        for custom in context.customCategories {
            let stem = Tokenizer.normalised(custom.name)
            let short = String(stem.prefix(max(4, stem.count - 2)))
            if let token = left.first(where: { stem.count >= 4 ? Fuzzy.hasStem($0.text, short) : $0.text == stem }) {
                return (custom.key, .keyword(token.original))
            }
        }
        // Words of renting or of tickets say how, not what: another word's category comes first
        // ("tennis court rental", «билеты аэрофолт»). Renting stays housing beside a word of
        // bills or fees ("rent and utilities", "rent late fee").
        let isRent = { (t: Token) in Lexicon.rentWords.contains { Fuzzy.hasStem(t.text, $0, typos: false) } }
        let isTicket = { (t: Token) in Lexicon.ticketWords.contains { Fuzzy.hasStem(t.text, $0, typos: false) } }
        let strong = left.filter { !isRent($0) && !isTicket($0) }
        if strong.count < left.count, !strong.isEmpty {
            let rent = left.first(where: isRent)
            if let found = keywordCategory(strong), !(rent != nil && ["utilities", "other", "housing"].contains(found.key)) {
                return found
            }
            if let rent, Lexicon.longestExactStem(rent.text) == "housing" { return ("housing", .keyword(rent.original)) }
        }
        return keywordCategory(left) ?? ("other", .none)
    }

    /// The built-in list's category for these words, or nil when no word matches.
    func keywordCategory(_ left: [Token]) -> (key: String, source: CategoryFound)? {
        let joined = " " + left.map(\.text).joined(separator: " ") + " "
        // Several-word names first ("uber eats", "gas bill"), then the same with one typo in a
        // word after the first ("gas bil", "blood tset"), then the earliest word with an exact
        // stem (in the list's order), then the earliest one typo away.
        for (category, stems) in Lexicon.severalWordCategories {
            for stem in stems where joined.contains(" " + stem) { return (category, .keyword(stem)) }
        }
        let texts = left.map(\.text)
        for (category, stems) in Lexicon.severalWordCategories {
            for stem in stems where Lexicon.nearlyPhrase(stem, in: texts) { return (category, .keyword(stem)) }
        }
        for typos in [false, true] {
            // A marketplace says where, not what: a word for the thing bought comes first.
            for token in Lexicon.marketplacesLast(left) {
                // The most specific exact stem of a word wins ("ubereats" is food, not "uber").
                if !typos, let found = Lexicon.longestExactStem(token.text) { return (found, .keyword(token.original)) }
                for (category, stems) in Lexicon.singleWordCategories {
                    if stems.contains(where: { Fuzzy.hasStem(token.text, $0, typos: typos) }) {
                        return (category, .keyword(token.original))
                    }
                }
            }
            // Between exact stems and typos: Russian forms and names in the other alphabet.
            if !typos, let found = WordForms.categoryByForm(left) { return (found.key, .keyword(found.word)) }
        }
        if let found = WordForms.categoryByDoubledLetters(left) { return (found.key, .keyword(found.word)) }
        return nil
    }
}

// MARK: - The "why" lines

struct Words {
    let language: Language
    init(_ language: Language) { self.language = language }

    /// The text of `key` in `StringTables.quickEntry`, each `{name}` filled.
    private func say(_ key: StringKey, _ values: [String: String] = [:]) -> String {
        fill(StringTables.text(key, language, in: StringTables.quickEntryIndex,
                               translations: StringTables.quickEntryTranslations) ?? key.name, values)
    }

    func day(_ day: Day) -> String { language.compactDate(day) }
    func noDate(_ today: Day) -> String { say("quick_why_no_date", ["day": day(today)]) }
    var planned: String { say("quick_why_planned") }
    var actual: String { say("quick_why_actual") }
    var once: String { say("quick_why_once") }
    var noAccount: String { say("quick_why_no_account") }
    var incomeHasNoCategory: String { say("quick_why_income_no_category") }
    func learned(_ name: String, _ category: String) -> String {
        say("quick_why_learned", ["name": language.quote(name), "category": language.quote(category)])
    }
    func noCategory(_ category: String) -> String { say("quick_why_no_category", ["category": category]) }
    var nameFromCategory: String { say("quick_why_name_from_category") }
    var nameFromText: String { say("quick_why_name_from_text") }
    var income: String { say("quick_why_income_title") }
    var incomeWord: String { say("quick_why_income") }
    var expenseWord: String { say("quick_why_expense") }
    var noIncomeWord: String { say("quick_why_no_income_word") }
    var otherNumbers: String { say("quick_why_other_numbers") }
    func foreign(_ code: String) -> String { say("quick_why_foreign", ["code": code]) }
    func periodicity(_ p: Periodicity) -> String {
        switch p {
        case .weekly: say("quick_why_weekly")
        case .biweekly: say("quick_why_biweekly")
        case .monthly: say("quick_why_monthly")
        case .quarterly: say("quick_why_quarterly")
        case .yearly: say("quick_why_yearly")
        }
    }
}
