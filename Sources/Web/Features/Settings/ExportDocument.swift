import Foundation
import Storage

/// The export document of docs/product-rules.md, "Export, import and deletion" (`{"format": "finmind-export", "version": 1, …}`):
/// written from the household's tables, read back into tables to import.
enum ExportDocument {
    static let format = "finmind-export"
    static let version: Int64 = 1

    // MARK: - Writing

    /// The document for `tables`, one row per line, blobs as base64 text.
    static func text(_ tables: [ExportTable], exportedAt: String) -> String {
        var out = "{\"format\":" + JSON.string(format).text + ",\"version\":\(version),\"exportedAt\":"
            + JSON.string(exportedAt).text + ",\"household\":{"
        for (index, table) in tables.enumerated() {
            out += (index == 0 ? "\n" : ",\n") + JSON.string(table.name).text + ":["
            for (rowIndex, row) in table.rows.enumerated() {
                let object = JSON.object(zip(table.columns, row).map { ($0, json($1)) })
                out += (rowIndex == 0 ? "\n" : ",\n") + object.text
            }
            out += table.rows.isEmpty ? "]" : "\n]"
        }
        return out + "\n}}\n"
    }

    private static func json(_ value: ExportValue) -> JSON {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .text(let text): .string(text)
        case .blob(let bytes): .string(Data(bytes).base64EncodedString())
        }
    }

    // MARK: - Reading

    /// What is wrong with a document before its tables are checked against the schema.
    enum Problem: Error, Equatable {
        /// Not JSON: the line and column (1-based) where reading stopped.
        case syntax(line: Int, column: Int)
        /// No `"format": "finmind-export"`.
        case format
        /// A version this app cannot read.
        case version(String)
        /// Something is not where the document's shape puts it (e.g. "household.entry[3]").
        case shape(String)
        /// More rows, values or columns than any household's export holds.
        case tooLarge
    }

    /// The tables of an export document, read in one pass without a tree of the whole
    /// document (BackupReader.swift). Throws `Problem`.
    static func tables(from bytes: [UInt8]) throws(Problem) -> [BackupTable] {
        let document: JSONParser.BackupDocument
        do {
            document = try JSONParser.backupDocument(bytes)
        } catch {
            switch error {
            case .syntax(let line, let column): throw .syntax(line: line, column: column)
            case .tooLarge: throw .tooLarge
            }
        }
        guard document.isObject, case .string(format)? = document.format else { throw .format }
        guard case .integer(version)? = document.version else {
            throw .version(document.version.map(\.summary) ?? "—")
        }
        switch document.household {
        case nil: throw .shape("household")
        case .failure(let problem)?: throw .shape(problem.path)
        case .success(let tables)?: return tables
        }
    }
}

// MARK: - A strict JSON reader

/// A small JSON reader that keeps integers exact and object members in order, and
/// reports where a broken document stops making sense.
enum JSONParser {
    indirect enum Value: Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        /// A number with a fraction, an exponent, or beyond Int64, as written.
        case number(String)
        case string(String)
        case array([Value])
        case object([(String, Value)])

        static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            case (.number(let a), .number(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: false
            }
        }

        /// A short description for messages ("true", "1.5", "text", "array").
        var summary: String {
            switch self {
            case .null: "null"
            case .bool(let flag): flag ? "true" : "false"
            case .integer(let number): String(number)
            case .number(let text): text
            case .string(let text): "\"" + String(text.prefix(20)) + "\""
            case .array: "array"
            case .object: "object"
            }
        }

        var importValue: BackupValue {
            switch self {
            case .null: .null
            case .integer(let number): .integer(number)
            case .string(let text): .string(text)
            default: .other(summary)
            }
        }
    }

    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
    }

    struct Reader {
        let bytes: [UInt8]
        var position = 0

        func error() -> SyntaxError {
            var line = 1, column = 1
            for byte in bytes[..<min(position, bytes.count)] {
                if byte == 10 { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return SyntaxError(line: line, column: column)
        }

        mutating func skipSpace() {
            while position < bytes.count, [32, 9, 10, 13].contains(bytes[position]) { position += 1 }
        }

        mutating func expect(_ literal: String) throws(SyntaxError) {
            for byte in literal.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw error() }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            skipSpace()
            guard position < bytes.count, depth < 64 else { throw error() }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(String, Value)] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error() }
                    let name = try string()
                    skipSpace()
                    try expect(":")
                    members.append((name, try value(depth: depth + 1)))
                    skipSpace()
                    guard position < bytes.count else { throw error() }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                    throw error()
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [Value] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard position < bytes.count else { throw error() }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                    throw error()
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func number() throws(SyntaxError) -> Value {
            let start = position
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let digitsStart = position
            while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
            guard position > digitsStart, !(bytes[digitsStart] == 48 && position - digitsStart > 1) else { throw error() }
            var isInteger = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                isInteger = false
                position += 1
                let fraction = position
                while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
                guard position > fraction else { throw error() }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                isInteger = false
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                let exponent = position
                while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
                guard position > exponent else { throw error() }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if isInteger, let number = Int64(text) { return .integer(number) }
            return .number(text)
        }

        mutating func string() throws(SyntaxError) -> String {
            position += 1
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    guard let text = String(validating: out, as: UTF8.self) else { throw error() }
                    return text
                case UInt8(ascii: "\\"):
                    position += 1
                    guard position < bytes.count else { throw error() }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(8)
                    case UInt8(ascii: "f"): out.append(12)
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "r"): out.append(13)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error() }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error() }
                        out.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        position -= 1
                        throw error()
                    }
                default:
                    guard byte >= 0x20 else { throw error() }
                    out.append(byte)
                    position += 1
                }
            }
            throw error()
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw error() }
            position += 4
            return value
        }
    }
}

// MARK: - CSV per table, in a zip

/// CSV files of the household's tables in one stored (uncompressed) zip.
enum CSVExport {
    /// A zip holding `<table>.csv` for each table.
    static func zip(_ tables: [ExportTable], at date: Date) -> [UInt8] {
        var archive = ZipWriter(date: date)
        for table in tables { archive.add(name: table.name + ".csv", bytes: csv(table)) }
        return archive.finish()
    }

    /// One table as CSV (UTF-8 with BOM, CRLF): a header of column names, then the rows. The
    /// Advisor's messages show their links as "label (/path)", as a person reads them (the JSON
    /// export keeps the stored `[label](/path)`: it is what an import restores as links).
    static func csv(_ table: ExportTable) -> [UInt8] {
        var out = "\u{FEFF}" + table.columns.map(cell).joined(separator: ",") + "\r\n"
        let readable = table.name == "advisorMessage" ? table.columns.firstIndex(of: "text") : nil
        for row in table.rows {
            out += row.enumerated().map { index, value in
                switch value {
                case .null: ""
                case .integer(let number): cell(String(number))
                case .text(let text) where index == readable: cell(AdvisorLink.readable(text))
                case .text(let text): cell(text)
                case .blob(let bytes): cell(Data(bytes).base64EncodedString())
                }
            }.joined(separator: ",") + "\r\n"
        }
        return Array(out.utf8)
    }

    /// A cell: one beginning with = + - @ (or a tab or CR) gets a leading apostrophe so a
    /// spreadsheet reads it as text; cells with commas, quotes or line breaks are quoted.
    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        if value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            value = "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return value
    }
}

/// A zip archive of stored (uncompressed) files with CRC-32, built in memory.
struct ZipWriter {
    private var data: [UInt8] = []
    private var central: [UInt8] = []
    private var count = 0
    private let time: UInt16
    private let day: UInt16

    init(date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        time = UInt16(parts.hour! << 11 | parts.minute! << 5 | parts.second! / 2)
        day = UInt16(max(parts.year! - 1980, 0) << 9 | parts.month! << 5 | parts.day!)
    }

    mutating func add(name: String, bytes: [UInt8]) {
        let nameBytes = Array(name.utf8)
        let crc = CRC32.checksum(bytes)
        let offset = UInt32(data.count)
        var local: [UInt8] = []
        local.le32(0x0403_4B50); local.le16(20); local.le16(0x0800); local.le16(0)
        local.le16(time); local.le16(day); local.le32(crc)
        local.le32(UInt32(bytes.count)); local.le32(UInt32(bytes.count))
        local.le16(UInt16(nameBytes.count)); local.le16(0)
        data += local + nameBytes + bytes
        central.le32(0x0201_4B50); central.le16(20); central.le16(20); central.le16(0x0800); central.le16(0)
        central.le16(time); central.le16(day); central.le32(crc)
        central.le32(UInt32(bytes.count)); central.le32(UInt32(bytes.count))
        central.le16(UInt16(nameBytes.count)); central.le16(0); central.le16(0); central.le16(0); central.le16(0)
        central.le32(0); central.le32(offset)
        central += nameBytes
        count += 1
    }

    /// The archive's bytes.
    func finish() -> [UInt8] {
        var end: [UInt8] = []
        end.le32(0x0605_4B50); end.le16(0); end.le16(0)
        end.le16(UInt16(count)); end.le16(UInt16(count))
        end.le32(UInt32(central.count)); end.le32(UInt32(data.count)); end.le16(0)
        return data + central + end
    }
}

/// CRC-32 (IEEE 802.3, as zip uses it).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

private extension Array where Element == UInt8 {
    mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    mutating func le32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
}
