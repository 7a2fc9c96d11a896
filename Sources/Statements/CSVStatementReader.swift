import Engine

// A CSV or TSV statement: the delimiter, the header row after any preamble, the mapping
// (detected or the user's), then each row's date, amount and texts. A bad row is a RowError.

enum CSVStatementReader {
    /// Reads CSV text (UTF-8). Throws `.unrecognised` without a header row naming a date and
    /// an amount (and no mapping given), `.tooManyRows`, or `.otherCurrency` when every row's
    /// currency cell names another currency than the household's.
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        let layout = try detectLayout(text, options: options)
        let all: [CSVRecord]
        do {
            let (above, overflow) = options.rowLimit.addingReportingOverflow(layout.dataStart + 1)
            all = try CSVTokenizer.records(text, delimiter: layout.delimiter, throwAbove: overflow ? nil : above)
        } catch {
            switch error {
            case .tooMany: throw .tooManyRows(limit: options.rowLimit)
            case .cellTooLong(let line): throw .unrecognised("a cell longer than \(CSVTokenizer.longestCell / 1024) KB on line \(line)")
            }
        }
        let data = all.dropFirst(layout.dataStart).filter { !$0.isBlank }
        if data.count > options.rowLimit { throw .tooManyRows(limit: options.rowLimit) }
        let header = layout.headerIndex.map { all[$0].cells }
        // What the preamble and the file's language tell about the date order.
        let preamble = all.prefix(layout.headerIndex ?? layout.dataStart).map { $0.cells.joined(separator: " ") }
        let dates = BankDate(today: options.today)
        let cyrillic = encoding == .cp1251 || (header ?? []).contains { $0.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }
        let evidence = BankDate.Evidence(prefersDayFirst: options.prefersDayFirst, fileDayFirst: cyrillic,
                                         period: { dates.period(in: preamble, order: $0) }, openedOn: options.openedOn)
        let reader = RowReader(header: header, mapping: layout.mapping, extras: layout.extras, options: options, evidence: evidence)
        let result = try reader.read(data)
        if let only = result.currency, only != options.currency.uppercased(), result.rows.isEmpty, !data.isEmpty {
            throw .otherCurrency(only)
        }
        var parsed = ParsedStatement(format: .csv, encoding: encoding, rows: result.rows, errors: result.errors,
                                     currency: result.currency, dateOrder: result.decision.order,
                                     dateOrderAmbiguous: result.decision.ambiguous, header: header,
                                     mapping: layout.mapping, headerShape: header.map(CSVHeader.shape))
        parsed.layout = layout.extras.layout
        parsed.period = dates.period(in: preamble, order: result.decision.order ?? .dayMonth)
        parsed.dateOrderEvidence = result.decision.evidence
        return parsed
    }

    /// Where the data is and how to read it.
    struct Layout {
        var delimiter: UInt8
        /// The header record's index among the records, nil for a file without one.
        var headerIndex: Int?
        /// The index of the first data record.
        var dataStart: Int
        var mapping: ColumnMapping
        var extras: Extras
    }

    /// Columns outside `ColumnMapping`, found from the header.
    struct Extras {
        var direction: Int?
        var status: Int?
        /// Payee columns to fall back on, in order, when the payee cell is empty (a bank layout's).
        var payeeFallbacks: [Int] = []
        /// Payee columns for money in, in order, when they differ from money out's (DKB's payer
        /// and recipient columns): a bank layout's.
        var payeeWhenIn: [Int] = []
        /// Two columns of which one holds the account holder's own name on every row and the
        /// other the counterparty (the old Volksbank export): the payee is the cell that is not
        /// the name the two columns repeat most.
        var holderPair: (Int, Int)?
        /// The payee cell is a bank's labelled text ("Empfänger: … Buchungstext: … Ref. …"):
        /// split into payee and memo (`BankLayouts.splitText`).
        var splitText = false
        /// The memo's first line is the operation's kind, not its purpose (`BankLayout.kindFirstInMemo`).
        var kindFirstInMemo = false
        /// A zero amount is a notice, not an error (`BankLayout.zeroIsNotice`).
        var zeroIsNotice = false
        /// Where another account's section begins (`BankLayout.nextSection`).
        var nextSection: String?
        /// The bank layout recognised, if any.
        var layout: String?
        /// FinMind's own export (the entry table): amounts in minor units, a kind column, planned
        /// and deleted rows skipped.
        var finMind: (isActual: Int?, deletedAt: Int?)?
    }

    // MARK: - Layout

    /// Picks the delimiter and header: for each of `; , tab |`, the first of the opening 50
    /// records naming a date and an amount (or two known fields when a mapping is given), and
    /// how many of the next 20 records have its number of cells. Most consistent wins; ties go
    /// to the wider header, then to the order above. Without such a header the layout comes
    /// from the values (`CSVContentLayout`); throws `.unrecognised` when that fails too.
    static func detectLayout(_ text: [UInt8], options: ParseOptions) throws(StatementError) -> Layout {
        let given = options.mapping
        var best: (score: (Int, Int, Int), layout: Layout)?
        for (order, delimiter) in CSVTokenizer.candidates.enumerated() {
            let head: [CSVRecord]
            do { head = try CSVTokenizer.records(text, delimiter: delimiter, maxRecords: 80) } catch {
                if case .cellTooLong(let line) = error { throw .unrecognised("a cell longer than 64 KB on line \(line)") }
                continue
            }
            for (index, record) in head.prefix(50).enumerated() where record.cells.count >= 2 && record.cells.count <= 300 {
                let fields = CSVHeader.fields(record.cells)
                let detected = CSVHeader.mapping(fields)
                guard detected != nil || (given != nil && fields.count >= 2) else { continue }
                let following = head.dropFirst(index + 1).prefix(20)
                let consistent = following.filter { $0.cells.count == record.cells.count }.count
                let score = (consistent * 2 >= following.count ? 1 : 0, record.cells.count, -order)
                var mapping = given ?? detected!
                var found = extras(record.cells, fields: fields)
                if given == nil, let bank = BankLayouts.recognise(record.cells.map(CSVHeader.normalise)) {
                    BankLayouts.apply(bank, names: record.cells.map(CSVHeader.normalise), to: &mapping, extras: &found)
                }
                let layout = Layout(delimiter: delimiter, headerIndex: index, dataStart: index + 1, mapping: mapping, extras: found)
                if best == nil || score > best!.score { best = (score, layout) }
                break
            }
        }
        if let best { return best.layout }
        return try CSVContentLayout.layout(text, mapping: given, today: options.today, minorDigits: options.minorDigits)
    }

    static func extras(_ header: [String], fields: [CSVField: Int]) -> Extras {
        let names = header.map(CSVHeader.normalise)
        var extras = Extras(direction: fields[.direction], status: fields[.status], finMind: nil)
        if ["amount", "kind", "isactual", "createdat", "date"].allSatisfy(names.contains) {
            extras.finMind = (names.firstIndex(of: "isactual"), names.firstIndex(of: "deletedat"))
        }
        return extras
    }

    // MARK: - Rows

    struct RowReader {
        let header: [String]?
        let mapping: ColumnMapping
        let extras: Extras
        let options: ParseOptions
        let dates: BankDate
        let evidence: BankDate.Evidence

        init(header: [String]?, mapping: ColumnMapping, extras: Extras, options: ParseOptions, evidence: BankDate.Evidence? = nil) {
            self.header = header; self.mapping = mapping; self.extras = extras; self.options = options
            dates = BankDate(today: options.today)
            self.evidence = evidence ?? BankDate.Evidence(prefersDayFirst: options.prefersDayFirst, openedOn: options.openedOn)
        }

        struct RowsRead {
            var rows: [StatementRow] = []
            var errors: [RowError] = []
            var currency: String?
            var decision = BankDate.Decision(order: nil, ambiguous: false)
        }

        func cell(_ record: CSVRecord, _ column: Int?) -> String {
            guard let column, column >= 0, column < record.cells.count else { return "" }
            return CSVStatementReader.unescaped(record.cells[column])
        }

        /// A column's name for messages: its header text, or "column N".
        func name(_ column: Int?) -> String? {
            guard let column else { return nil }
            if let header, column < header.count, !header[column].isEmpty { return header[column] }
            return "column \(column + 1)"
        }

        func read(_ records: [CSVRecord]) throws(StatementError) -> RowsRead {
            var result = RowsRead()
            // Rows to read: up to another account's section, not planned or deleted FinMind entries, not one-cell footers.
            let section = extras.nextSection.flatMap { title in
                records.firstIndex { $0.cells.first.map { CSVHeader.normalise($0).hasPrefix(title) } ?? false }
            }
            let live = records[..<(section ?? records.endIndex)].filter { record in
                if record.cells.filter({ !$0.isEmpty }).count <= 1 { return false }
                if isSummary(record) { return false }
                if let finMind = extras.finMind {
                    if let column = finMind.isActual, cell(record, column) == "0" { return false }
                    if let column = finMind.deletedAt, !cell(record, column).isEmpty { return false }
                }
                return true
            }
            // Column-wide decisions: the date order and each amount column's decimal mark.
            let shapes = live.map { dates.shape(cell($0, mapping.date)) }
            result.decision = dates.decideOrder(shapes, forced: options.dateOrder, evidence: evidence)
            let minorUnits = extras.finMind != nil
            func mark(_ column: Int?) -> UInt8? {
                guard let column, !minorUnits else { return nil }
                return BankAmount.decimalMark(in: live.lazy.map { cell($0, column) })
            }
            let marks = (amount: mark(mapping.amount), inflow: mark(mapping.inflow), outflow: mark(mapping.outflow), fee: mark(mapping.fee))
            // A direction column signs a column of unsigned amounts only (Chase's "Payment" rows
            // are already positive in a signed column).
            let signed = mapping.amount.map { column in
                live.contains { cell($0, column).contains { $0 == "-" || $0 == "−" || $0 == "(" } }
            } ?? true
            let direction = signed ? nil : extras.direction
            let holder = extras.holderPair.flatMap { pair in mostCommon(live.flatMap { [cell($0, pair.0).trimmed, cell($0, pair.1).trimmed] }) }
            let household = options.currency.uppercased()
            var currencies = Set<String>()
            var codes: [String: String?] = [:]
            for (index, record) in live.enumerated() {
                try options.budget.check(index + 1)
                let code = mapping.currency.flatMap { column -> String? in
                    let text = cell(record, column)
                    if let known = codes[text] { return known }
                    let found = CSVHeader.currencyCode(text)
                    if codes.count < 100 { codes[text] = found }
                    return found
                }
                if let code { currencies.insert(code) }
                switch row(record, shape: shapes[index], decision: result.decision, marks: marks, minorUnits: minorUnits,
                           direction: direction, currency: code, household: household, holder: holder) {
                case .row(let row): result.rows.append(row)
                case .error(let error): result.errors.append(error)
                case .dropped: continue
                }
            }
            result.currency = currencies.count == 1 ? currencies.first : nil
            return result
        }

        /// A footer line ("Итого", "Остаток на конец периода", "Total", "Alter Kontostand") whose
        /// date cell is no date, or a dated balance line without a payee whose cell says only
        /// what it is ("Anfangssaldo", "Endsaldo": the old Volksbank export).
        func isSummary(_ record: CSVRecord) -> Bool {
            switch dates.shape(cell(record, mapping.date)) {
            case .fixed, .numeric:
                guard cell(record, mapping.payee).trimmed.isEmpty else { return false }
                return record.cells.contains { ["anfangssaldo", "endsaldo", "kontostand", "alter kontostand", "neuer kontostand",
                                                "opening balance", "closing balance"].contains(CSVHeader.normalise($0)) }
            case .blank, .unreadable: break
            }
            guard let first = record.cells.first(where: { !$0.trimmed.isEmpty }) else { return true }
            let text = CSVHeader.normalise(first)
            return ["итого", "всего", "остаток", "баланс", "входящий", "исходящий", "обороты", "total", "balance",
                    "opening", "closing", "sum", "kontostand", "alter kontostand", "neuer kontostand", "anfangssaldo", "endsaldo",
                    "saldo", "summe"].contains { text.hasPrefix($0) }
        }

        func row(_ record: CSVRecord, shape: BankDate.Shape, decision: BankDate.Decision,
                 marks: (amount: UInt8?, inflow: UInt8?, outflow: UInt8?, fee: UInt8?), minorUnits: Bool, direction: Int?,
                 currency: String?, household: String, holder: String?) -> RowOutcome {
            let line = record.line
            func failure(_ column: Int?, _ reason: String) -> RowOutcome {
                .error(RowError(line: line, column: name(column), reason: reason))
            }
            if let status = extras.status, let reason = CSVHeader.skipReason(cell(record, status)) {
                return .error(RowError(line: line, column: name(status), reason: reason, skipped: true))
            }
            let day: Day
            switch dates.day(shape, text: cell(record, mapping.date), order: decision.order) {
            case .success(let found): day = found
            case .failure(let problem):
                // comdirect writes "offen" where a pending row's booking day will be.
                if let reason = CSVHeader.skipReason(cell(record, mapping.date)) {
                    return .error(RowError(line: line, column: name(mapping.date), reason: reason, skipped: true))
                }
                return failure(mapping.date, problem.reason)
            }
            if let currency, currency != household {
                return failure(mapping.currency, "the amount is in \(currency), not \(household)")
            }
            var amount: Int64 = 0
            var any = false
            func take(_ column: Int?, _ mark: UInt8?, sign: Int64?) -> RowError? {
                guard let column else { return nil }
                let text = cell(record, column)
                let outcome = minorUnits ? minorUnitsAmount(text) : BankAmount.read(text, decimalMark: mark, minorDigits: options.minorDigits)
                switch outcome {
                case .empty: return nil
                case .failure(let reason): return RowError(line: line, column: name(column), reason: reason + ": “\(text)”")
                case .value(let value):
                    guard value != 0 || sign == nil else { return nil } // 0,00 in the unused in/out column
                    any = true
                    amount += sign.map { $0 * abs(value) } ?? value
                    return nil
                }
            }
            if let error = take(mapping.amount, marks.amount, sign: nil) { return .error(error) }
            if let error = take(mapping.inflow, marks.inflow, sign: 1) { return .error(error) }
            if let error = take(mapping.outflow, marks.outflow, sign: -1) { return .error(error) }
            let amountColumn = mapping.amount ?? mapping.outflow ?? mapping.inflow
            guard any else {
                // "Beginning balance as of 10/01/2026" (Bank of America) is a summary, not a row.
                let text = CSVHeader.normalise(cell(record, mapping.payee))
                if ["balance", "остаток", "баланс", "сальдо", "saldo", "kontostand"].contains(where: text.contains) { return .dropped }
                return failure(amountColumn, "no amount")
            }
            if let direction, let sign = CSVHeader.direction(cell(record, direction)) {
                amount = Int64(sign) * abs(amount)
            }
            if mapping.negate { amount = -amount }
            if let column = mapping.fee {
                let text = cell(record, column)
                switch BankAmount.read(text, decimalMark: marks.fee, minorDigits: options.minorDigits) {
                case .empty: break
                case .failure(let reason): return failure(column, reason + ": “\(text)”")
                case .value(let fee): amount -= abs(fee)
                }
            }
            guard amount != 0 else { return extras.zeroIsNotice ? .dropped : failure(amountColumn, "the amount is zero") }
            guard abs(amount) <= BankAmount.limit else { return failure(amountColumn, "beyond the limit of 10 000 000 000") }
            let externalID = cell(record, mapping.externalID).trimmed
            let category = cell(record, mapping.category).trimmed
            var payee = amount > 0 ? extras.payeeWhenIn.lazy.map { cell(record, $0).trimmed }.first { !$0.isEmpty } ?? "" : ""
            if payee.isEmpty, let (a, b) = extras.holderPair {
                let (first, second) = (cell(record, a).trimmed, cell(record, b).trimmed)
                payee = first.isEmpty || first == holder ? second : first
            }
            if payee.isEmpty { payee = cell(record, mapping.payee).trimmed }
            for column in extras.payeeFallbacks where payee.isEmpty { payee = cell(record, column).trimmed }
            var memo = cell(record, mapping.memo).trimmed
            if extras.splitText {
                let split = BankLayouts.splitText(payee)
                payee = split.payee
                if memo.isEmpty { memo = split.memo }
            }
            if extras.kindFirstInMemo, case let lines = memo.split(whereSeparator: \.isNewline), lines.count > 1 {
                memo = lines.dropFirst().map { String($0).trimmed }.joined(separator: " ")
            }
            let mcc = mapping.mcc.flatMap { BankLayouts.mcc(cell(record, $0)) } ?? BankLayouts.mccInText(payee) ?? BankLayouts.mccInText(memo)
            return .row(StatementRow(line: line, date: day, amount: amount, payee: payee, memo: memo,
                                     externalID: externalID.isEmpty ? nil : externalID,
                                     category: category.isEmpty ? nil : category, mcc: mcc))
        }

        /// The non-empty value `values` repeat most (the account holder's name), nil without one.
        func mostCommon(_ values: [String]) -> String? {
            var counts: [String: Int] = [:]
            for value in values where !value.isEmpty { counts[value, default: 0] += 1 }
            return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }

        /// FinMind's export writes whole minor units ("25000" is 250.00).
        func minorUnitsAmount(_ text: String) -> BankAmount.Outcome {
            let trimmed = text.trimmed
            if trimmed.isEmpty { return .empty }
            guard let value = Int64(trimmed), value >= -BankAmount.limit, value <= BankAmount.limit else {
                return .failure("not an amount in minor units")
            }
            return .value(value)
        }
    }

    /// A row read, or why not.
    enum RowOutcome {
        case row(StatementRow)
        case error(RowError)
        /// A summary line that is not a transaction: left out silently.
        case dropped
    }

    /// A cell guarded against spreadsheets by a leading apostrophe, without it: FinMind's export
    /// ("'=SUM" → "=SUM"), NatWest's text cells ("'TESCO STORES 3125"), Amex's reference. An
    /// apostrophe alone, or before another or a space, stays.
    static func unescaped(_ cell: String) -> String {
        var bytes = cell.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "'"), let second = bytes.next(), second != UInt8(ascii: "'"), second != UInt8(ascii: " ") else {
            return cell
        }
        return String(cell.dropFirst())
    }
}

extension String {
    /// Without leading and trailing spaces, tabs, line breaks and no-break spaces.
    var trimmed: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{00A0}" }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !isSpace(first), !isSpace(last) { return self }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }
}
