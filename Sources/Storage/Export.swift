import Foundation
import GRDB

// MARK: - The household's data as tables: export, import, deletion (docs/product-rules.md, "Export, import and deletion")
//
// Every table of the database is part of the household's data except the private ones
// (`privateTables`) and SQLite's own: tables added later are exported, imported and
// deleted without any change here.

/// One stored value as it leaves or enters the database.
public enum ExportValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])
}

/// One table of the household: its columns by name and its rows in primary-key order.
public struct ExportTable: Sendable, Equatable {
    public var name: String
    /// Column names, sorted.
    public var columns: [String]
    /// Each row's values, in `columns` order.
    public var rows: [[ExportValue]]

    public init(name: String, columns: [String], rows: [[ExportValue]]) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }
}

/// A value read from an import document, before it is checked against the schema.
public enum BackupValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case string(String)
    /// Anything else (true/false, a fraction, an array, an object), named for the message.
    case other(String)
}

/// A table as an import document holds it: rows of (column, value) pairs.
public struct BackupTable: Sendable, Equatable {
    public var name: String
    public var rows: [[(String, BackupValue)]]

    public init(name: String, rows: [[(String, BackupValue)]]) {
        self.name = name
        self.rows = rows
    }

    public static func == (lhs: BackupTable, rhs: BackupTable) -> Bool {
        lhs.name == rhs.name && lhs.rows.count == rhs.rows.count
            && zip(lhs.rows, rhs.rows).allSatisfy { $0.elementsEqual($1) { $0.0 == $1.0 && $0.1 == $1.1 } }
    }
}

/// Why an import was refused; nothing was written.
public struct RestoreProblem: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The document names a table this database does not have.
        case unknownTable
        /// The row names a column its table does not have.
        case unknownColumn
        /// The value has the wrong JSON type ("integer", "text" or "base64 text" expected).
        case wrongType(expected: String)
        /// The database refused the row (a limit, a missing value, a duplicate); SQLite's words.
        case refused(String)
        /// The value names a row of `table` that the document does not hold.
        case brokenReference(table: String)
        /// The household already holds data and replacing it was not confirmed.
        case notEmpty
    }

    public var table: String?
    /// 1-based position of the row in its table.
    public var row: Int?
    public var field: String?
    public var reason: Reason

    public init(table: String? = nil, row: Int? = nil, field: String? = nil, reason: Reason) {
        self.table = table
        self.row = row
        self.field = field
        self.reason = reason
    }

    public var description: String {
        "\(table ?? "-") row \(row.map(String.init) ?? "-") field \(field ?? "-"): \(reason)"
    }
}

extension AppDatabase {
    // MARK: - Export

    /// Every household table (private and SQLite tables left out) by name, columns sorted
    /// by name, rows in primary-key order.
    public func exportTables() throws -> [ExportTable] {
        try read { db in try Self.exportTables(db) }
    }

    static func exportTables(_ db: Database) throws -> [ExportTable] {
        try householdSchema(db).sorted { $0.name < $1.name }.map { table in
            let columns = table.columns.map(\.name).sorted()
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let rows = try Row.fetchAll(db, sql: "SELECT \(list) FROM \"\(table.name)\" ORDER BY \(table.orderBy)").map { row in
                columns.indices.map { index -> ExportValue in
                    switch row[index] as DatabaseValue {
                    case let value where value.isNull: return .null
                    case let value:
                        switch value.storage {
                        case .int64(let number): return .integer(number)
                        case .string(let text): return .text(text)
                        case .blob(let data): return .blob([UInt8](data))
                        case .double(let number): return .text(String(number))
                        case .null: return .null
                        }
                    }
                }
            }
            return ExportTable(name: table.name, columns: columns, rows: rows)
        }
    }

    // MARK: - Emptiness

    /// True when the household holds nothing but what a new install holds (settings and
    /// events aside): no budget rows, no custom category, nothing saved, no feedback.
    public func holdsNoData() throws -> Bool {
        let fresh = try AppDatabase.inMemory().exportTables()
        let current = try exportTables()
        let ignored: Set<String> = ["event", "setting"]
        return current.filter { !ignored.contains($0.name) } == fresh.filter { !ignored.contains($0.name) }
    }

    // MARK: - Import

    /// Replaces every household table with `tables` in one transaction, once per form
    /// token, after checking every value against the schema; records one `data_imported`
    /// event and nothing else. Tables the document lacks end up empty. Unless `replacing`,
    /// the household must hold no data (`holdsNoData`). Throws `RestoreProblem` naming the
    /// table, row and field at fault; nothing is written then. The settings named in
    /// `keepingSettings` keep their current values (or stay unset), whatever the document says.
    public func restoreHousehold(_ tables: [BackupTable], replacing: Bool, formToken: String,
                                keepingSettings: Set<String> = []) throws -> WriteOutcome<Void> {
        if !replacing, try !holdsNoData() { throw RestoreProblem(reason: .notEmpty) }
        let schema = try read { db in try Self.householdSchema(db) }
        let checked = try Self.check(tables, against: schema)
        try backUpBeforeChange(.importData)
        return try writeOnce(formToken: formToken) { db in
            if !replacing, try !Self.holdsNoData(db) { throw RestoreProblem(reason: .notEmpty) }
            let kept = try Self.settings(keepingSettings, in: db)
            try Self.replaceHousehold(with: checked, schema: schema, in: db)
            for key in keepingSettings {
                try db.execute(sql: "DELETE FROM setting WHERE key = :key", arguments: ["key": key])
                if let value = kept[key] {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (:key, :value)", arguments: ["key": key, "value": value])
                }
            }
            try record(.dataImported, in: db)
        }
    }

    /// Empties every household table and seeds it as a new install (built-in categories,
    /// the emergency fund's row), once per form token; then records `data_deleted` and
    /// scrubs the file (`scrubDeletedPages`), so the deleted rows are not left readable in it.
    public func deleteAllData(formToken: String) throws -> WriteOutcome<Void> {
        let seed = try AppDatabase.inMemory().exportTables()
        let schema = try read { db in try Self.householdSchema(db) }
        let tables = seed.map { table in
            CheckedTable(name: table.name, columns: table.columns, rows: table.rows.map { $0.map(Self.databaseValue) })
        }
        try backUpBeforeChange(.deleteAll)
        let outcome = try writeOnce(formToken: formToken) { db in
            try Self.replaceHousehold(with: tables, schema: schema, in: db)
            try record(.dataDeleted, in: db)
        }
        if case .written = outcome { try scrubDeletedPages() }
        return outcome
    }

    /// Deleting a row only marks its page free: its bytes stay in the database file (and in the
    /// write-ahead log) until reused. VACUUM rewrites the file with live pages only, and a
    /// truncating checkpoint empties the log, so "delete all" leaves no old row in either.
    func scrubDeletedPages() throws {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    private static func holdsNoData(_ db: Database) throws -> Bool {
        let fresh = try AppDatabase.inMemory().exportTables()
        let ignored: Set<String> = ["event", "setting"]
        return try exportTables(db).filter { !ignored.contains($0.name) } == fresh.filter { !ignored.contains($0.name) }
    }

    // MARK: - Schema

    struct TableSchema {
        var name: String
        var columns: [ColumnSchema]
        var primaryKey: [String]
        /// Foreign keys: (id, from column, parent table).
        var references: [(id: Int, from: String, table: String)]

        var orderBy: String {
            primaryKey.isEmpty ? "rowid" : primaryKey.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }

    struct ColumnSchema {
        enum Kind { case integer, text, blob, any }
        var name: String
        var kind: Kind
    }

    /// The household tables, parents before the tables that reference them (then by name).
    static func householdSchema(_ db: Database) throws -> [TableSchema] {
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """).filter { !privateTables.contains($0) }
        var tables: [TableSchema] = []
        for name in names {
            let info = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_info(:table)", arguments: ["table": name])
            let columns = info.map { row -> ColumnSchema in
                let type = (row["type"] as String? ?? "").uppercased()
                let kind: ColumnSchema.Kind = type.contains("INT") || type == "BOOLEAN" ? .integer
                    : type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") ? .text
                    : type.contains("BLOB") ? .blob : .any
                return ColumnSchema(name: row["name"], kind: kind)
            }
            let primaryKey = info.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }.map { $0["name"] as String }
            let references = try Row.fetchAll(db, sql: "SELECT id, \"from\", \"table\" FROM pragma_foreign_key_list(:table)",
                                              arguments: ["table": name]).map { (id: $0["id"] as Int, from: $0["from"] as String, table: $0["table"] as String) }
            tables.append(TableSchema(name: name, columns: columns, primaryKey: primaryKey, references: references))
        }
        // Parents first, so inserts meet their parents and deletes (in reverse) meet no children.
        var ordered: [TableSchema] = []
        var remaining = tables
        while !remaining.isEmpty {
            let placed = Set(ordered.map(\.name))
            let ready = remaining.firstIndex { table in table.references.allSatisfy { $0.table == table.name || placed.contains($0.table) } } ?? 0
            ordered.append(remaining.remove(at: ready))
        }
        return ordered
    }

    // MARK: - Checking and writing

    struct CheckedTable {
        var name: String
        var columns: [String]
        var rows: [[DatabaseValue]]
    }

    /// Checks every table, column and value type of the document against the schema.
    static func check(_ tables: [BackupTable], against schema: [TableSchema]) throws -> [CheckedTable] {
        var checked: [CheckedTable] = []
        for table in tables {
            guard let tableSchema = schema.first(where: { $0.name == table.name }) else {
                throw RestoreProblem(table: table.name, reason: .unknownTable)
            }
            let kinds = Dictionary(uniqueKeysWithValues: tableSchema.columns.map { ($0.name, $0.kind) })
            var columns: [String] = []
            for row in table.rows { for (name, _) in row where !columns.contains(name) { columns.append(name) } }
            var rows: [[DatabaseValue]] = []
            for (index, row) in table.rows.enumerated() {
                var values = [DatabaseValue](repeating: .null, count: columns.count)
                for (name, value) in row {
                    guard let kind = kinds[name] else {
                        throw RestoreProblem(table: table.name, row: index + 1, field: name, reason: .unknownColumn)
                    }
                    values[columns.firstIndex(of: name)!] = try databaseValue(value, kind) {
                        RestoreProblem(table: table.name, row: index + 1, field: name, reason: .wrongType(expected: $0))
                    }
                }
                rows.append(values)
            }
            checked.append(CheckedTable(name: table.name, columns: columns, rows: rows))
        }
        return checked
    }

    private static func databaseValue(_ value: BackupValue, _ kind: ColumnSchema.Kind,
                                      _ problem: (String) -> RestoreProblem) throws -> DatabaseValue {
        switch (value, kind) {
        case (.null, _): return .null
        case (.integer(let number), .integer), (.integer(let number), .any): return number.databaseValue
        case (.string(let text), .text), (.string(let text), .any): return text.databaseValue
        case (.string(let text), .blob):
            guard let data = Data(base64Encoded: text) else { throw problem("base64 text") }
            return data.databaseValue
        case (_, .integer): throw problem("integer")
        case (_, .blob): throw problem("base64 text")
        default: throw problem("text")
        }
    }

    static func databaseValue(_ value: ExportValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }

    /// Deletes every household row, inserts `tables` and checks every reference, inside
    /// the caller's transaction. Throws `RestoreProblem` (the caller's transaction rolls back).
    static func replaceHousehold(with tables: [CheckedTable], schema: [TableSchema], in db: Database) throws {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        for table in schema.reversed() {
            try db.execute(sql: "DELETE FROM \"\(table.name)\"")
        }
        if try db.tableExists("sqlite_sequence") {
            try db.execute(sql: "DELETE FROM sqlite_sequence")
        }
        var rowNumbers: [String: [Int64: Int]] = [:]
        for table in schema {
            guard let data = tables.first(where: { $0.name == table.name }), !data.columns.isEmpty else { continue }
            let list = data.columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let marks = Array(repeating: "?", count: data.columns.count).joined(separator: ", ")
            let statement = try db.makeStatement(sql: "INSERT INTO \"\(table.name)\" (\(list)) VALUES (\(marks))")
            for (index, row) in data.rows.enumerated() {
                do {
                    try statement.execute(arguments: StatementArguments(row))
                } catch let error as DatabaseError {
                    let message = error.message ?? "refused"
                    let field = data.columns.first { message.contains("\(table.name).\($0)") }
                        ?? data.columns.sorted { $0.count > $1.count }.first { message.contains($0) }
                    throw RestoreProblem(table: table.name, row: index + 1, field: field, reason: .refused(message))
                }
                rowNumbers[table.name, default: [:]][db.lastInsertedRowID] = index + 1
            }
        }
        try reseedBuiltIns(in: db)
        // Exports made before entries kept their planned amount: a planned entry was planned
        // at its amount.
        try db.execute(sql: "UPDATE entry SET plannedAmount = amount WHERE isActual = 0 AND plannedAmount IS NULL")
        for violation in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let tableName: String = violation[0]
            let rowID: Int64? = violation[1]
            let parent: String = violation[2]
            let keyID: Int = violation[3]
            let field = schema.first { $0.name == tableName }?.references.first { $0.id == keyID }?.from
            throw RestoreProblem(table: tableName, row: rowID.flatMap { rowNumbers[tableName]?[$0] }, field: field,
                                reason: .brokenReference(table: parent))
        }
        try checkAccountStates(in: db, entryRows: rowNumbers["entry"] ?? [:])
        try checkEntryParts(in: db, partRows: rowNumbers["entryPart"] ?? [:])
    }

    /// The stored values of `keys` (those set), inside the caller's transaction.
    static func settings(_ keys: Set<String>, in db: Database) throws -> [String: String] {
        var values: [String: String] = [:]
        for key in keys {
            if let value = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = :key", arguments: ["key": key]) { values[key] = value }
        }
        return values
    }

    /// Puts back what a new install holds and the app relies on when a document lacks it:
    /// the built-in categories and the emergency fund's row (inside the caller's transaction).
    static func reseedBuiltIns(in db: Database) throws {
        for (position, key) in builtInCategories.enumerated() {
            try db.execute(sql: "INSERT OR IGNORE INTO category (key, name, position) VALUES (:key, NULL, :position)",
                           arguments: ["key": key, "position": position])
        }
        try db.execute(sql: "INSERT OR IGNORE INTO emergencyFund (id, saved) VALUES (1, 0)")
    }
}
