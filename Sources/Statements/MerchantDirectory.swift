import Foundation

// The two built-in lists an imported expense is categorised by when the household's own
// history, its payee rules and the bank's MCC or category say nothing: the merchant directory
// (well-known chains, Resources/merchant-directory.txt) and the generic words (pharmacy, cafe,
// taxi… in Russian, English and German, Resources/payee-words.txt). Both are data, read once at
// first use; this file is how a payee is compared with them. The rule, with examples:
// docs/engine-rules.md, "Categories" and "The merchant directory and the generic words".

/// A list of payee patterns by category, parsed from a resource (format: `PayeeList.parse`).
public struct PayeeList: Sendable {
    /// How one word of a pattern matches one word of the payee (both as `MerchantDirectory.skeleton`s).
    enum Mode: Sendable { case whole, prefix, suffix, infix }

    struct Word: Sendable {
        var text: String
        var mode: Mode

        func matches(_ token: String) -> Bool {
            switch mode {
            case .whole: token == text
            case .prefix: token.hasPrefix(text)
            case .suffix: token.hasSuffix(text)
            case .infix: token.contains(text)
            }
        }
    }

    struct Pattern: Sendable {
        var words: [Word]
        /// nil: a known payee that is no category (a marketplace, cash, a transfer): stops the search.
        var category: String?
        /// The line as written, for tests and the docs.
        var written: String
        var length: Int
        /// The spelling's letters and digits as written, lower-case, for a name too short to be
        /// found by its skeleton (`shortName`): B&Q is `bq`.
        var letters: String
        /// A name of two letters or fewer in skeleton (B&Q, DM): the payee's words must spell it
        /// exactly, not just fold to it ("BKK" folds to `bk`, B&Q's skeleton, and is no B&Q).
        var shortName: Bool { length <= 2 }
    }

    var patterns: [Pattern] = []
    /// A match in the `other` section (known, no category) never outranks one with a category
    /// (the generic words: "überweisung" in the memo must not hide the payee's "zahnarzt").
    var categoryFirst = false
    /// Pattern indices by their first word, for patterns whose first word matches whole.
    var byFirstWord: [String: [Int]] = [:]
    /// Pattern indices by the pattern's words joined into one ("whole foods" as "wholefoods").
    var byJoined: [String: [Int]] = [:]
    /// Pattern indices by the first three letters of a first word that is a prefix.
    var byStart: [String: [Int]] = [:]
    /// Patterns whose first word is a suffix, an infix or a prefix shorter than three letters:
    /// checked against every word.
    var scanned: [Int] = []

    /// The number of patterns (every spelling of every name).
    public var count: Int { patterns.count }

    /// The categories and spellings as written, in order (for tests).
    public var entries: [(category: String?, pattern: String)] { patterns.map { ($0.category, $0.written) } }

    /// Parses a list: `[category]` lines open a section (a built-in category key, or `other`:
    /// known, but no category); every other line is one name, its spellings separated by `|`;
    /// `#` starts a comment. A spelling's words match the payee's words whole, `word*` as a
    /// prefix, `*word` as a suffix, `*word*` anywhere inside a word (a stem whose skeleton has
    /// fewer than four letters matches whole). With `lastWordPrefix`
    /// (the directory), a spelling's last word of six or more letters also matches as a prefix
    /// ("mcdonald" finds "MCDONALDS").
    public static func parse(_ text: String, lastWordPrefix: Bool, categoryFirst: Bool = false) -> PayeeList {
        var list = PayeeList()
        list.categoryFirst = categoryFirst
        var category: String??
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                category = .some(name == "other" ? nil : name)
                continue
            }
            guard let current = category else { continue }
            for spelling in line.split(separator: "|") {
                let written = spelling.trimmingCharacters(in: .whitespaces)
                var words: [Word] = []
                for raw in written.split(separator: " ") {
                    let starts = raw.hasPrefix("*"), ends = raw.hasSuffix("*")
                    let bare = String(raw.drop { $0 == "*" }.reversed().drop { $0 == "*" }.reversed())
                    let mode: Mode = starts && ends ? .infix : starts ? .suffix : ends ? .prefix : .whole
                    for (index, token) in MerchantDirectory.tokens(bare).enumerated() {
                        // A stem mark belongs to the written word's first (suffix) or last (prefix) token.
                        words.append(Word(text: token, mode: index == 0 || mode == .prefix ? mode : .whole))
                    }
                }
                guard !words.isEmpty else { continue }
                // A stem of fewer than four letters would find too much ("shoe*" is `sho*`): it matches whole.
                for index in words.indices where words[index].mode != .whole && words[index].text.count < 4 { words[index].mode = .whole }
                if lastWordPrefix, words[words.count - 1].mode == .whole, words[words.count - 1].text.count >= 6 {
                    words[words.count - 1].mode = .prefix
                }
                let index = list.patterns.count
                let letters = String(ImportKeys.normalised(written).filter { $0.isLetter || $0.isNumber })
                list.patterns.append(Pattern(words: words, category: current, written: written,
                                             length: words.reduce(0) { $0 + $1.text.count }, letters: letters))
                switch words[0].mode {
                case .whole: list.byFirstWord[words[0].text, default: []].append(index)
                case .prefix where words[0].text.count >= 3: list.byStart[String(words[0].text.prefix(3)), default: []].append(index)
                default: list.scanned.append(index)
                }
                if words.count > 1, words.allSatisfy({ $0.mode == .whole || $0.mode == .prefix }) {
                    list.byJoined[words.map(\.text).joined(), default: []].append(index)
                }
            }
        }
        return list
    }

    /// A pattern found in a payee, and the payee's words it covers.
    struct Match {
        var pattern: Pattern
        var words: Range<Int>
        var category: String? { pattern.category }
        var written: String { pattern.written }
    }

    /// The pattern found in `tokens` (`MerchantDirectory.tokens` of a payee) with the most
    /// letters, ties to the one listed first; nil when none is found. Its category is nil for
    /// the `other` section. `written` (the words as the payee spells them, one per token) decides
    /// short names (`Pattern.shortName`); without it they match by skeleton.
    func match(_ tokens: [String], written: [String]? = nil) -> Match? {
        var best: (index: Int, words: Range<Int>)?
        func consider(_ index: Int, _ words: Range<Int>) {
            let pattern = patterns[index]
            if pattern.shortName, let written, words.upperBound <= written.count,
               written[words].joined() != pattern.letters { return }
            if let current = best {
                let (a, b) = (pattern, patterns[current.index])
                if categoryFirst, (a.category == nil) != (b.category == nil) {
                    if b.category == nil { best = (index, words) }
                    return
                }
                if a.length > b.length || (a.length == b.length && index < current.index) { best = (index, words) }
            } else {
                best = (index, words)
            }
        }
        func sequence(_ pattern: Pattern, at start: Int) -> Bool {
            guard start + pattern.words.count <= tokens.count else { return false }
            for (offset, word) in pattern.words.enumerated() where !word.matches(tokens[start + offset]) { return false }
            return true
        }
        func candidates(_ token: String) -> [Int] {
            (byFirstWord[token] ?? []) + (byStart[String(token.prefix(3))] ?? [])
        }
        for (position, token) in tokens.enumerated() {
            for index in candidates(token) + scanned where sequence(patterns[index], at: position) {
                consider(index, position..<position + patterns[index].words.count)
            }
            for index in byJoined[token] ?? [] { consider(index, position..<position + 1) }
            if position + 1 < tokens.count {
                // A one-word name the bank printed in two ("DODO PIZZA" for "dodopizza").
                let pair = token + tokens[position + 1]
                for index in candidates(pair) where patterns[index].words.count == 1 && patterns[index].words[0].matches(pair) {
                    consider(index, position..<position + 2)
                }
            }
        }
        return best.map { Match(pattern: patterns[$0.index], words: $0.words) }
    }
}

public enum MerchantDirectory {
    /// Well-known chains (Resources/merchant-directory.txt).
    public static let chains: PayeeList = load("merchant-directory", lastWordPrefix: true)
    /// Generic words and stems, ru, en and de (Resources/payee-words.txt).
    public static let genericWords: PayeeList = load("payee-words", lastWordPrefix: false, categoryFirst: true)

    static func load(_ name: String, lastWordPrefix: Bool, categoryFirst: Bool = false) -> PayeeList {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("the categoriser's list \(name).txt is missing from \(Bundle.module.bundlePath)")
        }
        return PayeeList.parse(text, lastWordPrefix: lastWordPrefix, categoryFirst: categoryFirst)
    }

    /// The category the lists give `text`: the directory's longest name found, else the generic
    /// words' longest; nil when neither finds anything. A directory name in `other` (a known
    /// merchant that is no one category) leaves the rest of the text to the generic words
    /// ("MEDIA MARKT" is an electronics chain, not a market; "SATURN" one too, but "TAXI SATURN"
    /// a taxi); a generic word in `other` (a transfer, a hairdresser) ends the search with nil
    /// unless a generic word with a category is found too (`PayeeList.categoryFirst`).
    public static func category(_ text: String) -> String? {
        let both = words(text)
        var tokens = both.map(\.skeleton), written = both.map(\.written)
        if let found = chains.match(tokens, written: written) {
            if let category = found.category { return category }
            tokens.removeSubrange(found.words); written.removeSubrange(found.words)
        }
        return genericWords.match(tokens, written: written)?.category
    }

    /// Words a bank adds around a merchant's name: legal forms and card acquirers' prefixes.
    /// Dropped before matching, so they neither match nor separate a name's words.
    static let noise: Set<String> = [
        "ооо", "ип", "ао", "пао", "зао", "оао", "нао", "ooo", "ip", "ao", "pao", "zao", "oao",
        "llc", "inc", "ltd", "limited", "corp", "co", "plc", "lp", "gmbh", "ag", "kg", "ohg", "ug", "mbh", "sa", "sarl", "bv", "srl",
        "sq", "sumup", "tst", "zettle", "izettle", "paypal", "pp", "pos", "visa", "mastercard", "card", "payment", "purchase",
        "debit", "contactless", "оплата", "покупка", "товаров", "услуг", "kartenzahlung", "lastschrift",
    ]

    /// A payee's words as the lists compare them: normalised (`ImportKeys.normalised`),
    /// apostrophes dropped ("JOE'S" is "joes"), split at anything not a letter or digit, numbers
    /// (store numbers) and `noise` dropped, each word as its `skeleton`.
    public static func tokens(_ text: String) -> [String] { words(text).map(\.skeleton) }

    /// `tokens`, each with the word as the payee spells it (lower-case, before the skeleton).
    static func words(_ text: String) -> [(written: String, skeleton: String)] {
        let cleaned = ImportKeys.normalised(text).unicodeScalars.compactMap { scalar -> Character? in
            if "'’ʼ`".unicodeScalars.contains(scalar) { return nil }
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : " "
        }
        return String(cleaned).split(separator: " ").compactMap { word in
            guard word.contains(where: \.isLetter), !noise.contains(String(word)) else { return nil }
            let shape = skeleton(String(word))
            return shape.isEmpty ? nil : (String(word), shape)
        }
    }

    /// Russian letters as Latin (the common bank transliteration).
    static let cyrillic: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "y",
        "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
        "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    ]

    /// Latin letters with marks as plain letters (German umlauts as the vowel: `ae` is folded below).
    static let marks: [Character: String] = [
        "ä": "a", "ö": "o", "ü": "u", "ß": "ss", "é": "e", "è": "e", "ê": "e", "ë": "e", "á": "a", "à": "a", "â": "a",
        "í": "i", "ì": "i", "î": "i", "ï": "i", "ó": "o", "ò": "o", "ô": "o", "ú": "u", "ù": "u", "û": "u", "ç": "c",
        "ñ": "n", "ø": "o", "å": "a", "æ": "ae", "œ": "oe",
    ]

    /// Spellings that one sound has across transliterations and languages, folded to one.
    static let folds: [(String, String)] = [
        ("shch", "sh"), ("sch", "sh"), ("kh", "h"), ("ck", "k"), ("ph", "f"), ("x", "ks"), ("ae", "a"), ("oe", "o"),
        ("ue", "u"), ("y", "i"), ("j", "i"), ("w", "v"), ("q", "k"),
    ]

    /// One lower-case word in the form both sides are compared in: Russian letters transliterated,
    /// marks dropped, then `folds`, `c` as `k` (but `ch` kept), doubled letters as one. So
    /// «Пятёрочка» and PYATEROCHKA are both `piaterochka`, КОФЕ, KOFE and COFFEE `kofe`, BÄCKEREI
    /// and BAECKEREI `bakerei`, ТАКСИ and TAXI `taksi`.
    public static func skeleton(_ word: String) -> String {
        var latin = ""
        for character in word {
            if let letters = cyrillic[character] ?? marks[character] { latin += letters } else { latin.append(character) }
        }
        for (from, to) in folds where latin.contains(from) { latin = latin.replacingOccurrences(of: from, with: to) }
        var result = ""
        var previous: Character?
        let characters = Array(latin)
        for (index, character) in characters.enumerated() {
            let letter: Character = character == "c" && (index + 1 >= characters.count || characters[index + 1] != "h") ? "k" : character
            if letter != previous || letter.isNumber { result.append(letter) }
            previous = letter
        }
        return result
    }
}
