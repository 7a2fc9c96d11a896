// Matching a word against the word lists beyond the exact stem and the one-typo rules:
// Russian endings and diminutive suffixes (a stemming rule, not lists of forms) and names
// written in the other alphabet (a transliteration rule: «окко» is okko, "uber" is убер).
// docs/engine-rules.md, "Quick entry in plain words".

enum WordForms {
    // MARK: - Russian stems

    /// Case and number endings, longest first.
    static let endings = [
        "иями", "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "иях", "ах", "ях", "ов", "ев", "ей", "ой", "ый",
        "ий", "ая", "яя", "ое", "ее", "ые", "ие", "ую", "юю", "ом", "ем", "ам", "ям", "а", "я", "у", "ю", "ы", "и", "е", "о", "ь",
    ]
    /// Diminutive and endearing suffixes, longest first ("хлебушек", "пивко", "супчик", "носочки").
    static let diminutives = [
        "ушек", "ышек", "ишек", "ечек", "очек", "ушк", "юшк", "ышк", "ишк", "ечк", "очк", "оньк", "еньк", "ичк", "чик",
        "ик", "ок", "ек", "к",
    ]

    /// The base of a Russian word: one ending, then one diminutive suffix, taken off while at
    /// least three letters remain; nil for a word that is not all Cyrillic or is too short.
    static func russianBase(_ word: String) -> String? {
        guard word.count >= 3, word.allSatisfy(isCyrillic) else { return nil }
        var base = word
        if let ending = endings.first(where: { base.hasSuffix($0) && base.count - $0.count >= 3 }) {
            base = String(base.dropLast(ending.count))
        }
        if let suffix = diminutives.first(where: { base.hasSuffix($0) && base.count - $0.count >= 3 }) {
            base = String(base.dropLast(suffix.count))
        }
        return base
    }

    /// Whether a typed word is an inflected or diminutive form of a list word: both reduce to
    /// the same base of three letters or more, and the typed word is not shorter than the list
    /// word's base plus one letter (so a bare base such as «сыр» still needs the list's own rule).
    static func sameRussianWord(_ word: String, _ listed: String) -> Bool {
        guard word != listed, let a = russianBase(word), let b = russianBase(listed), a.count >= 3 else { return false }
        return a == b && word.count > b.count
    }

    // MARK: - Transliteration

    static func isCyrillic(_ c: Character) -> Bool { ("а"..."я").contains(c) || c == "ё" }
    static func isLatin(_ c: Character) -> Bool { c.isASCII && c.isLetter }

    static let cyrillicSounds: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "i",
        "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
        "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sh", "ъ": "", "ы": "i", "ь": "", "э": "e", "ю": "iu", "я": "ia",
    ]

    /// A rough sound spelling in Latin letters shared by both alphabets, so that a brand typed
    /// in either reads the same: Cyrillic letter by letter (ж zh, ч ch, ю iu, ь dropped);
    /// English spellings folded the same way (ph f, ck k, c k but s before e/i/y, x ks, q k,
    /// w v, y i, j dzh, oo u, ee i, ou u, a final silent e dropped). Other marks are dropped.
    static func sounds(_ word: String) -> String {
        if word.contains(where: isCyrillic) {
            return word.map { cyrillicSounds[$0] ?? (isLatin($0) ? String($0) : "") }.joined()
        }
        let w = Array(word.filter(isLatin))
        var out = ""
        var i = 0
        while i < w.count {
            let c = w[i], next: Character? = i + 1 < w.count ? w[i + 1] : nil
            switch (c, next) {
            case ("p", "h"): out += "f"; i += 2; continue
            case ("c", "k"): out += "k"; i += 2; continue
            case ("o", "o"): out += "u"; i += 2; continue
            case ("e", "e"): out += "i"; i += 2; continue
            case ("o", "u"): out += "u"; i += 2; continue
            case ("c", "h"): out += "ch"; i += 2; continue
            case ("s", "h"): out += "sh"; i += 2; continue
            case ("k", "h"): out += "h"; i += 2; continue
            case ("z", "h"): out += "zh"; i += 2; continue
            case ("t", "s"): out += "ts"; i += 2; continue
            default: break
            }
            switch c {
            case "c": out += (next == "e" || next == "i" || next == "y") ? "s" : "k"
            case "x": out += "ks"
            case "q": out += "k"
            case "w": out += "v"
            case "y": out += "i"
            case "j": out += "dzh"
            case "e" where i == w.count - 1 && w.count > 3: break
            default: out.append(c)
            }
            i += 1
        }
        return out
    }

    /// Whether a typed word written in one alphabet names a list word written in the other:
    /// their sound spellings are equal (four sounds or fewer), or the word's starts with the list
    /// word's allowing one typo (five or more). List words of three letters or fewer never match.
    static func sameName(_ word: String, _ listed: String) -> Bool {
        guard listed.count >= 4, word.count >= 3 else { return false }
        let wordCyrillic = word.contains(where: isCyrillic), listedCyrillic = listed.contains(where: isCyrillic)
        guard wordCyrillic != listedCyrillic,
              word.allSatisfy({ wordCyrillic ? isCyrillic($0) || $0 == "-" : isLatin($0) || $0 == "-" || $0 == "'" || $0 == "&" }),
              listed.allSatisfy({ listedCyrillic ? isCyrillic($0) || $0 == "-" : isLatin($0) || $0 == "-" || $0 == "'" || $0 == "&" })
        else { return false }
        let a = sounds(word), b = sounds(listed)
        guard b.count >= 4 else { return false }
        return soundsMatch(a, b)
    }
}

// MARK: - Categories by forms

extension Lexicon {
    /// The category lists split once into single words and phrases of several words.
    /// A dot inside a name splits words when typed ("дом.ру" is read as «дом» «ру»), so the
    /// lists are read the same way; names with a "+" are left to the "+" rule (`isNamePlus`).
    /// People also drop apostrophes and write hyphens as spaces ("sams club", "in n out"), so
    /// a name with either is also listed without them.
    static let typedCategories = categories.map { category, stems in
        (category, stems.filter { !$0.contains("+") }.flatMap { stem -> [String] in
            let typed = String(stem.map { $0 == "." ? " " : $0 }).trimmingCharacters(in: " ")
            var forms = [typed]
            if typed.contains("'") { forms.append(String(typed.filter { $0 != "'" })) }
            if typed.contains("-") { forms.append(String(typed.map { $0 == "-" ? " " : $0 })) }
            return forms
        }.filter { !$0.isEmpty })
    }
    static let singleWordCategories = typedCategories.map { ($0.0, $0.1.filter { !$0.contains(" ") }) }
    static let severalWordCategories = typedCategories.map { ($0.0, $0.1.filter { $0.contains(" ") }) }

    /// The category of the longest single-word stem a word starts with (the earlier list on a
    /// tie), or nil when none does.
    static func longestExactStem(_ word: String) -> String? {
        var best: (category: String, length: Int)?
        for (category, stems) in singleWordCategories {
            for stem in stems where Fuzzy.hasStem(word, stem, typos: false) {
                let length = stem.count
                if best == nil || length > best!.length { best = (category, length) }
            }
        }
        return best?.category
    }
}

/// A single-word list stem with what the form rules compare.
struct ListedForm {
    var category: String
    var stem: String
    /// `WordForms.russianBase`, for Cyrillic stems.
    var base: String?
    /// `WordForms.sounds`, for stems the name rule may match (four letters or more, one alphabet).
    var sounds: String?
    var cyrillic: Bool
    /// The stem with doubled letters written once.
    var single: String
    /// `WordForms.unstressed` of `single`, for Cyrillic stems of five letters or more.
    var folded: String?
}

extension WordForms {
    /// Every single-word category stem, in the lists' order, computed once.
    static let listed: [ListedForm] = Lexicon.singleWordCategories.flatMap { category, stems in
        stems.map { stem in
            let cyrillic = stem.contains(where: isCyrillic)
            let oneAlphabet = stem.allSatisfy { cyrillic ? isCyrillic($0) || $0 == "-" : isLatin($0) || $0 == "-" || $0 == "'" || $0 == "&" }
            let sounds = oneAlphabet && stem.count >= 4 ? WordForms.sounds(stem) : nil
            return ListedForm(category: category, stem: stem, base: russianBase(stem), sounds: (sounds?.count ?? 0) >= 4 ? sounds : nil,
                              cyrillic: cyrillic, single: singleLetters(stem),
                              folded: cyrillic && stem.count >= 5 ? unstressed(singleLetters(stem)) : nil)
        }
    }

    /// The first list stem (in order) for each Russian base.
    static let listedByBase: [String: ListedForm] = {
        var index: [String: ListedForm] = [:]
        for form in listed { if let base = form.base, index[base] == nil { index[base] = form } }
        return index
    }()
    /// The list stems by their first letter (every rule below keeps the first letter).
    static let listedByFirst: [Character: [ListedForm]] = Dictionary(grouping: listed) { $0.stem.first! }

    /// The list stems that have a sound spelling.
    static let listedBySound = listed.filter { $0.sounds != nil }

    /// A Russian word with the vowels people confuse when unstressed written alike: о as а;
    /// е, ё, э, я and ы as и («стоматолог» and «стамотолог» both become «стаматалаг»).
    static func unstressed(_ word: String) -> String {
        String(word.map { c -> Character in
            switch c {
            case "о": return "а"
            case "е", "ё", "э", "я", "ы": return "и"
            default: return c
            }
        })
    }

    /// The word with each run of a doubled letter written once ("вкусвилл" → "вкусвил").
    static func singleLetters(_ word: String) -> String {
        var out = ""
        for c in word where out.last != c { out.append(c) }
        return out
    }

    /// The category of the first word (in order) that is a Russian form of a list word (the
    /// first list word with that base) or else a list name written in the other alphabet; nil
    /// when none is.
    static func categoryByForm(_ words: [Token]) -> (key: String, word: String)? {
        for token in words {
            let w = token.text
            let base = russianBase(w)
            let cyrillic = w.contains(where: isCyrillic)
            let oneAlphabet = w.allSatisfy { cyrillic ? isCyrillic($0) || $0 == "-" : isLatin($0) || $0 == "-" || $0 == "'" || $0 == "&" }
            let sounds = oneAlphabet && w.count >= 3 ? WordForms.sounds(w) : nil
            if let base, base.count >= 3, let form = listedByBase[base], w != form.stem, w.count > base.count {
                return (form.category, token.original)
            }
            guard let sounds else { continue }
            for form in listedBySound where form.cyrillic != cyrillic && soundsMatch(sounds, form.sounds!) {
                return (form.category, token.original)
            }
        }
        return nil
    }

    /// Whether a word's sound spelling names a list word's: equal for four sounds or fewer,
    /// else starting with it, or for six sounds or more one typo off in its first as many
    /// (or one more) sounds, never fewer ("spotifai" names "spotifi"; "benizn" is not "beani").
    static func soundsMatch(_ word: String, _ listed: String) -> Bool {
        if listed.count <= 4 { return word == listed }
        if word.hasPrefix(listed) { return true }
        guard listed.count >= 6, word.first == listed.first else { return false }
        let w = Array(word), l = Array(listed)
        return [l.count, l.count + 1].contains { $0 <= w.count && Fuzzy.withinOne(Array(w[0..<$0]), l) }
    }

    /// The category of the first word that, once doubled letters are written once, starts with
    /// a list stem ("gass" → gas, "taxxi" → taxi) or is one typo away from a stem of six
    /// letters or more ("вкуссвиилл" → вкусвилл); nil when none is.
    static func categoryByDoubledLetters(_ words: [Token]) -> (key: String, word: String)? {
        for token in words where token.text.count >= 4 {
            let w = singleLetters(token.text)
            // A doubled letter that should not be ("gass", "taxxi"): the exact rule on the rest.
            guard let first = w.first, let candidates = listedByFirst[first] else { continue }
            if w != token.text, let form = candidates.first(where: { Fuzzy.hasStem(w, $0.stem, typos: false) }) {
                return (form.category, token.original)
            }
            guard token.text.count >= 5 else { continue }
            for form in candidates where form.stem.count >= 6 && Fuzzy.hasStem(w, form.single) {
                return (form.category, token.original)
            }
            // Unstressed vowels written as they sound («стамотолог», «ристоран»).
            guard w.allSatisfy(isCyrillic) else { continue }
            let folded = unstressed(w)
            for form in listedByFirst[folded.first!] ?? [] where form.folded != nil && Fuzzy.hasStem(folded, form.folded!) {
                return (form.category, token.original)
            }
        }
        return nil
    }
}

extension Reading {
    /// Whether token `i` is a "+" written straight onto a word ("disney+", «нтв+»): part of a
    /// name, not the sign of an income.
    func isNamePlus(_ i: Int) -> Bool {
        i > 0 && tokens[i].kind == .symbol && tokens[i].text == "+" && !tokens[i].spaced && tokens[i - 1].kind == .word
    }
}
