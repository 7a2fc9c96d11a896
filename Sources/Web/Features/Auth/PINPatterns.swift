import Engine

/// PINs that follow a pattern a guesser tries first: a date, an arithmetic
/// sequence, or a walk on a keypad. A new PIN that `isGuessable` is refused; stored ones still
/// sign in (docs/product-rules.md, "Signing in").
enum PINPatterns {
    /// True for a date (6 digits: DDMMYY, MMDDYY, YYMMDD; 8 digits: DDMMYYYY, MMDDYYYY,
    /// YYYYMMDD with a year 1900–2099), an arithmetic sequence, or a keypad walk.
    static func isGuessable(_ digits: [Int]) -> Bool {
        isDate(digits) || isArithmetic(digits) || isKeypadWalk(digits)
    }

    // MARK: - Dates

    static func isDate(_ digits: [Int]) -> Bool {
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        func real(_ year: Int, _ month: Int, _ day: Int) -> Bool { Day(year: year, month: month, day: day) != nil }
        switch digits.count {
        case 6:
            let (a, b, c) = (number(0..<2), number(2..<4), number(4..<6))
            return real(2000 + c, b, a) || real(2000 + c, a, b) || real(2000 + a, b, c)
        case 8:
            let (a, b, year, first) = (number(0..<2), number(2..<4), number(4..<8), number(0..<4))
            return (1900...2099).contains(year) && (real(year, b, a) || real(year, a, b))
                || (1900...2099).contains(first) && real(first, number(4..<6), number(6..<8))
        default:
            return false
        }
    }

    // MARK: - Sequences

    /// Digits that step by one amount (mod 10: 135791, 975319), three numbers or more that do
    /// when written one after another (2 4 6 8 10, 10 20 30, 5 10 15 20), or the odd digits then
    /// the even ones (1357924680) and such orders, read from their start.
    static func isArithmetic(_ digits: [Int]) -> Bool {
        guard digits.count >= 4 else { return false }
        let steps = Set(zip(digits, digits.dropFirst()).map { ($1 - $0 + 10) % 10 })
        if steps.count == 1 { return true }
        let text = digits.map(String.init).joined()
        for orders in ["1357924680", "2468013579", "0246813579", "9753186420", "8642097531"] where orders.hasPrefix(text) { return true }
        for firstLength in 1...3 {
            // A third number must start inside the PIN: any two numbers make a "sequence".
            for secondLength in 1...3 where firstLength + secondLength < text.count {
                let chars = Array(text)
                guard let first = Int(String(chars[0..<firstLength])), let second = Int(String(chars[firstLength..<firstLength + secondLength])),
                      second != first else { continue }
                // The whole PIN, three numbers at least, each written in full.
                var sequence = "", next = first, terms = 0
                while sequence.count < text.count, next >= 0 { sequence += String(next); next += second - first; terms += 1 }
                if sequence == text, terms >= 3 { return true }
            }
        }
        return false
    }

    // MARK: - Keypads

    /// The phone keypad (1 2 3 / 4 5 6 / 7 8 9 / _ 0 _) and the numeric keypad (7 8 9 / 4 5 6 /
    /// 1 2 3 / 0 0 _), as each digit's row and column.
    static let layouts: [[Int: (Int, Int)]] = [
        [1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2), 7: (2, 0), 8: (2, 1), 9: (2, 2), 0: (3, 1)],
        [7: (0, 0), 8: (0, 1), 9: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2), 1: (2, 0), 2: (2, 1), 3: (2, 2), 0: (3, 0)],
    ]

    /// Every key next to the previous one on one keypad (2-5-8-9-6), or the keypad's rows,
    /// columns and diagonals put one after another (147 258 369, 159 357).
    static func isKeypadWalk(_ digits: [Int]) -> Bool {
        for layout in layouts {
            let adjacent = zip(digits, digits.dropFirst()).allSatisfy { a, b in
                guard let p = layout[a], let q = layout[b], a != b else { return false }
                return abs(p.0 - q.0) <= 1 && abs(p.1 - q.1) <= 1
            }
            if adjacent { return true }
        }
        return isMadeOfLines(digits[...])
    }

    /// The keypad's lines of three (and 2580), both ways.
    static let lines: Set<[Int]> = {
        let forward: [[Int]] = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 4, 7], [2, 5, 8], [3, 6, 9], [1, 5, 9], [3, 5, 7], [2, 5, 8, 0]]
        return Set(forward + forward.map { $0.reversed() })
    }()

    private static func isMadeOfLines(_ digits: ArraySlice<Int>) -> Bool {
        if digits.isEmpty { return true }
        for length in [3, 4] where digits.count >= length && lines.contains(Array(digits.prefix(length))) {
            if isMadeOfLines(digits.dropFirst(length)) { return true }
        }
        return false
    }
}
