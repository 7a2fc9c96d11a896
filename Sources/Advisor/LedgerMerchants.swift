import Engine

// The merchants a ledger question names, matched the way the ledger search does (any case,
// either alphabet, small typos), and the sounds the matching compares.

extension LedgerQuestionReader {
    /// The first question word (3+ letters, not used by anything else) that a merchant's word
    /// matches — the same word, the question's inflection of it («Пятёрочке» → «Пятёрочка»), or one
    /// letter apart — returned as the merchant spells it, for the ledger search.
    /// With `accounts`, the names are accounts' and a Cyrillic word may also be the Latin name
    /// with z read as s, its last letter dropped («визы» → Visa).
    static func readMerchant(_ words: [String], used: Set<Int>, tokens: [MerchantWord], accounts: Bool = false) -> String? {
        for (index, word) in words.enumerated() where !used.contains(index) && word.count >= 3 && !word.allSatisfy(\.isNumber) {
            if word.count <= 3 { if let exact = tokens.first(where: { $0.folded == word }) { return exact.original } else { continue } }
            let stem = word.count >= 6 && word.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) })
                ? String(word.dropLast(2)) : word.count >= 5 ? String(word.dropLast()) : word
            if let exact = tokens.first(where: { $0.folded == word }) { return exact.original }
            if let inflected = tokens.first(where: { $0.folded.hasPrefix(stem) && $0.folded.count <= word.count + 2 }) { return inflected.original }
            if word.count >= 5, let near = tokens.first(where: { distance(Array($0.folded), Array(word)) <= 1 }) { return near.original }
            // A Latin merchant typed in Cyrillic («убер», «в старбаксе»): the same letters read in
            // Latin, or the same consonants (c and k as one, doubles once) when there are five or more.
            let latin = transliterated(word)
            guard latin != word else { continue }
            let voiceless = latin.replacingOccurrences(of: "z", with: "s")
            if accounts, voiceless.count >= 4, let exact = tokens.first(where: { $0.folded.hasPrefix(String(voiceless.dropLast())) }) { return exact.original }
            if let exact = tokens.first(where: { $0.folded == latin || (latin.count >= 5 && $0.folded.hasPrefix(String(latin.dropLast()))) }) { return exact.original }
            let sound = skeleton(latin)
            if sound.count >= 5, let near = tokens.first(where: { skeleton($0.folded) == sound }) {
                return near.original
            }
        }
        return nil
    }

    /// The words of `names` (3+ letters, not all digits) as `readMerchant` matches them.
    static func words(of names: [String]) -> [MerchantWord] {
        var tokens: [MerchantWord] = []
        for name in names {
            for original in name.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "/" || $0 == "-") }) {
                // One word: normalised as " word " (or " a b " when it held other characters).
                let folded = String(AdvisorRouter.normalise(String(original)).dropFirst().dropLast())
                if folded.count >= 3, !folded.allSatisfy(\.isNumber) { tokens.append(MerchantWord(folded: folded, original: String(original))) }
            }
        }
        return tokens
    }

    /// Cyrillic letters read as Latin (ГОСТ-like: ж zh, х kh, ц ts, ч ch, ш sh, щ sch, ю yu, я ya).
    static func transliterated(_ word: String) -> String {
        let table: [Character: String] = [
            "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z", "и": "i", "й": "y", "к": "k", "л": "l",
            "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
            "ш": "sh", "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
        ]
        return String(word.flatMap { table[$0] ?? String($0) })
    }

    /// A word's consonants as heard: vowels, y, h and w dropped, c/q as k, doubled letters once.
    static func skeleton(_ word: String) -> String {
        var out = ""
        for character in word {
            guard !"aeiouyhw".contains(character) else { continue }
            let sound: Character = "cq".contains(character) ? "k" : character
            if out.last != sound { out.append(sound) }
        }
        return out
    }
}
