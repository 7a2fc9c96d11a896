import Engine

// What MT940 and CAMT files share: statements of one account with an opening and a closing
// balance the bank booked, and entries that must add up from one to the other.
// docs/engine-rules.md, "Bank statements: MT940" and "CAMT.053".

/// One statement of an MT940 or CAMT file as its reader found it.
struct BookedStatement {
    struct Balance: Equatable {
        /// Where the balance is written: the MT940 tag (`62F`) or the CAMT code (`CLBD`).
        var label: String
        var line: Int
        var date: Day
        var currency: String
        /// Signed minor units.
        var amount: Int64
    }

    enum Entry {
        case row(StatementRow)
        case error(RowError)
    }

    var account: String?
    var opening: Balance?
    var closing: Balance?
    /// The currencies the statement's entries are in (CAMT: each `Amt Ccy`).
    var currencies: [String] = []
    var entries: [Entry] = []

    /// The statements as one reading. Throws `.unrecognised` for statements of more than one
    /// account and `.otherCurrency` when a balance or an entry is not in the household's currency.
    /// A statement whose entries all read but do not take its opening balance to its closing
    /// one gets an error at its closing balance (an entry is missing or doubled).
    static func assemble(_ statements: [BookedStatement], format: StatementFormat, encoding: TextEncoding,
                         options: ParseOptions) throws(StatementError) -> ParsedStatement {
        let accounts = Array(Set(statements.compactMap(\.account))).sorted()
        if accounts.count > 1 {
            throw .unrecognised("statements of \(accounts.count) accounts (\(accounts.joined(separator: ", "))) in one file: export one account at a time")
        }
        let household = options.currency.uppercased()
        let currencies = statements.flatMap { [$0.opening?.currency, $0.closing?.currency] + $0.currencies.map(Optional.some) }.compactMap { $0 }
        if let other = currencies.first(where: { $0 != household }) { throw .otherCurrency(other) }
        var rows: [StatementRow] = [], errors: [RowError] = []
        for statement in statements {
            var total = statement.opening?.amount ?? 0, failed = false
            for entry in statement.entries {
                switch entry {
                case .row(let row): rows.append(row); total += row.amount
                case .error(let error): errors.append(error); failed = failed || !error.skipped
                }
            }
            if let opening = statement.opening, let closing = statement.closing, !failed, total != closing.amount {
                let digits = options.minorDigits
                errors.append(RowError(line: closing.line, column: closing.label, reason:
                    "the opening balance \(plain(opening.amount, digits)) and the entries make \(plain(total, digits)), "
                    + "but the closing balance is \(plain(closing.amount, digits))"))
            }
        }
        var parsed = ParsedStatement(format: format, encoding: encoding, rows: rows, errors: errors,
                                     bankAccountID: accounts.first, currency: currencies.first)
        let dates = BankDate(today: options.today)
        let closings = statements.compactMap(\.closing).filter { dates.inRange($0.date) }
        if let last = closings.max(by: { $0.date < $1.date }) { parsed.balance = StatementBalance(amount: last.amount, date: last.date) }
        let openings = statements.compactMap(\.opening).filter { dates.inRange($0.date) }
        if let from = openings.map(\.date).min(), let through = closings.map(\.date).max(), from <= through { parsed.period = from...through }
        return parsed
    }

    /// Minor units as "1234.56" for a message.
    static func plain(_ minor: Int64, _ minorDigits: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<minorDigits { scale *= 10 }
        let magnitude = minor.magnitude
        let fraction = String(magnitude % scale)
        let padded = String(repeating: "0", count: max(0, minorDigits - fraction.count)) + fraction
        return (minor < 0 ? "-" : "") + String(magnitude / scale) + (minorDigits > 0 ? "." + padded : "")
    }

    /// A decimal amount with `mark` before its fraction (`985,13`, `1500,`, `45.9`), unsigned, to
    /// minor units. Nil when it is not one or has more fraction digits than the currency.
    static func amount(_ text: String, mark: Character, minorDigits: Int) -> Int64? {
        let parts = text.split(separator: mark, maxSplits: 1, omittingEmptySubsequences: false)
        let fractionText = parts.count == 2 ? parts[1] : ""
        guard !parts[0].isEmpty, parts[0].count <= 13, fractionText.count <= minorDigits,
              (parts[0] + fractionText).allSatisfy({ $0.isASCII && $0.isNumber }),
              let whole = Int64(parts[0]) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<minorDigits { scale *= 10 }
        var fraction = Int64(fractionText.isEmpty ? "0" : String(fractionText))!
        for _ in fractionText.count..<minorDigits { fraction *= 10 }
        let value = whole * scale + fraction
        return value <= BankAmount.limit ? value : nil
    }

    /// The first words of a text as the payee when the bank names no other party: whole words,
    /// at most 40 characters (the first word cut if it is longer).
    static func firstWords(_ text: String) -> String {
        var out = ""
        for word in text.split(separator: " ") {
            if out.isEmpty { out = String(word.prefix(40)); continue }
            if out.count + 1 + word.count > 40 { break }
            out += " " + word
        }
        return out
    }
}
