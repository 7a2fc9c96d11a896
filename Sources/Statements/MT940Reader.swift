import Engine

// MT940 (SWIFT customer statement, the "MT940"/"STA" export of German banks): fields
// `:TAG:value` with continuation lines, statements from `:20:` to `:62F:`, an optional SWIFT
// envelope `{1:…}{2:…}{4:` … `-}`. Each `:61:` is one transaction and the `:86:` after it
// its text, structured the German way (`GVC?00…?20…?32…`) or free. docs/engine-rules.md,
// "Bank statements: MT940".

enum MT940Reader {
    /// Reads MT940 text (UTF-8). Throws `.unrecognised` without a `:61:` or a balance, or
    /// with statements of more than one account; `.otherCurrency` when a balance is in another
    /// currency than the household's; `.tooManyRows`.
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        let statements = try self.statements(try fields(text))
        guard statements.contains(where: { !$0.lines.isEmpty || $0.opening != nil || $0.closing != nil }) else {
            throw .unrecognised("an MT940 file without a :61: transaction or a balance")
        }
        let count = statements.reduce(0) { $0 + $1.lines.count }
        if count > options.rowLimit { throw .tooManyRows(limit: options.rowLimit) }
        let dates = BankDate(today: options.today)
        var booked: [BookedStatement] = []
        var step = 0
        for statement in statements {
            var entries: [BookedStatement.Entry] = []
            for line in statement.lines {
                step += 1
                try options.budget.check(step)
                entries.append(transaction(line, dates: dates, minorDigits: options.minorDigits))
            }
            booked.append(BookedStatement(account: statement.account, opening: statement.opening, closing: statement.closing, entries: entries))
        }
        return try BookedStatement.assemble(booked, format: .mt940, encoding: encoding, options: options)
    }

    // MARK: - Fields and statements

    struct Field {
        var tag: String
        var line: Int
        /// The value's lines, the first one after the tag.
        var lines: [String]
    }

    /// The file's fields in order. A line `:TAG:` opens a field, any other line continues the
    /// open one; the envelope's `{…}` blocks, the `-` and `-}` separators and lines before
    /// the first field are dropped.
    static func fields(_ text: [UInt8]) throws(StatementError) -> [Field] {
        var fields: [Field] = []
        var open: Field?
        var number = 0
        for raw in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard raw.count <= CSVTokenizer.longestCell else { throw .unrecognised("a line longer than 64 KB (line \(number))") }
            var line = String(decoding: raw, as: UTF8.self)
            while line.last == "\r" { line.removeLast() }
            if line.hasPrefix("{") {
                // `{1:F01…}{2:…}{4:` — what follows `{4:` on the line is the message's first line.
                guard let range = line.range(of: "{4:") else { continue }
                line = String(line[range.upperBound...])
            }
            let bare = line.trimmed
            if bare == "-" || bare.hasPrefix("-}") || bare == "}" {
                if let field = open { fields.append(field) }
                open = nil
                continue
            }
            if let tag = tag(of: line) {
                if let field = open { fields.append(field) }
                open = Field(tag: tag, line: number, lines: [String(line.dropFirst(tag.count + 2))])
            } else if open != nil, !bare.isEmpty {
                open!.lines.append(line)
            }
        }
        if let field = open { fields.append(field) }
        return fields
    }

    /// The tag of a line `:20:`, `:28C:`, `:60F:` (two digits and an optional letter), if it opens a field.
    static func tag(of line: String) -> String? {
        let bytes = Array(line.utf8.prefix(5))
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: ":"), isDigit(bytes[1]), isDigit(bytes[2]) else { return nil }
        if bytes[3] == UInt8(ascii: ":") { return String(decoding: bytes[1...2], as: UTF8.self) }
        if bytes.count == 5, bytes[3] >= 0x41, bytes[3] <= 0x5A, bytes[4] == UInt8(ascii: ":") {
            return String(decoding: bytes[1...3], as: UTF8.self)
        }
        return nil
    }

    /// A `:61:` line with the `:86:` after it.
    struct Line {
        var field: Field
        var details: Field?
    }

    typealias Balance = BookedStatement.Balance

    struct Statement {
        var account: String?
        var opening: Balance?
        var closing: Balance?
        var lines: [Line] = []
    }

    /// The fields grouped into statements: a `:20:` starts one. Balances that cannot be read are
    /// refused (they say what the statement is: its currency and its arithmetic).
    static func statements(_ fields: [Field]) throws(StatementError) -> [Statement] {
        var statements: [Statement] = []
        for field in fields {
            if field.tag == "20" || statements.isEmpty { statements.append(Statement()) }
            let value = field.lines.first?.trimmed ?? ""
            switch field.tag {
            case "25": statements[statements.count - 1].account = value.isEmpty ? nil : value
            case "60F", "60M", "62F", "62M":
                guard let balance = balance(value, tag: field.tag, line: field.line) else {
                    throw .unrecognised("the balance :\(field.tag):\(value) on line \(field.line) is not C/D, YYMMDD, a currency and an amount")
                }
                if field.tag.hasPrefix("60") {
                    // A statement continued on a second page (:60M:) keeps its first opening.
                    if statements[statements.count - 1].opening == nil { statements[statements.count - 1].opening = balance }
                } else {
                    statements[statements.count - 1].closing = balance
                }
            case "61": statements[statements.count - 1].lines.append(Line(field: field))
            case "86":
                // Only the :86: right after a :61: is its text; one after :62F: is about the statement.
                if let last = statements[statements.count - 1].lines.indices.last, statements[statements.count - 1].lines[last].details == nil,
                   statements[statements.count - 1].closing == nil {
                    statements[statements.count - 1].lines[last].details = field
                }
            default: break
            }
        }
        return statements
    }

    /// `C251112EUR211977,96`: credit or debit, YYMMDD, the currency, the amount.
    static func balance(_ value: String, tag: String, line: Int) -> Balance? {
        let chars = Array(value)
        guard chars.count >= 11, chars[0] == "C" || chars[0] == "D", let date = yymmdd(String(chars[1..<7])) else { return nil }
        let currency = String(chars[7..<10])
        guard currency.allSatisfy({ $0.isASCII && $0.isUppercase }), let amount = amount(String(chars[10...]), minorDigits: 2) else { return nil }
        return Balance(label: tag, line: line, date: date, currency: currency, amount: chars[0] == "D" ? -amount : amount)
    }

    // MARK: - One transaction

    /// A `:61:` and its `:86:` as a row, or why not.
    static func transaction(_ line: Line, dates: BankDate, minorDigits: Int) -> BookedStatement.Entry {
        let field = line.field
        func failure(_ reason: String) -> BookedStatement.Entry {
            .error(RowError(line: field.line, column: ":61:", reason: reason))
        }
        let value = field.lines.first?.trimmed ?? ""
        var chars = Substring(value)
        guard let valueDate = yymmdd(String(chars.prefix(6))) else { return failure("“\(value.prefix(6))” is not a date (YYMMDD)") }
        chars = chars.dropFirst(6)
        var day = valueDate
        // The entry (booking) date, MMDD, in the value date's year or the next or previous one.
        if chars.prefix(4).count == 4, chars.prefix(4).allSatisfy(\.isASCII), chars.prefix(4).allSatisfy(\.isNumber) {
            let month = Int(chars.prefix(2))!, dayOfMonth = Int(chars.dropFirst(2).prefix(2))!
            chars = chars.dropFirst(4)
            var year = valueDate.year
            if month - valueDate.month > 6 { year -= 1 } else if valueDate.month - month > 6 { year += 1 }
            guard let entry = Day(year: year, month: month, day: dayOfMonth) else { return failure("the entry date \(String(format2(month)))\(String(format2(dayOfMonth))) is not a real date") }
            day = entry
        }
        let sign: Int64
        if chars.hasPrefix("RC") { sign = -1; chars = chars.dropFirst(2) }
        else if chars.hasPrefix("RD") { sign = 1; chars = chars.dropFirst(2) }
        else if chars.hasPrefix("C") { sign = 1; chars = chars.dropFirst() }
        else if chars.hasPrefix("D") { sign = -1; chars = chars.dropFirst() }
        else { return failure("no C, D, RC or RD mark after the dates") }
        // The funds code: the currency's third letter ("R" for EUR), when given.
        if let first = chars.first, first.isASCII, first.isLetter { chars = chars.dropFirst() }
        let amountText = chars.prefix { ($0.isASCII && $0.isNumber) || $0 == "," }
        guard let magnitude = amount(String(amountText), minorDigits: minorDigits) else { return failure("“\(amountText)” is not an amount") }
        guard magnitude != 0 else { return failure("the amount is zero") }
        switch dates.day(.fixed(day), text: value, order: nil) {
        case .success: break
        case .failure(let problem): return failure(problem.reason)
        }
        let text = line.details.map { details(ofLines: $0.lines) } ?? Details()
        let payee = text.payee.isEmpty ? BookedStatement.firstWords(text.purpose.isEmpty ? text.bookingText : text.purpose) : text.payee
        return .row(StatementRow(line: field.line, date: day, amount: sign * magnitude, payee: payee, memo: text.purpose,
                                     mcc: BankLayouts.mccInText(text.purpose)))
    }

    /// What a `:86:` says: the booking text (`?00`), the other party (`?32`/`?33`, or a SEPA
    /// `ABWA+`/`ABWE+`), the purpose (`SVWZ+`, or the whole text without SEPA tags).
    struct Details: Equatable {
        var bookingText = ""
        var payee = ""
        var purpose = ""
    }

    /// The longest subfield (`?20`…`?29`, `?32`, `?33`): one that long was cut, not ended.
    static let subfieldWidth = 27
    /// The longest line of a free `:86:`.
    static let lineWidth = 65

    static func details(ofLines lines: [String]) -> Details {
        let raw = lines.joined()
        let chars = Array(raw)
        // Structured: a three-digit business transaction code (GVC), then its separator.
        guard chars.count >= 4, chars[0...2].allSatisfy({ $0.isASCII && $0.isNumber }), String(chars[0...2]) != "999",
              let separator = chars.dropFirst(3).first, separator.isASCII, !separator.isLetter, !separator.isNumber, separator != " " else {
            var free = joinCut(lines.map { String($0) }, width: lineWidth)
            if free.count >= 3, free.prefix(3) == "999" { free = String(free.dropFirst(3)) }
            return Details(purpose: collapse(free))
        }
        var subfields: [(code: Int, text: String)] = []
        for piece in raw.dropFirst(4).split(separator: separator, omittingEmptySubsequences: false) {
            let code = piece.prefix(2)
            if code.count == 2, code.allSatisfy({ $0.isASCII && $0.isNumber }) {
                subfields.append((Int(code)!, String(piece.dropFirst(2))))
            } else if !subfields.isEmpty {
                // The separator inside a text: it belongs to the subfield before.
                subfields[subfields.count - 1].text += String(separator) + piece
            }
        }
        func texts(_ codes: ClosedRange<Int>...) -> [String] {
            subfields.filter { field in codes.contains { $0.contains(field.code) } }.map(\.text)
        }
        let purposeText = joinCut(texts(20...29, 60...63), width: subfieldWidth, breaksBefore: startsWithSEPATag)
        let tagged = sepaParts(purposeText)
        var details = Details(bookingText: collapse(texts(0...0).joined(separator: " ")),
                              payee: collapse(joinCut(texts(32...33), width: subfieldWidth)))
        if tagged.isEmpty {
            details.purpose = collapse(purposeText)
        } else {
            details.purpose = collapse(tagged["SVWZ"] ?? tagged[""] ?? "")
            if details.payee.isEmpty { details.payee = collapse(tagged["ABWA"] ?? tagged["ABWE"] ?? "") }
        }
        return details
    }

    /// The SEPA tags German banks write in the purpose (`EREF+`, `SVWZ+`, …), each to its
    /// text; text before the first tag under "". Empty when the text has no tag.
    static let sepaTags = ["EREF", "KREF", "MREF", "CRED", "DEBT", "SVWZ", "ABWA", "ABWE", "IBAN", "BIC", "COAM", "OAMT", "PURP"]

    static func startsWithSEPATag(_ text: String) -> Bool { sepaTags.contains { text.hasPrefix($0 + "+") } }

    static func sepaParts(_ text: String) -> [String: String] {
        let tags = sepaTags
        let chars = Array(text)
        var starts: [(index: Int, tag: String)] = []
        var index = 0
        while index < chars.count {
            // A tag is three or four letters and a '+', at the start or after a space.
            if index == 0 || chars[index - 1] == " ", chars[index].isUppercase {
                for length in [4, 3] where index + length < chars.count && chars[index + length] == "+" {
                    let tag = String(chars[index..<index + length])
                    if tags.contains(tag) { starts.append((index, tag)); break }
                }
            }
            index += 1
        }
        guard !starts.isEmpty else { return [:] }
        var parts: [String: String] = [:]
        let before = String(chars[0..<starts[0].index]).trimmed
        if !before.isEmpty { parts[""] = before }
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].index : chars.count
            parts[start.tag, default: ""] += String(chars[(start.index + start.tag.count + 1)..<end]).trimmed
        }
        return parts
    }

    /// Pieces joined: straight on after a piece `width` long (the bank cut a word there),
    /// with a space after a shorter one or before a piece `breaksBefore` says starts anew.
    static func joinCut(_ pieces: [String], width: Int, breaksBefore: (String) -> Bool = { _ in false }) -> String {
        var out = ""
        var previous: String?
        for piece in pieces {
            if let previous, previous.count < width || breaksBefore(piece), !out.isEmpty { out += " " }
            out += piece
            previous = piece
        }
        return out
    }

    /// Runs of spaces as one, trimmed.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    // MARK: - Values

    /// YYMMDD as a day: 20YY (MT940 has no other century in use).
    static func yymmdd(_ text: String) -> Day? {
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else { return nil }
        return Day(year: 2000 + value / 10000, month: value / 100 % 100, day: value % 100)
    }

    /// An MT940 amount, always with a decimal comma: `985,13`, `1500,`, `0,5`.
    static func amount(_ text: String, minorDigits: Int) -> Int64? {
        text.contains(",") ? BookedStatement.amount(text, mark: ",", minorDigits: minorDigits) : nil
    }

    static func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
