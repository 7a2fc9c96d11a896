import Engine

// TEMPORARY (helper `imp`): a minimal stand-in for the real parsers that helper `parse` writes.
// The lead deletes this file at merge. It reads only UTF-8 CSV with the header
// `Date,Amount,Payee[,Memo][,ID]`, ISO dates and point decimals.

/// Reads a bank statement (placeholder: simple UTF-8 CSV only).
public enum StatementParser {
    /// The rows of `bytes`, or why the file cannot be read at all.
    public static func parse(_ bytes: [UInt8], options: ParseOptions) throws(StatementError) -> ParsedStatement {
        guard !bytes.isEmpty else { throw .empty }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw .zip }
        if bytes.contains(0) { throw .binary }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") { throw .binary }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { String($0).trimmingTrailingCR() }
        guard let headerIndex = lines.firstIndex(where: { !$0.isEmpty }) else { throw .empty }
        let header = cells(lines[headerIndex])
        let lower = header.map { $0.lowercased() }
        guard let date = options.mapping?.date ?? lower.firstIndex(of: "date"),
              let amount = options.mapping?.amount ?? lower.firstIndex(of: "amount"), date < header.count, amount < header.count else {
            throw .unrecognised("no Date and Amount columns")
        }
        let given = options.mapping
        let payee = given == nil ? lower.firstIndex(of: "payee") : given?.payee
        let memo = given == nil ? lower.firstIndex(of: "memo") : given?.memo
        let id = given == nil ? lower.firstIndex(of: "id") : given?.externalID
        var rows: [StatementRow] = []
        var errors: [RowError] = []
        for (index, line) in lines.enumerated() where index > headerIndex && !line.isEmpty {
            let values = cells(line)
            func cell(_ column: Int?) -> String {
                guard let column, column < values.count else { return "" }
                return values[column].trimmed()
            }
            let lineNumber = index + 1
            guard let day = Day(iso: cell(date)) else {
                errors.append(RowError(line: lineNumber, column: header[date], reason: "not a date: \(cell(date))")); continue
            }
            guard let minor = minorUnits(cell(amount)) else {
                errors.append(RowError(line: lineNumber, column: header[amount], reason: "not an amount: \(cell(amount))")); continue
            }
            let external = cell(id)
            rows.append(StatementRow(line: lineNumber, date: day, amount: minor, payee: cell(payee), memo: cell(memo),
                                     externalID: external.isEmpty ? nil : external))
            if rows.count > options.rowLimit { throw .tooManyRows(limit: options.rowLimit) }
        }
        return ParsedStatement(format: .csv, encoding: .utf8, rows: rows, errors: errors, header: header,
                               mapping: ColumnMapping(date: date, amount: amount, payee: payee, memo: memo, externalID: id),
                               headerShape: lower.joined(separator: ","))
    }

    private static func cells(_ line: String) -> [String] {
        var result: [String] = [], current = "", quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { current.append("\""); characters.removeFirst() } else { quoted = false }
                } else { current.append(character) }
            } else if character == "\"" { quoted = true }
            else if character == "," { result.append(current); current = "" }
            else { current.append(character) }
        }
        result.append(current)
        return result
    }

    private static func minorUnits(_ text: String) -> Int64? {
        var digits = text
        let negative = digits.hasPrefix("-")
        if negative || digits.hasPrefix("+") { digits.removeFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 13, parts[0].allSatisfy(\.isASCII),
              let whole = Int64(parts[0]) else { return nil }
        var cents: Int64 = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), let fraction = Int64(parts[1]) else { return nil }
            cents = parts[1].count == 1 ? fraction * 10 : fraction
        }
        let value = whole * 100 + cents
        return negative ? -value : value
    }
}

private extension String {
    func trimmingTrailingCR() -> String { hasSuffix("\r") ? String(dropLast()) : self }
    func trimmed() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
