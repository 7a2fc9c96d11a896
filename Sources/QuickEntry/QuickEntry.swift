import Engine

// Quick entry in plain words: "кофе 250 вчера" → a draft entry with a confidence and a
// one-line "why" per field. Pure: no clock, no storage (docs/engine-rules.md, "Quick entry
// in plain words").

// MARK: - Input and output

/// What the parser needs besides the text.
public struct QuickContext: Sendable {
    public var today: Day
    /// Decides the order of `11/21` (en) or `21/11` (ru) and the language of the "why" lines.
    public var language: Language
    /// The household currency (amounts are in its minor units).
    public var currency: Currency
    /// The household's account names.
    public var accounts: [String]
    /// The household's own categories (key, name), matched by name before the built-in list.
    public var customCategories: [QuickCustomCategory]
    /// The learned payee → category map, asked with the draft's name; nil when unknown.
    public var learnedCategory: @Sendable (String) -> String?
    /// A category's display name, for the "why" lines and an empty name.
    public var categoryName: @Sendable (String) -> String

    /// Creates a context; by default no accounts, no custom categories, nothing learned and
    /// category keys shown as they are.
    public init(today: Day, language: Language, currency: Currency, accounts: [String] = [],
                customCategories: [QuickCustomCategory] = [],
                learnedCategory: @escaping @Sendable (String) -> String? = { _ in nil },
                categoryName: @escaping @Sendable (String) -> String = { $0 }) {
        self.today = today; self.language = language; self.currency = currency; self.accounts = accounts
        self.customCategories = customCategories; self.learnedCategory = learnedCategory; self.categoryName = categoryName
    }
}

/// One of the household's own categories.
public struct QuickCustomCategory: Sendable, Equatable {
    public var key: String
    public var name: String
    /// Creates one.
    public init(key: String, name: String) { self.key = key; self.name = name }
}

/// The fields of a draft that carry a confidence and a "why".
public enum QuickField: String, CaseIterable, Sendable {
    case kind, name, amount, date, status, category, periodicity, account
}

/// How sure the parser is of one field (0…100 %) and the one line saying why.
public struct QuickGuess: Sendable, Equatable {
    public var confidence: Int
    public var why: String
    /// Creates a guess.
    public init(confidence: Int, why: String) { self.confidence = confidence; self.why = why }
}

/// One entry read from a phrase, not saved.
public struct QuickDraft: Sendable, Equatable {
    /// The part of the text it was read from.
    public var text: String
    public var kind: FlowKind
    public var name: String
    /// In the household currency's minor units, 1…10^12.
    public var amount: Money
    public var date: Day
    /// A future date makes a planned entry.
    public var isPlanned: Bool
    /// A category key for an expense, nil for an income.
    public var category: String?
    /// Set when the phrase says how often ("monthly"): propose a recurring item.
    public var periodicity: Periodicity?
    /// Index into `QuickContext.accounts`, nil when none was named.
    public var account: Int?
    public var fields: [QuickField: QuickGuess]
    /// Overall, 0…100: 0.4·amount + 0.2·date + 0.3·category + 0.1·kind, to the nearest 5.
    public var confidence: Int
}

/// Why part of a phrase could not become a draft.
public enum QuickProblem: Sendable, Equatable {
    /// Nothing typed.
    case empty
    /// Longer than `QuickEntryParser.maximumLength` characters.
    case tooLong
    /// No amount (or one outside 0.01 … 10^10) in this part.
    case noAmount(String)
}

/// The drafts read from a text and the parts that could not be read.
public struct QuickParse: Sendable, Equatable {
    public var drafts: [QuickDraft]
    public var problems: [QuickProblem]
}

// MARK: - Parser

public enum QuickEntryParser {
    /// The longest text read.
    public static let maximumLength = 500
    /// The most drafts read from one text.
    public static let maximumDrafts = 20
    /// Below this (in %), a field is doubtful and highlighted.
    public static let doubtful = 80

    /// Reads `text`: one draft per part (parts are split at `;`, new lines, and at ", " before
    /// a word when every piece has a number).
    public static func parse(_ text: String, _ context: QuickContext) -> QuickParse {
        let trimmed = text.trimmingCharacters(in: " \t\r\n")
        guard !trimmed.isEmpty else { return QuickParse(drafts: [], problems: [.empty]) }
        guard trimmed.count <= maximumLength else { return QuickParse(drafts: [], problems: [.tooLong]) }
        var drafts: [QuickDraft] = []
        var problems: [QuickProblem] = []
        for part in parts(trimmed).prefix(maximumDrafts) {
            if let draft = draft(part, context) { drafts.append(draft) } else { problems.append(.noAmount(part)) }
        }
        return QuickParse(drafts: drafts, problems: problems)
    }

    /// The parts of a text.
    static func parts(_ text: String) -> [String] {
        var result: [String] = []
        for piece in text.split(whereSeparator: { $0 == ";" || $0 == "\n" || $0 == "\r" }) {
            let piece = String(piece).trimmingCharacters(in: " \t")
            guard !piece.isEmpty else { continue }
            // ", " before a letter splits when every piece has a digit ("lunch 12.50, taxi 8").
            var pieces: [String] = []
            var current = ""
            let chars = Array(piece)
            for (i, c) in chars.enumerated() {
                if c == ",", i + 2 < chars.count, chars[i + 1] == " ", chars[i + 2].isLetter {
                    pieces.append(current); current = ""
                } else { current.append(c) }
            }
            pieces.append(current)
            if pieces.count > 1, pieces.allSatisfy({ $0.contains(where: { $0.isASCII && $0.isNumber }) }) {
                result += pieces.map { $0.trimmingCharacters(in: " \t") }
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// One draft from one part, or nil when it has no amount.
    static func draft(_ part: String, _ context: QuickContext) -> QuickDraft? {
        var reading = Reading(tokens: Tokenizer.fixingLayout(Tokenizer.tokens(part)), context: context)
        reading.mergeSpaceGroups()
        let date = reading.readDate()
        let periodicity = reading.readPeriodicity()
        guard let amount = reading.readAmount(dateFound: date != nil) else { return nil }
        let finalDate = date ?? amount.date
        let kind = reading.readKind(amountIndex: amount.index)
        let account = reading.readAccount()
        let words = Words(context.language)

        var fields: [QuickField: QuickGuess] = [:]
        fields[.amount] = amount.guess
        fields[.kind] = QuickGuess(confidence: kind.confidence, why: kind.phrase)
        let day = finalDate?.value ?? context.today
        fields[.date] = finalDate.map { QuickGuess(confidence: $0.confidence, why: "\($0.phrase) → \(words.day(day))") }
            ?? QuickGuess(confidence: 90, why: words.noDate(day))
        let isPlanned = day > context.today
        fields[.status] = QuickGuess(confidence: fields[.date]!.confidence, why: isPlanned ? words.planned : words.actual)
        fields[.periodicity] = periodicity.map { QuickGuess(confidence: 90, why: "\($0.phrase) → \(words.periodicity($0.value))") }
            ?? QuickGuess(confidence: 100, why: words.once)
        fields[.account] = account.map { QuickGuess(confidence: 90, why: "\($0.phrase) → \(context.accounts[$0.index])") }
            ?? QuickGuess(confidence: 100, why: words.noAccount)

        let rawName = reading.nameText()
        var category: String?
        if kind.value == .income {
            fields[.category] = QuickGuess(confidence: 100, why: words.incomeHasNoCategory)
        } else {
            let found = reading.readCategory(name: rawName)
            category = found.key
            let shown = context.categoryName(found.key)
            switch found.source {
            case .learned: fields[.category] = QuickGuess(confidence: 100, why: words.learned(rawName, shown))
            case .keyword(let word): fields[.category] = QuickGuess(confidence: 80, why: "\(word) → \(shown)")
            case .none: fields[.category] = QuickGuess(confidence: 40, why: words.noCategory(shown))
            }
        }
        let name = rawName.isEmpty ? (category.map(context.categoryName) ?? words.income) : rawName
        fields[.name] = QuickGuess(confidence: rawName.isEmpty ? 60 : 90, why: rawName.isEmpty ? words.nameFromCategory : words.nameFromText)

        let c = { (field: QuickField) in fields[field]!.confidence }
        let weighted = 40 * c(.amount) + 20 * c(.date) + 30 * c(.category) + 10 * c(.kind)
        let overall = (weighted + 250) / 500 * 5
        return QuickDraft(text: part, kind: kind.value, name: name, amount: Money(minorUnits: amount.value), date: day,
                          isPlanned: isPlanned, category: category, periodicity: periodicity?.value, account: account?.index,
                          fields: fields, confidence: overall)
    }
}

// MARK: - Names

extension String {
    /// The text with its first letter upper-cased.
    var capitalisedFirst: String { isEmpty ? self : prefix(1).uppercased() + dropFirst() }

    func trimmingCharacters(in set: String) -> String {
        let chars = Array(self)
        var start = 0, end = chars.count
        while start < end && set.contains(chars[start]) { start += 1 }
        while end > start && set.contains(chars[end - 1]) { end -= 1 }
        return String(chars[start..<end])
    }
}
