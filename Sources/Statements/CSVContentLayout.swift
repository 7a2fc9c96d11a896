import Engine

// A CSV whose header the synonyms do not know (or that has none): the delimiter from the
// rows' widths, the data from the first row holding a date, the header as the row before it,
// and the columns from what their values look like. Also the table the preview offers for
// mapping columns by hand.

/// A CSV's first rows as cells, for choosing a mapping by hand.
public struct StatementTable: Equatable, Sendable {
    public var encoding: TextEncoding
    /// ";", ",", "\t" or "|".
    public var delimiter: String
    /// The header row's cells as written, if the file has one.
    public var header: [String]?
    /// The header normalised (the key a confirmed mapping is remembered under).
    public var headerShape: String?
    /// The first data rows' cells.
    public var rows: [[String]]
    /// The mapping detection suggests (from the header or the values), if any.
    public var suggested: ColumnMapping?
}

extension StatementParser {
    /// The first `rows` data rows of a CSV, its header and delimiter, for a mapping form.
    /// Throws what `parse` throws for files that are not text, and `.unrecognised` for an OFX
    /// or QIF file (they need no mapping) or a CSV whose rows have fewer than two cells.
    public static func table(_ bytes: [UInt8], options: ParseOptions, rows: Int = 10) throws(StatementError) -> StatementTable {
        let (text, encoding) = try checkedText(bytes, options: options)
        guard sniffFormat(text) == .csv else { throw .unrecognised("not a CSV file") }
        let layout = try CSVStatementReader.detectLayout(text, options: options)
        let head: [CSVRecord]
        do { head = try CSVTokenizer.records(text, delimiter: layout.delimiter, maxRecords: layout.dataStart + rows) } catch { head = [] }
        let header = layout.headerIndex.flatMap { $0 < head.count ? head[$0].cells : nil }
        return StatementTable(encoding: encoding, delimiter: String(UnicodeScalar(layout.delimiter)), header: header,
                              headerShape: header.map(CSVHeader.shape), rows: head.dropFirst(layout.dataStart).map(\.cells),
                              suggested: layout.mapping)
    }
}

enum CSVContentLayout {
    /// The layout of a CSV without a known header: the delimiter whose first 30 records most
    /// often share one width (two cells or more); data from the first record of that width
    /// with a date (in `mapping.date` when given); the header is the record before it when
    /// it has that width and no date. Without a mapping the columns are guessed from the
    /// data: the first all-date column, the amount column (all amounts, most with a decimal
    /// mark or sign), the widest text column as the payee. Throws `.unrecognised` when no
    /// date or amount column is found.
    static func layout(_ text: [UInt8], mapping: ColumnMapping?, today: Day, minorDigits: Int) throws(StatementError) -> CSVStatementReader.Layout {
        let dates = BankDate(today: today)
        var choice: (score: Int, delimiter: UInt8, width: Int, head: [CSVRecord])?
        for delimiter in CSVTokenizer.candidates {
            guard let head = try? CSVTokenizer.records(text, delimiter: delimiter, maxRecords: 60) else { continue }
            var counts: [Int: Int] = [:]
            for record in head.prefix(30) where record.cells.count >= 2 { counts[record.cells.count, default: 0] += 1 }
            guard let (width, count) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            let score = count * 100 + width
            if choice == nil || score > choice!.score { choice = (score, delimiter, width, head) }
        }
        guard let choice, choice.width <= 300 else { throw .unrecognised("no header row with a date and an amount column") }
        func isDate(_ cell: String) -> Bool {
            switch dates.shape(cell) {
            case .fixed(let day): return day != nil
            case .numeric: return true
            case .blank, .unreadable: return false
            }
        }
        let head = choice.head
        guard let firstData = head.firstIndex(where: { record in
            record.cells.count == choice.width
                && (mapping.map { $0.date >= 0 && $0.date < record.cells.count && isDate(record.cells[$0.date]) } ?? record.cells.contains(where: isDate))
        }) else { throw .unrecognised("no header row with a date and an amount column") }
        var headerIndex: Int?
        if firstData > 0, head[firstData - 1].cells.count == choice.width, !head[firstData - 1].cells.contains(where: isDate) {
            headerIndex = firstData - 1
        }
        let noExtras = CSVStatementReader.Extras(direction: nil, status: nil, finMind: nil)
        if let mapping {
            return .init(delimiter: choice.delimiter, headerIndex: headerIndex, dataStart: firstData, mapping: mapping, extras: noExtras)
        }
        // Guess the columns from up to 50 data rows of the common width.
        let sample = head.dropFirst(firstData).filter { $0.cells.count == choice.width }.prefix(50)
        func column(_ index: Int) -> [String] { sample.map { $0.cells[index].trimmed }.filter { !$0.isEmpty } }
        guard let dateColumn = (0..<choice.width).first(where: { index in
            let values = column(index)
            return !values.isEmpty && values.allSatisfy(isDate)
        }) else { throw .unrecognised("no date column") }
        var amountColumn: Int?
        var bestSigned = -1
        for index in 0..<choice.width where index != dateColumn {
            let values = column(index)
            guard !values.isEmpty else { continue }
            let mark = BankAmount.decimalMark(in: values)
            let readable = values.allSatisfy {
                if case .value = BankAmount.read($0, decimalMark: mark, minorDigits: minorDigits) { return !isDate($0) }
                return false
            }
            guard readable else { continue }
            // Amounts carry decimals or signs; ids and counters do not.
            let signed = values.filter { $0.contains(",") || $0.contains(".") || $0.contains("-") || $0.contains("−") }.count
            if signed * 2 >= values.count, signed > bestSigned { amountColumn = index; bestSigned = signed }
        }
        guard let amountColumn else { throw .unrecognised("no amount column") }
        let payee = (0..<choice.width).filter { $0 != dateColumn && $0 != amountColumn }.max { a, b in
            let letters = { (index: Int) in column(index).reduce(0) { $0 + $1.filter(\.isLetter).count } }
            return letters(a) < letters(b)
        }
        let payeeColumn = payee.flatMap { column($0).contains(where: { $0.contains(where: \.isLetter) }) ? $0 : nil }
        return .init(delimiter: choice.delimiter, headerIndex: headerIndex, dataStart: firstData,
                     mapping: ColumnMapping(date: dateColumn, amount: amountColumn, payee: payeeColumn), extras: noExtras)
    }
}
