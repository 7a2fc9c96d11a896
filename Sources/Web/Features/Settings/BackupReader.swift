import Foundation
import Storage

// Reading an import document in one pass, straight into tables: no
// JSON tree of the whole document is built. Rows become (column, value) pairs with the
// column names shared; values nested inside a row, and anything outside the household,
// are checked for syntax and skipped. A document with absurdly many rows, values or
// columns is refused as soon as a limit is passed, before it costs more memory.

extension JSONParser {
    /// The most a document may hold: far beyond a real household's 50 MB export
    /// (≈ 200,000 entries of 14 values).
    enum BackupLimits {
        static let rows = 1_000_000
        static let values = 4_000_000
        static let columnsPerRow = 64
    }

    /// Why a document could not be read.
    enum ReadError: Error, Equatable {
        case syntax(line: Int, column: Int)
        /// More rows, values or columns than `BackupLimits` allow.
        case tooLarge
    }

    /// What the import needs from a document.
    struct BackupDocument {
        var isObject = false
        /// The first `format` and `version` members (containers as empty placeholders).
        var format: Value?
        var version: Value?
        /// The first `household` member: its tables, or the first place its shape is wrong.
        var household: Result<[BackupTable], ShapeProblem>?
    }

    struct ShapeProblem: Error, Equatable { var path: String }

    /// Reads the whole document (surrounding whitespace allowed). Throws `ReadError`.
    static func backupDocument(_ bytes: [UInt8]) throws(ReadError) -> BackupDocument {
        var reader = Reader(bytes: bytes)
        var document = BackupDocument()
        reader.skipSpace()
        if reader.position < bytes.count, bytes[reader.position] == UInt8(ascii: "{") {
            document.isObject = true
            var counts = Counts()
            try reader.members(depth: 0) { (reader, name) throws(ReadError) in
                switch name {
                case "format" where document.format == nil: document.format = try reader.scalar(depth: 1)
                case "version" where document.version == nil: document.version = try reader.scalar(depth: 1)
                case "household" where document.household == nil: document.household = try reader.household(&counts)
                default: try reader.skip(depth: 1)
                }
            }
        } else {
            try reader.skip(depth: 0)
        }
        reader.skipSpace()
        guard reader.position == bytes.count else {
            let location = reader.error()
            throw .syntax(line: location.line, column: location.column)
        }
        return document
    }

    /// Rows and values read so far.
    fileprivate struct Counts {
        var rows = 0
        var values = 0
        /// Column names, each kept once.
        var names: [String: String] = [:]
    }
}

extension JSONParser.Reader {
    /// Calls `body` for each member of the object at the current position (after its name
    /// and colon; `body` must read the value).
    fileprivate mutating func members(depth: Int,
                                      _ body: (inout Self, String) throws(JSONParser.ReadError) -> Void) throws(JSONParser.ReadError) {
        try must("{")
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw syntax() }
            let name: String
            do { name = try string() } catch { throw .syntax(line: error.line, column: error.column) }
            skipSpace()
            try must(":")
            try body(&self, name)
            skipSpace()
            guard position < bytes.count else { throw syntax() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return }
            throw syntax()
        }
    }

    /// Calls `body` for each element of the array at the current position.
    fileprivate mutating func elements(_ body: (inout Self, Int) throws(JSONParser.ReadError) -> Void) throws(JSONParser.ReadError) {
        try must("[")
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return }
        var index = 0
        while true {
            skipSpace()
            try body(&self, index)
            index += 1
            skipSpace()
            guard position < bytes.count else { throw syntax() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw syntax()
        }
    }

    private mutating func must(_ literal: String) throws(JSONParser.ReadError) {
        do { try expect(literal) } catch { throw .syntax(line: error.line, column: error.column) }
    }

    /// Checks the value at the current position and steps over it, keeping nothing.
    fileprivate mutating func skip(depth: Int) throws(JSONParser.ReadError) {
        skipSpace()
        guard position < bytes.count, depth < 64 else { throw syntax() }
        switch bytes[position] {
        case UInt8(ascii: "{"): try members(depth: depth) { (reader, _) throws(JSONParser.ReadError) in try reader.skip(depth: depth + 1) }
        case UInt8(ascii: "["): try elements { (reader, _) throws(JSONParser.ReadError) in try reader.skip(depth: depth + 1) }
        default:
            do { _ = try value(depth: depth) } catch { throw .syntax(line: error.line, column: error.column) }
        }
    }

    /// A scalar as a value; an array or object is checked, skipped and stands as an empty one.
    fileprivate mutating func scalar(depth: Int) throws(JSONParser.ReadError) -> JSONParser.Value {
        skipSpace()
        guard position < bytes.count else { throw syntax() }
        switch bytes[position] {
        case UInt8(ascii: "{"): try skip(depth: depth); return .object([])
        case UInt8(ascii: "["): try skip(depth: depth); return .array([])
        default:
            do { return try value(depth: depth) } catch { throw .syntax(line: error.line, column: error.column) }
        }
    }

    /// The household object: each member an array of row objects, read straight into tables.
    fileprivate mutating func household(_ counts: inout JSONParser.Counts) throws(JSONParser.ReadError)
        -> Result<[BackupTable], JSONParser.ShapeProblem> {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
            try skip(depth: 1)
            return .failure(JSONParser.ShapeProblem(path: "household"))
        }
        var tables: [BackupTable] = []
        var shape: JSONParser.ShapeProblem?
        try members(depth: 1) { (reader, name) throws(JSONParser.ReadError) in
            reader.skipSpace()
            guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: "[") else {
                try reader.skip(depth: 2)
                if shape == nil { shape = JSONParser.ShapeProblem(path: "household.\(name)") }
                return
            }
            var table = BackupTable(name: name, rows: [])
            try reader.elements { (reader, index) throws(JSONParser.ReadError) in
                guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: "{") else {
                    try reader.skip(depth: 3)
                    if shape == nil { shape = JSONParser.ShapeProblem(path: "household.\(name)[\(index + 1)]") }
                    return
                }
                counts.rows += 1
                guard counts.rows <= JSONParser.BackupLimits.rows else { throw .tooLarge }
                var row: [(String, BackupValue)] = []
                try reader.members(depth: 3) { (reader, column) throws(JSONParser.ReadError) in
                    counts.values += 1
                    guard counts.values <= JSONParser.BackupLimits.values, row.count < JSONParser.BackupLimits.columnsPerRow else {
                        throw .tooLarge
                    }
                    let shared: String
                    if let known = counts.names[column] { shared = known } else {
                        guard counts.names.count < 4 * JSONParser.BackupLimits.columnsPerRow else { throw .tooLarge }
                        counts.names[column] = column
                        shared = column
                    }
                    row.append((shared, try reader.scalar(depth: 4).importValue))
                }
                table.rows.append(row)
            }
            tables.append(table)
        }
        if let shape { return .failure(shape) }
        return .success(tables)
    }

    private func syntax() -> JSONParser.ReadError {
        let location = error()
        return .syntax(line: location.line, column: location.column)
    }
}
