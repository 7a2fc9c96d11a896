// Which category an imported expense gets: what the household itself chose for the payee
// before (the learned map), else what the bank says (the MCC, then the bank's category
// column: MerchantCategoryCodes.swift), else the built-in lists (a directory of well-known
// chains, then generic words in ru, en and de: MerchantDirectory.swift), else none
// ("uncategorised", stored as "other"). Pure data and functions; the rule is in
// docs/engine-rules.md.

/// Where a suggested category came from.
public enum CategorySource: String, Sendable, Codable {
    /// One of the household's payee rules.
    case rule
    /// The household's own recent entries for this payee.
    case learned
    /// The merchant category code the bank gave.
    case mcc
    /// The bank's own category column.
    case bank
    /// The built-in lists: the merchant directory, then the generic words (one source, so the
    /// stored `categorySource` values are unchanged).
    case keyword
    /// Nothing matched: the row is uncategorised.
    case none
}

/// A payee rule as the import applies it: when the payee (with its memo) contains `contains`,
/// the entry gets `name` and `category` (each when set).
public struct PayeeRuleMatch: Sendable, Equatable {
    public var contains: String
    public var name: String?
    public var category: String?

    public init(contains: String, name: String? = nil, category: String? = nil) {
        self.contains = contains; self.name = name; self.category = category
    }
}

public enum PayeeCategories {
    /// A rule's text and a payee as compared: normalised (`ImportKeys.normalised`), anything
    /// that is not a letter or digit a space, spaces collapsed ("YANDEX*PLUS" is "yandex plus").
    public static func ruleKey(_ text: String) -> String {
        let words = ImportKeys.normalised(text).map { $0.isLetter || $0.isNumber ? $0 : " " }
        return String(words).split(separator: " ").joined(separator: " ")
    }

    /// The rule for a row's `payee` and `memo`: of the rules whose text the payee and memo
    /// contain (both as `ruleKey`s), the one with the longest text (the most specific), ties
    /// to the earlier in `rules`.
    public static func rule(payee: String, memo: String, rules: [PayeeRuleMatch]) -> PayeeRuleMatch? {
        guard !rules.isEmpty else { return nil }
        let text = " " + ruleKey(payee + " " + memo) + " "
        var best: (length: Int, rule: PayeeRuleMatch)?
        for rule in rules {
            let needle = ruleKey(rule.contains)
            guard !needle.isEmpty, text.contains(needle), needle.count > (best?.length ?? 0) else { continue }
            best = (needle.count, rule)
        }
        return best?.rule
    }

    /// How many of a payee's latest entries the learned map looks at.
    public static let recentEntries = 5

    /// The key a payee is learned under: normalised (`ImportKeys.normalised`), with digits,
    /// punctuation and symbols dropped ("PYATEROCHKA 1234 MOSCOW" and "Pyaterochka 77 Moscow"
    /// are one payee), whitespace collapsed.
    public static func payeeKey(_ text: String) -> String {
        let letters = ImportKeys.normalised(text).map { $0.isLetter ? $0 : " " }
        return String(letters).split(separator: " ").joined(separator: " ")
    }

    /// The learned category from a payee's entries, newest first: the category used most among
    /// the latest five, ties going to the most recent of the tied. One fix by the user therefore
    /// teaches at once, and a settled habit (3 of 5) outweighs a one-off.
    public static func learned(newestFirst categories: [String]) -> String? {
        let recent = categories.prefix(recentEntries)
        var counts: [String: Int] = [:]
        for category in recent { counts[category, default: 0] += 1 }
        guard let best = counts.values.max() else { return nil }
        return recent.first { counts[$0] == best }
    }

    /// The category for an expense paid to `payee` (with `memo`), the first of: the learned
    /// map's (keyed by `payeeKey`), the MCC's, the bank category's, the built-in lists' — each
    /// only when it is one of `allowed`; else nil.
    public static func suggest(payee: String, memo: String, mcc: Int? = nil, bankCategory: String? = nil,
                               learned: [String: String], allowed: Set<String>) -> (category: String?, source: CategorySource) {
        if let category = learned[payeeKey(payee)], allowed.contains(category) { return (category, .learned) }
        if let mcc, let category = MerchantCategoryCodes.category(mcc), allowed.contains(category) { return (category, .mcc) }
        if let bankCategory, let category = MerchantCategoryCodes.category(bankCategory: bankCategory), allowed.contains(category) {
            return (category, .bank)
        }
        if let category = keyword(payee + " " + memo), allowed.contains(category) { return (category, .keyword) }
        return (nil, .none)
    }

    /// The built-in lists' category for `text`, or nil: the merchant directory's (well-known
    /// chains), else the generic words' (`MerchantDirectory.category`).
    public static func keyword(_ text: String) -> String? {
        MerchantDirectory.category(text)
    }
}

// MARK: - Splits

extension PayeeCategories {
    /// A QIF transaction's splits as the parts of one split expense (docs/engine-rules.md,
    /// "Splits"): each part's category is the household's category whose key or name the split's
    /// category is (`names`: normalised key or name → key), else the bank category's, else the
    /// keyword list's for the split's category and memo (each only when in `allowed`), else nil
    /// (the row's own category); its amount in positive minor units. Nil when the row is not an
    /// expense split into 2 to `most` parts of its own sign, none zero, adding up to `total`.
    public static func splitParts(_ splits: [StatementSplit], total: Int64, most: Int, names: [String: String],
                                  allowed: Set<String>) -> [(category: String?, amount: Int64)]? {
        guard total < 0, (2...most).contains(splits.count), splits.allSatisfy({ $0.amount < 0 }),
              splits.reduce(Int64(0), { $0 &+ $1.amount }) == total else { return nil }
        return splits.map { split in
            var category = names[ImportKeys.normalised(split.category)]
            if category == nil, let mapped = MerchantCategoryCodes.category(bankCategory: split.category), allowed.contains(mapped) {
                category = mapped
            }
            if category == nil, let found = keyword(split.category + " " + split.memo), allowed.contains(found) { category = found }
            return (category, -split.amount)
        }
    }
}
