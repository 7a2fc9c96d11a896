// Amounts as banks write them, to signed minor units with exact decimal arithmetic (never a
// Double): signs as `-`, `−`, a trailing `-` or parentheses; group separators as spaces,
// no-break spaces or apostrophes; the decimal mark decided per column; currency stripped.

/// Reads amount text. The decimal mark (`,` or `.`) is decided once per column by `decimalMark(in:)`.
enum BankAmount {
    /// The largest magnitude accepted, in minor units (10 000 000 000.00).
    static let limit: Int64 = 1_000_000_000_000

    enum Outcome: Equatable {
        /// Nothing but blanks (an empty in/out cell).
        case empty
        case value(Int64)
        case failure(String)
    }

    /// The decimal mark most of `values` use: the last `,` or `.` followed by one or two digits
    /// at the end, or the later of the two when a value holds both. Nil when no value tells
    /// (every number is whole: `1,234` then reads as one thousand two hundred and thirty-four).
    static func decimalMark(in values: some Sequence<String>) -> UInt8? {
        var comma = 0, point = 0
        var first: UInt8?
        for value in values {
            guard let mark = vote(value) else { continue }
            if first == nil { first = mark }
            if mark == comma_ { comma += 1 } else { point += 1 }
        }
        if comma == point { return first }
        return comma > point ? comma_ : point_
    }

    static let comma_ = UInt8(ascii: ","), point_ = UInt8(ascii: ".")

    /// One value's vote for a decimal mark, if it gives one.
    static func vote(_ value: String) -> UInt8? {
        let scalars = Array(value.unicodeScalars)
        guard let digit = scalars.firstIndex(where: isDigit), let lastDigit = scalars.lastIndex(where: isDigit) else { return nil }
        let firstDigit = startOfNumber(scalars, digit)
        let number = scalars[firstDigit...lastDigit]
        guard let markIndex = number.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let after = number[(markIndex + 1)...]
        guard after.allSatisfy(isDigit) else { return nil }
        let mark = UInt8(number[markIndex].value)
        let other: Unicode.Scalar = mark == comma_ ? "." : ","
        if number[..<markIndex].contains(other) { return mark }
        return after.count <= 2 ? mark : nil
    }

    /// Reads one amount with `decimalMark` (nil: no fraction expected, `,` and `.` group).
    static func read(_ text: String, decimalMark: UInt8?, minorDigits: Int) -> Outcome {
        let scalars = Array(text.unicodeScalars)
        guard let digit = scalars.firstIndex(where: isDigit), let lastDigit = scalars.lastIndex(where: isDigit) else {
            return scalars.allSatisfy({ isSpace($0) || $0 == "-" || $0 == "'" || $0 == "\u{2014}" }) ? .empty : .failure("not an amount")
        }
        let firstDigit = startOfNumber(scalars, digit)
        // Before and after the number: signs, parentheses, spaces and a currency.
        var negative = false, open = false, close = false, letters = 0
        var suffixLetters = ""
        for (index, scalar) in scalars.enumerated() where index < firstDigit || index > lastDigit {
            switch scalar {
            case "-", "\u{2212}", "\u{2013}":
                if negative { return .failure("two minus signs") }
                negative = true
            case "+": break
            case "(": if index < firstDigit { open = true } else { return .failure("not an amount") }
            case ")": if index > lastDigit { close = true } else { return .failure("not an amount") }
            case ".", "'", ",": break
            default:
                if isSpace(scalar) { break }
                if scalar.properties.isAlphabetic {
                    letters += 1
                    if index > lastDigit { suffixLetters.unicodeScalars.append(scalar) }
                } else if scalar.properties.generalCategory != .currencySymbol {
                    return .failure("not an amount")
                }
            }
        }
        if letters > 5 { return .failure("not an amount") }
        if open != close { return .failure("unbalanced parentheses") }
        if open { if negative { return .failure("two minus signs") }; negative = true }
        switch suffixLetters.lowercased() {
        case "dr": negative = true
        default: break
        }
        // The number itself: digits, group separators and at most one decimal mark.
        var whole: [UInt8] = [], fraction: [UInt8] = []
        var inFraction = false
        var digitsSinceGroup = -1   // -1: no group separator yet
        var index = firstDigit
        while index <= lastDigit {
            let scalar = scalars[index]
            index += 1
            if isDigit(scalar) {
                let digit = UInt8(scalar.value - 48)
                if inFraction { fraction.append(digit) } else {
                    whole.append(digit)
                    if digitsSinceGroup >= 0 { digitsSinceGroup += 1 }
                }
                continue
            }
            let isMark = (scalar == "," || scalar == ".") && decimalMark == UInt8(scalar.value)
            if isMark {
                if inFraction { return .failure("two decimal marks") }
                if digitsSinceGroup >= 0, digitsSinceGroup != 3 { return .failure("misplaced digit group") }
                inFraction = true
            } else if scalar == "," || scalar == "." || isGroupSpace(scalar) || scalar == "'" {
                if inFraction { return .failure("digit group after the decimal mark") }
                if digitsSinceGroup >= 0, digitsSinceGroup != 3 { return .failure("misplaced digit group") }
                digitsSinceGroup = 0
            } else {
                return .failure("not an amount")
            }
        }
        if !inFraction, digitsSinceGroup >= 0, digitsSinceGroup != 3 {
            return .failure(decimalMark == nil ? "unclear decimal mark" : "misplaced digit group")
        }
        // Exact arithmetic in minor units.
        while fraction.count > minorDigits {
            guard fraction.last == 0 else { return .failure("more than \(minorDigits) decimal places") }
            fraction.removeLast()
        }
        while fraction.count < minorDigits { fraction.append(0) }
        let digits = (whole + fraction).drop(while: { $0 == 0 })
        if digits.count > 15 { return .failure("beyond the limit of 10 000 000 000") }
        var minor: Int64 = 0
        for digit in digits { minor = minor * 10 + Int64(digit) }
        if minor > limit { return .failure("beyond the limit of 10 000 000 000") }
        return .value(negative ? -minor : minor)
    }

    /// An OFX or QIF amount alone: the decimal mark is the later of `,` and `.`, or the only one.
    static func readSingle(_ text: String, minorDigits: Int) -> Outcome {
        let bytes = Array(text.utf8)
        let mark = bytes.last(where: { $0 == comma_ || $0 == point_ })
        let both = bytes.contains(comma_) && bytes.contains(point_)
        let count = bytes.filter { $0 == comma_ || $0 == point_ }.count
        // "1,234" in OFX is one and a quarter-ish: the spec allows a comma decimal, no groups.
        return read(text, decimalMark: both || count == 1 ? mark : (count == 0 ? nil : vote(text)), minorDigits: minorDigits)
    }

    /// Where the number starts: its first digit, or the mark just before it (".50" is a half).
    static func startOfNumber(_ scalars: [Unicode.Scalar], _ firstDigit: Int) -> Int {
        firstDigit > 0 && (scalars[firstDigit - 1] == "," || scalars[firstDigit - 1] == ".") ? firstDigit - 1 : firstDigit
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    static func isGroupSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}" || scalar == "\u{2009}"
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        isGroupSpace(scalar) || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }
}
