// RFC 4180 records over UTF-8 text: quoted cells may hold delimiters, line breaks and doubled
// quotes; lines end in CRLF, LF or a lone CR; each record knows the line it starts on.

/// One CSV record: its cells (unquoted) and the 1-based line it starts on.
struct CSVRecord: Equatable {
    var line: Int
    var cells: [String]

    /// True for a line with nothing but blanks.
    var isBlank: Bool { cells.allSatisfy { $0.allSatisfy { $0 == " " || $0 == "\t" } } }
}

enum CSVTokenizer {
    static let candidates: [UInt8] = [UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|")]

    /// The longest cell read, in bytes: bank cells are short, and a longer one would only make
    /// every later step slow (a 49 MB file of one cell took minutes).
    static let longestCell = 65_536

    /// The records of `text` split by `delimiter`, blank lines dropped; at most `maxRecords`
    /// (nil: all). Throws `.tooMany` once more than `throwAbove` records are read, and
    /// `.cellTooLong` for a cell over `longestCell` bytes.
    static func records(_ text: [UInt8], delimiter: UInt8, maxRecords: Int? = nil, throwAbove: Int? = nil) throws(Stop) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var cells: [String] = []
        var cell: [UInt8] = []
        cell.reserveCapacity(64)
        var line = 1, recordLine = 1
        var quoted = false, wasQuoted = false
        var onlySpaces = true   // the cell so far is empty or spaces (a quote may still open it)
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        return try text.withUnsafeBufferPointer { (buffer) throws(Stop) -> [CSVRecord] in
            let count = buffer.count
            var index = 0
            func endCell() {
                cells.append(String(decoding: cell, as: UTF8.self))
                cell.removeAll(keepingCapacity: true)
                wasQuoted = false; onlySpaces = true
            }
            func endRecord() throws(Stop) -> Bool {
                endCell()
                let record = CSVRecord(line: recordLine, cells: cells)
                cells = []
                if !(record.cells.count == 1 && record.cells[0].allSatisfy({ $0 == " " || $0 == "\t" })) {
                    records.append(record)
                    if let throwAbove, records.count > throwAbove { throw .tooMany }
                    if let maxRecords, records.count >= maxRecords { return false }
                }
                return true
            }
            while index < count {
                if cell.count > longestCell { throw .cellTooLong(line: line) }
                let byte = buffer[index]
                if quoted {
                    if byte == quote {
                        if index + 1 < count, buffer[index + 1] == quote { cell.append(quote); index += 2; continue }
                        quoted = false; index += 1; continue
                    }
                    if byte == lf || (byte == cr && !(index + 1 < count && buffer[index + 1] == lf)) { line += 1 }
                    cell.append(byte); index += 1
                    continue
                }
                if byte == delimiter {
                    endCell(); index += 1
                } else if byte == quote, !wasQuoted, onlySpaces {
                    cell.removeAll(keepingCapacity: true)
                    quoted = true; wasQuoted = true; onlySpaces = false; index += 1
                } else if byte == lf || byte == cr {
                    index += (byte == cr && index + 1 < count && buffer[index + 1] == lf) ? 2 : 1
                    line += 1
                    guard try endRecord() else { return records }
                    recordLine = line
                } else {
                    if byte != space { onlySpaces = false }
                    cell.append(byte); index += 1
                }
            }
            if !cell.isEmpty || !cells.isEmpty || wasQuoted { _ = try endRecord() }
            return records
        }
    }

    /// Why reading stopped early.
    enum Stop: Error, Equatable {
        case tooMany
        case cellTooLong(line: Int)
    }

    /// Quotes a cell for writing when it holds the delimiter, a quote or a line break.
    static func quoted(_ cell: String, delimiter: Character) -> String {
        guard cell.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        var out = "\""
        for character in cell { out += character == "\"" ? "\"\"" : String(character) }
        return out + "\""
    }
}
