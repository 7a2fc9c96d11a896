// Tokens of a quick-entry phrase: words, numbers and the few symbols that mean something
// (docs/engine-rules.md, "Quick entry in plain words").

// MARK: - Tokens

/// One piece of a phrase: a run of letters, a run of digits (with the marks between them),
/// or a meaningful symbol.
struct Token {
    enum Kind { case word, number, symbol }
    var kind: Kind
    /// Normalised: lower case, ё → е; numbers keep their digits and marks.
    var text: String
    /// As typed.
    var original: String
    /// Whether a space came before it (false for "250р", "10-го", "кофе250").
    var spaced: Bool
    /// Taken by an amount, date, periodicity, account or kind marker (not part of the name).
    var used = false
}

enum Tokenizer {
    /// Splits a phrase into tokens. Letters and digits touching each other split ("кофе250"
    /// is "кофе" "250"); a hyphen inside a word stays ("бизнес-ланч"); marks `. , / ' -`
    /// and no-break spaces between digits stay inside the number; other punctuation goes.
    static func tokens(_ phrase: String) -> [Token] {
        let chars = Array(phrase)
        var tokens: [Token] = []
        var index = 0
        var spaced = true
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        func isLetter(_ c: Character) -> Bool { c.isLetter }
        while index < chars.count {
            let c = chars[index]
            if c.isWhitespace && c != "\u{00A0}" && c != "\u{202F}" || c == "\u{00A0}" || c == "\u{202F}" {
                spaced = true; index += 1; continue
            }
            // A name written with digits ("s7", "1password") is one word.
            if index == 0 || !isLetter(chars[index - 1]) && !isDigit(chars[index - 1]),
               let name = Lexicon.namesWithDigits.first(where: { name in
                   let end = index + name.count
                   return end <= chars.count && String(chars[index..<end]).lowercased() == name
                       && (end == chars.count || !isLetter(chars[end]) && !isDigit(chars[end]))
               }) {
                let raw = String(chars[index..<(index + name.count)])
                tokens.append(Token(kind: .word, text: name, original: raw, spaced: spaced))
                index += name.count; spaced = false; continue
            }
            if isDigit(c) {
                var end = index + 1
                while end < chars.count {
                    let d = chars[end]
                    if isDigit(d) { end += 1; continue }
                    let marks: Set<Character> = [".", ",", "/", "'", "-", "\u{00A0}", "\u{202F}", "’"]
                    if marks.contains(d), end + 1 < chars.count, isDigit(chars[end + 1]) { end += 2; continue }
                    break
                }
                let raw = String(chars[index..<end])
                tokens.append(Token(kind: .number, text: raw, original: raw, spaced: spaced))
                index = end; spaced = false; continue
            }
            if isLetter(c) {
                var end = index + 1
                while end < chars.count {
                    if isLetter(chars[end]) { end += 1; continue }
                    if (chars[end] == "-" || chars[end] == "&" || chars[end] == "'" || chars[end] == "’") && end + 1 < chars.count && isLetter(chars[end + 1]) {
                        end += 2; continue
                    }
                    break
                }
                let raw = String(chars[index..<end])
                tokens.append(Token(kind: .word, text: normalised(raw), original: raw, spaced: spaced))
                index = end; spaced = false; continue
            }
            let symbols: Set<Character> = ["+", "-", "−", "–", "/", "₽", "$", "€", "#"]
            if symbols.contains(c) {
                let text = c == "−" || c == "–" ? "-" : String(c)
                // A hyphen joining a number to its ending ("10-го") or two words is not a sign.
                let joins = c == "-" && index > 0 && !chars[index - 1].isWhitespace && index + 1 < chars.count && isLetter(chars[index + 1])
                if !joins { tokens.append(Token(kind: .symbol, text: text, original: String(c), spaced: spaced)) }
                index += 1; spaced = false; continue
            }
            // Other punctuation separates like a space.
            spaced = true; index += 1
        }
        return tokens
    }

    /// Lower case with ё → е and ’ → '; Latin look-alike letters inside a Russian word made Cyrillic.
    static func normalised(_ text: String) -> String {
        cyrillicLookAlikes(String(text.lowercased().map { $0 == "ё" ? "е" : $0 == "’" ? "'" : $0 }))
    }
}

// MARK: - Numbers

/// A number read from a token: its value in hundredths and how it was written.
struct ReadNumber {
    /// The value × 100.
    var hundredths: Int64
    /// Digits before any mark, e.g. "21" in "21.11".
    var hasFraction: Bool
}

enum NumberReader {
    /// Reads a number token's text as an amount: group marks (space-like, `'`, or `.`/`,`
    /// followed by exactly three digits) and a decimal mark (the last `.` or `,` followed by
    /// one or two digits). Nil for anything else (a date-like "21/11", three decimals, overflow).
    static func amount(_ raw: String) -> ReadNumber? {
        guard !raw.contains("/"), !raw.contains("-") else { return nil }
        var groups: [String] = []
        var marks: [Character] = []
        var current = ""
        for c in raw {
            if c.isASCII && c.isNumber { current.append(c) } else { groups.append(current); marks.append(c); current = "" }
        }
        groups.append(current)
        var integer = groups[0]
        var fraction = ""
        for (offset, mark) in marks.enumerated() {
            let next = groups[offset + 1]
            let isLast = offset == marks.count - 1
            if (mark == "." || mark == ",") && isLast && (1...2).contains(next.count) {
                fraction = next
            } else if next.count == 3 {
                integer += next
            } else {
                return nil
            }
        }
        guard integer.count <= 13, let whole = Int64(integer) else { return nil }
        let cents = fraction.isEmpty ? 0 : (Int64(fraction.count == 1 ? fraction + "0" : fraction) ?? 0)
        return ReadNumber(hundredths: whole * 100 + cents, hasFraction: !fraction.isEmpty)
    }

    /// A plain whole number ("10"), or nil when the token has marks.
    static func whole(_ raw: String) -> Int? {
        guard raw.count <= 6, raw.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(raw)
    }
}

// MARK: - Typos

enum Fuzzy {
    /// Whether `a` and `b` differ by at most one edit (insert, delete, replace or swap of
    /// neighbours).
    static func withinOne(_ a: [Character], _ b: [Character]) -> Bool {
        if a == b { return true }
        let (m, n) = (a.count, b.count)
        if abs(m - n) > 1 { return false }
        var i = 0
        while i < min(m, n) && a[i] == b[i] { i += 1 }
        if m == n {
            if Array(a[(i + 1)...]) == Array(b[(i + 1)...]) { return true }
            // A swap of neighbours.
            return i + 1 < m && a[i] == b[i + 1] && a[i + 1] == b[i] && Array(a[(i + 2)...]) == Array(b[(i + 2)...])
        }
        return m > n ? Array(a[(i + 1)...]) == Array(b[i...]) : Array(a[i...]) == Array(b[(i + 1)...])
    }

    /// Whether `word` is `form` or, for forms of five letters or more, one typo away from it.
    static func matches(_ word: String, _ form: String) -> Bool {
        if word == form { return true }
        guard form.count >= 5, word.count >= 4, word.first == form.first else { return false }
        return withinOne(Array(word), Array(form))
    }

    /// Whether `word` starts with `stem` (stems of three letters or fewer must be the whole
    /// word), allowing one typo in stems of five letters or more.
    static func hasStem(_ word: String, _ stem: String, typos: Bool = true) -> Bool {
        if stem.count <= 3 { return word == stem }
        if word.hasPrefix(stem) { return true }
        // A typo is never in the first letter, and a four-letter stem only matches a
        // four-letter word one letter off ("кофэ").
        guard typos, word.first == stem.first else { return false }
        if stem.count == 4 { return word.count == 4 && withinOne(Array(word), Array(stem)) }
        guard stem.count >= 5, word.count >= stem.count - 1 else { return false }
        let w = Array(word), s = Array(stem)
        for length in [s.count - 1, s.count, s.count + 1] where length <= w.count {
            if withinOne(Array(w[0..<length]), s) { return true }
        }
        return false
    }
}
