import Engine
import Foundation

// The advisor's commands (acting, always with a preview and an undo): a question that
// clearly asks for a change ("add a goal vacation 100000 by June", «я потратил 450 на обед»)
// becomes a proposed action — the kind and the fields its form would post. Pure: no
// database; the fields are validated later by the same rules as the forms (AdvisorActions.swift).
// Rules: docs/engine-rules.md, "Advisor actions".

/// What an action does.
public enum AdvisorActionKind: String, Sendable, CaseIterable {
    /// A new goal: name, target, deadline (optional).
    case goal
    /// A new recurring income: name, amount, periodicity, start.
    case income
    /// A new recurring expense: name, amount, category, periodicity, start.
    case expense
    /// A monthly category limit: category, amount (replaces the month limit of that category).
    case limit
    /// The payoff strategy: strategy.
    case strategy
    /// A one-off expense or income: kind, name, amount, category, date, status.
    case entry
    /// A step of this month's checklist done: step (its key, "emergency", "goal-3", or the goal's or loan's name).
    case checklist
}

/// A proposed action: its kind and the fields, named as its form names them.
public struct AdvisorAction: Sendable, Equatable {
    public var kind: AdvisorActionKind
    public var fields: [String: String]

    public init(kind: AdvisorActionKind, fields: [String: String]) {
        self.kind = kind
        self.fields = fields
    }

    /// The fields an action of each kind may carry (anything else is refused).
    public static let allowedFields: [AdvisorActionKind: Set<String>] = [
        .goal: ["name", "target", "deadline", "priority", "saved"],
        .income: ["name", "amount", "periodicity", "start"],
        .expense: ["name", "amount", "category", "periodicity", "start"],
        .limit: ["category", "amount"],
        .strategy: ["strategy"],
        .entry: ["kind", "name", "amount", "category", "date", "status"],
        .checklist: ["step"],
    ]
}

/// Reads commands out of a question.
public enum AdvisorCommands {
    /// The action `question` clearly asks for, or nil (then it is an ordinary question).
    /// `categories` are the household's category keys with their names in every language.
    public static func parse(_ question: String, today: Day, categories: [(key: String, names: [String])]) -> AdvisorAction? {
        let text = normalized(question)
        guard !text.isEmpty, text.count <= 200 else { return nil }
        // A question about an action is advice, not a command ("should I switch to snowball?").
        let askers = ["should ", "would ", "what ", "why ", "how ", "is ", "does ", "do ", "can i ", "could i ", "when ", "which ",
                      "стоит ", "нужно ли", "надо ли", "почему", "как ", "что ", "сколько", "зачем", "когда ", "какой ", "какую "]
        guard !askers.contains(where: text.hasPrefix) else { return nil }
        // Nor is a question asking how much anywhere in it, however «сколько» is typed («а скоко я
        // потратил за 2 недели»: "2" is no amount spent).
        let words = text.split(separator: " ").map(String.init)
        guard !words.contains(where: LedgerQuestionReader.isHowMuch),
              !["how much", "how many", "wie viel", "wieviel"].contains(where: { (" " + text + " ").contains(" \($0) ") }) else { return nil }
        if let action = strategy(text) { return action }
        if let action = checklistStep(text) { return action }
        if let action = goal(text, today: today) { return action }
        if let action = limit(text, categories: categories) { return action }
        if let action = spent(text, today: today, categories: categories) { return action }
        if let action = recurring(text, today: today, categories: categories) { return action }
        return nil
    }

    // MARK: - Commands

    /// "switch to snowball", "use the avalanche", «переключи на снежный ком», «перейди на лавину».
    private static func strategy(_ text: String) -> AdvisorAction? {
        let verbs = ["switch", "use ", "change to", "go with", "set strategy", "переключ", "перейд", "перейти", "выбери", "смени", "поменяй", "используй", "давай"]
        guard verbs.contains(where: text.contains) else { return nil }
        let snowball = text.contains("snowball") || text.contains("снежн")
        let avalanche = text.contains("avalanche") || text.contains("лавин")
        guard snowball != avalanche else { return nil }
        return AdvisorAction(kind: .strategy, fields: ["strategy": snowball ? "snowball" : "avalanche"])
    }

    /// "add a goal vacation 100000 by June", «добавь цель отпуск 150 000 к июню».
    private static func goal(_ text: String, today: Day) -> AdvisorAction? {
        guard let rest = after(text, ["add a goal", "add goal", "add a new goal", "new goal", "create a goal", "create goal", "save for",
                                      "добавь цель", "добавить цель", "создай цель", "новая цель", "заведи цель"]) else { return nil }
        var words = rest
        var deadline: Day?
        if case let (month, consumed)? = monthPhrase(words, today: today) {
            deadline = month.lastDay
            words = consumed
        }
        guard case let (amount, name)? = amountAndName(words), !name.isEmpty else { return nil }
        var fields = ["name": capitalized(name), "target": amount, "priority": "2"]
        if let deadline { fields["deadline"] = deadline.iso }
        return AdvisorAction(kind: .goal, fields: fields)
    }

    /// "set a limit for food 20000", «поставь лимит на еду 20000», «лимит на продукты 15 000».
    private static func limit(_ text: String, categories: [(key: String, names: [String])]) -> AdvisorAction? {
        guard let rest = after(text, ["set a limit for", "set a limit on", "set limit for", "set a food limit", "limit for", "limit on",
                                      "set a limit", "лимит на", "лимит для", "ограничь", "ограничить"]) else { return nil }
        var words = rest
        if text.contains("food limit") { words = "food " + words }
        guard case let (amount, name)? = amountAndName(words), let key = category(name, categories) else { return nil }
        return AdvisorAction(kind: .limit, fields: ["category": key, "amount": amount])
    }

    /// "I spent 450 on lunch", «я потратил 450 на обед», «потратила 1200 на такси».
    private static func spent(_ text: String, today: Day, categories: [(key: String, names: [String])]) -> AdvisorAction? {
        guard let rest = after(text, ["i spent", "spent", "i paid", "я потратил", "я потратила", "потратил", "потратила", "заплатил", "заплатила"])
        else { return nil }
        guard case let (amount, remainder)? = amountAndName(rest), !countsTime(amount, in: rest) else { return nil }
        var name = remainder
        for prefix in ["on ", "for ", "at ", "на ", "за ", "в "] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        for article in ["a ", "an ", "the ", "my "] where name.hasPrefix(article) { name = String(name.dropFirst(article.count)) }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        let key = category(name, categories) ?? spendingCategory(name) ?? "other"
        return AdvisorAction(kind: .entry, fields: ["kind": "expense", "name": capitalized(name), "amount": amount, "category": key,
                                                    "date": today.iso, "status": "actual"])
    }

    /// "add a recurring expense gym 3000", "add monthly income freelance 20000", «добавь расход спортзал 3000 ежемесячно».
    private static func recurring(_ text: String, today: Day, categories: [(key: String, names: [String])]) -> AdvisorAction? {
        let incomes = ["add a recurring income", "add recurring income", "add a monthly income", "add monthly income", "add an income", "add income",
                       "добавь доход", "добавить доход", "добавь ежемесячный доход", "добавь регулярный доход"]
        let expenses = ["add a recurring expense", "add recurring expense", "add a monthly expense", "add monthly expense", "add an expense",
                        "add expense", "добавь расход", "добавить расход", "добавь ежемесячный расход", "добавь регулярный расход"]
        let kind: AdvisorActionKind
        let rest: String
        if let r = after(text, incomes) { kind = .income; rest = r } else if let r = after(text, expenses) { kind = .expense; rest = r } else { return nil }
        var words = " " + rest + " "
        var periodicity = "monthly"
        for (word, value) in [("weekly", "weekly"), ("every week", "weekly"), ("еженедельно", "weekly"), ("в неделю", "weekly"),
                              ("yearly", "yearly"), ("every year", "yearly"), ("ежегодно", "yearly"), ("в год", "yearly"),
                              ("monthly", "monthly"), ("every month", "monthly"), ("a month", "monthly"), ("per month", "monthly"),
                              ("ежемесячно", "monthly"), ("в месяц", "monthly")] where words.contains(" \(word) ") {
            periodicity = value
            words = words.replacingOccurrences(of: " \(word) ", with: " ")
            break
        }
        guard case let (amount, name)? = amountAndName(words.trimmingCharacters(in: .whitespaces)), !name.isEmpty else { return nil }
        var fields = ["name": capitalized(name), "amount": amount, "periodicity": periodicity, "start": today.iso]
        if kind == .expense { fields["category"] = category(name, categories) ?? spendingCategory(name) ?? "other" }
        return AdvisorAction(kind: kind, fields: fields)
    }

    /// "mark the emergency fund step done", "mark laptop as done", «отметь шаг подушка выполненным»,
    /// «шаг ноутбук выполнен»: the step as typed (the web layer finds it in this month's checklist).
    private static func checklistStep(_ text: String) -> AdvisorAction? {
        let shapes: [(prefixes: [String], suffixes: [String])] = [
            (["mark "], [" as done", " done", " as complete", " complete", " as completed", " completed"]),
            (["отметь ", "отметить ", "отмечай "], [" как выполненный", " как сделанный", " выполненным", " сделанным", " выполнено", " сделано"]),
            (["шаг "], [" выполнен", " сделан", " готов"]),
        ]
        for shape in shapes {
            guard let prefix = shape.prefixes.first(where: text.hasPrefix),
                  let suffix = shape.suffixes.first(where: text.hasSuffix), text.count > prefix.count + suffix.count else { continue }
            var step = String(text.dropFirst(prefix.count).dropLast(suffix.count))
            for filler in ["the ", "checklist ", "step ", "for ", "шаг ", "чеклиста ", "чек-листа ", "по "] where step.hasPrefix(filler) {
                step = String(step.dropFirst(filler.count))
            }
            for filler in [" step", " шаг"] where step.hasSuffix(filler) { step = String(step.dropLast(filler.count)) }
            step = step.trimmingCharacters(in: .whitespaces)
            guard !step.isEmpty, step.count <= 60 else { return nil }
            return AdvisorAction(kind: .checklist, fields: ["step": step])
        }
        return nil
    }

    // MARK: - Words

    /// Lower-cased, single-spaced, without trailing punctuation and politeness.
    public static func normalized(_ question: String) -> String {
        var text = question.lowercased().replacingOccurrences(of: "ё", with: "е")
        for mark in ["?", "!", "«", "»", "\"", ":", ";"] { text = text.replacingOccurrences(of: mark, with: " ") }
        text = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        while text.hasSuffix(".") || text.hasSuffix(",") { text.removeLast() }
        for polite in ["please ", "пожалуйста ", "pls ", "could you ", "can you ", "можешь ", "можно "] where text.hasPrefix(polite) {
            text = String(text.dropFirst(polite.count))
        }
        for polite in [" please", " пожалуйста"] where text.hasSuffix(polite) { text = String(text.dropLast(polite.count)) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// True when `amount` is a number of days, weeks, months or years in `words` ("spent in the last
    /// 7 days", «потратил за 2 недели»): a span of time, not money.
    private static func countsTime(_ amount: String, in words: String) -> Bool {
        let tokens = words.split(separator: " ").map(String.init)
        let units = ["day", "week", "month", "year", "дн", "ден", "недел", "месяц", "год", "лет", "tag", "woche", "monat", "jahr"]
        return tokens.indices.contains { i in
            tokens[i] == amount && i + 1 < tokens.count && units.contains(where: tokens[i + 1].hasPrefix)
        }
    }

    /// The text after the first of `prefixes` the text starts with, or nil.
    private static func after(_ text: String, _ prefixes: [String]) -> String? {
        let padded = " " + text + " "
        for prefix in prefixes.sorted(by: { $0.count > $1.count }) {
            guard let range = padded.range(of: " " + prefix + " ") else { continue }
            return String(padded[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The one amount in the words ("150 000", "100000", "99.50", "20k", "20 тыс") as plain digits,
    /// and the words without it; nil with no amount or more than one.
    public static func amountAndName(_ words: String) -> (amount: String, name: String)? {
        let tokens = words.split(separator: " ").map(String.init)
        var amountTokens: [Int] = []
        var i = 0
        var amount: String?
        while i < tokens.count {
            if case let (value, used)? = amountAt(tokens, i) {
                guard amount == nil else { return nil }
                amount = value
                amountTokens += Array(i..<(i + used))
                i += used
            } else {
                i += 1
            }
        }
        guard let amount else { return nil }
        let skip: Set<String> = ["₽", "руб", "руб.", "рублей", "рубля", "р", "р.", "$", "usd", "rub", "dollars", "roubles", "rubles"]
        let name = tokens.enumerated().filter { !amountTokens.contains($0.offset) && !skip.contains($0.element) }.map(\.element)
            .joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,.-—"))
        return (amount, name)
    }

    /// An amount starting at token `i`: digit groups of three after the first ("150 000"),
    /// a decimal part, and a "k"/"тыс" multiplier; the value and the tokens used.
    private static func amountAt(_ tokens: [String], _ i: Int) -> (String, Int)? {
        var token = tokens[i]
        for sign in ["$", "₽"] where token.hasPrefix(sign) { token = String(token.dropFirst()) }
        for sign in ["₽", "$", "р", "р."] where token.hasSuffix(sign) && token.count > sign.count { token = String(token.dropLast(sign.count)) }
        var multiplier = 1
        if token.hasSuffix("k") || token.hasSuffix("к") { multiplier = 1000; token.removeLast() }
        guard let first = token.first, first.isASCII, first.isNumber else { return nil }
        let allowed = CharacterSet(charactersIn: "0123456789.,")
        guard token.unicodeScalars.allSatisfy(allowed.contains), token.count <= 16 else { return nil }
        var digits = token.replacingOccurrences(of: ",", with: ".")
        var used = 1
        // "150 000": groups of exactly three digits after a group of one to three.
        if !digits.contains("."), digits.count <= 3 {
            while i + used < tokens.count, tokens[i + used].count == 3 || (tokens[i + used].count > 3 && tokens[i + used].dropFirst(3).first == "."),
                  tokens[i + used].prefix(3).allSatisfy({ $0.isASCII && $0.isNumber }),
                  tokens[i + used].dropFirst(3).allSatisfy({ $0 == "." || $0 == "," || ($0.isASCII && $0.isNumber) }) {
                digits += tokens[i + used].replacingOccurrences(of: ",", with: ".")
                used += 1
            }
        }
        if i + used < tokens.count, ["тыс", "тыс.", "тысяч", "thousand", "k"].contains(tokens[i + used]) { multiplier = 1000; used += 1 }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 13 else { return nil }
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), multiplier == 1 else { return nil }
            return ("\(whole).\(parts[1])", used)
        }
        guard let value = Int64(whole), value > 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: Int64(multiplier))
        guard !overflow else { return nil }
        return ("\(product)", used)
    }

    /// "by June", "in june", «к июню», «до июня»: the next such month (this one counts) and the words without it.
    private static func monthPhrase(_ words: String, today: Day) -> (YearMonth, String)? {
        let stems: [(String, Int)] = [("january", 1), ("february", 2), ("march", 3), ("april", 4), ("may", 5), ("june", 6), ("july", 7),
                                      ("august", 8), ("september", 9), ("october", 10), ("november", 11), ("december", 12),
                                      ("январ", 1), ("феврал", 2), ("март", 3), ("апрел", 4), ("ма", 5), ("июн", 6), ("июл", 7),
                                      ("август", 8), ("сентябр", 9), ("октябр", 10), ("ноябр", 11), ("декабр", 12)]
        let tokens = words.split(separator: " ").map(String.init)
        for (index, token) in tokens.enumerated() where index > 0 && ["by", "in", "until", "before", "к", "до", "в", "на"].contains(tokens[index - 1]) {
            guard let month = stems.first(where: { stem in
                stem.0 == "ма" ? ["мая", "маю", "май", "мае"].contains(token) : token.hasPrefix(stem.0)
            })?.1 else { continue }
            var year = today.year
            var yearTokens = 0
            if index + 1 < tokens.count, let y = Int(tokens[index + 1]), (1900...2199).contains(y) { year = y; yearTokens = 1 }
            else if month < today.month { year += 1 }
            guard let ym = YearMonth(year: year, month: month) else { return nil }
            let rest = tokens.enumerated().filter { $0.offset < index - 1 || $0.offset > index + yearTokens }.map(\.element).joined(separator: " ")
            return (ym, rest)
        }
        return nil
    }

    /// The category key whose key or name starts like `words` (a word's stem: "еду" → "ед…").
    private static func category(_ words: String, _ categories: [(key: String, names: [String])]) -> String? {
        let word = words.split(separator: " ").first.map(String.init) ?? ""
        guard word.count >= 2 else { return nil }
        let stem = String(word.prefix(max(2, word.count - 1)))
        if let exact = categories.first(where: { $0.key == word || $0.names.contains { $0.lowercased() == word } }) { return exact.key }
        if let match = categories.first(where: { $0.key.hasPrefix(stem) || $0.names.contains { $0.lowercased().hasPrefix(stem) } }) {
            return match.key
        }
        return spendingCategory(word)
    }

    /// A built-in category for common spending words (lunch → food, taxi → transport), or nil.
    private static func spendingCategory(_ name: String) -> String? {
        let map: [(String, String)] = [
            ("lunch", "food"), ("dinner", "food"), ("breakfast", "food"), ("coffee", "food"), ("groceries", "food"), ("food", "food"),
            ("обед", "food"), ("ужин", "food"), ("завтрак", "food"), ("кофе", "food"), ("продукт", "food"), ("ед", "food"),
            ("taxi", "transport"), ("bus", "transport"), ("fuel", "transport"), ("такси", "transport"), ("метро", "transport"), ("бензин", "transport"),
            ("cinema", "entertainment"), ("кино", "entertainment"), ("medicine", "health"), ("лекарств", "health"), ("аптек", "health"),
            ("rent", "housing"), ("аренд", "housing"), ("квартир", "housing"), ("gym", "health"), ("спортзал", "health"),
        ]
        let word = name.split(separator: " ").first.map(String.init) ?? name
        return map.first { word.hasPrefix($0.0) }?.1
    }

    private static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
