import Engine

// QIF: `!Type:Bank|CCard|Cash|Oth A|Oth L` sections of records, one field a line (D date,
// T/U amount, P payee, M memo, N number, L category), `^` ending each record. Unknown codes
// and other sections (accounts, categories, investments) are skipped, never refused.

enum QIFReader {
    /// Reads QIF text (UTF-8). Throws `.unrecognised` without a Bank, CCard, Cash or Oth
    /// section, or `.tooManyRows`.
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        let records = try QIFReader.records(text, limit: options.rowLimit)
        guard records.sawTransactions else { throw .unrecognised("a QIF file without a Bank, CCard or Cash section") }
        let dates = BankDate(today: options.today)
        let shapes = records.list.map { dates.shape($0.fields["D"] ?? "") }
        let cyrillic = encoding == .cp1251 || records.list.prefix(50).contains { ($0.fields["P"] ?? "").unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }
        let decision = dates.decideOrder(shapes, forced: options.dateOrder,
                                         evidence: .init(prefersDayFirst: options.prefersDayFirst, fileDayFirst: cyrillic, openedOn: options.openedOn))
        let mark = BankAmount.decimalMark(in: records.list.lazy.map { $0.fields["T"] ?? $0.fields["U"] ?? "" })
        var rows: [StatementRow] = []
        var errors: [RowError] = []
        for (index, record) in records.list.enumerated() {
            let fields = record.fields
            func failure(_ code: String, _ reason: String) { errors.append(RowError(line: record.line, column: code, reason: reason)) }
            let day: Day
            switch dates.day(shapes[index], text: fields["D"] ?? "", order: decision.order) {
            case .success(let found): day = found
            case .failure(let problem): failure("D", problem.reason); continue
            }
            let code = fields["T"] != nil ? "T" : "U"
            let amountText = fields[code] ?? ""
            switch BankAmount.read(amountText, decimalMark: mark, minorDigits: options.minorDigits) {
            case .empty: failure(code, "no amount")
            case .failure(let reason): failure(code, reason + ": “\(amountText)”")
            case .value(0): failure(code, "the amount is zero")
            case .value(let amount):
                let category = fields["L"] ?? ""
                var splits: [StatementSplit] = []
                for split in record.splits {
                    guard case .value(let part) = BankAmount.read(split.amount, decimalMark: mark, minorDigits: options.minorDigits) else {
                        failure("$", "a split's amount is not an amount: “\(split.amount)”"); splits = []; break
                    }
                    splits.append(StatementSplit(category: split.category, memo: split.memo, amount: part))
                }
                if record.splits.count != splits.count { continue }
                // Splits that do not add up to the transaction are dropped: the total is what the bank moved.
                if splits.reduce(0, { $0 + $1.amount }) != amount { splits = [] }
                rows.append(StatementRow(line: record.line, date: day, amount: amount, payee: fields["P"] ?? "",
                                         memo: fields["M"] ?? "", category: category.isEmpty ? nil : category, splits: splits))
            }
        }
        return ParsedStatement(format: .qif, encoding: encoding, rows: rows, errors: errors,
                               dateOrder: decision.order, dateOrderAmbiguous: decision.ambiguous)
    }

    struct Record {
        var line: Int
        var fields: [String: String] = [:]
        /// Split lines: `S` category, then `E` memo and `$` amount.
        var splits: [(category: String, memo: String, amount: String)] = []
    }

    /// The transaction records of the Bank, CCard, Cash and Oth A/L sections.
    static func records(_ text: [UInt8], limit: Int) throws(StatementError) -> (list: [Record], sawTransactions: Bool) {
        let transactionTypes = ["bank", "ccard", "cash", "oth a", "oth l"]
        var list: [Record] = []
        var inTransactions = false, sawTransactions = false
        var current: Record?
        var lineNumber = 0
        for rawLine in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = String(decoding: rawLine, as: UTF8.self).trimmed
            guard let code = line.first else { continue }
            if code == "!" {
                let header = line.lowercased()
                if header.hasPrefix("!type:") {
                    let type = String(header.dropFirst(6)).trimmed
                    inTransactions = transactionTypes.contains(type)
                    sawTransactions = sawTransactions || inTransactions
                } else if header.hasPrefix("!account") || header.hasPrefix("!option") || header.hasPrefix("!clear") {
                    inTransactions = false
                }
                current = nil
                continue
            }
            guard inTransactions else { continue }
            if code == "^" {
                if let record = current, !record.fields.isEmpty {
                    list.append(record)
                    if list.count > limit { throw .tooManyRows(limit: limit) }
                }
                current = nil
                continue
            }
            if current == nil { current = Record(line: lineNumber) }
            let key = String(code).uppercased()
            let value = String(line.dropFirst()).trimmed
            // A split: S opens it, E and $ fill the latest one.
            switch key {
            case "S": current!.splits.append((value, "", "")); continue
            case "E": if !current!.splits.isEmpty { current!.splits[current!.splits.count - 1].memo = value }; continue
            case "$": if !current!.splits.isEmpty { current!.splits[current!.splits.count - 1].amount = value }; continue
            default: break
            }
            // Other codes are ignored; the first of each field counts.
            guard ["D", "T", "U", "P", "M", "N", "L"].contains(key), current!.fields[key] == nil else { continue }
            current!.fields[key] = String(line.dropFirst()).trimmed
        }
        if let record = current, !record.fields.isEmpty {
            list.append(record)
            if list.count > limit { throw .tooManyRows(limit: limit) }
        }
        return (list, sawTransactions)
    }
}
