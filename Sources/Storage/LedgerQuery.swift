import Engine
import GRDB

/// A filter as SQL: the FROM clause (the search index first when there is text to find),
/// the WHERE conditions and their arguments.
struct LedgerQuery {
    /// Which entries a category filter reads: every entry counting in the category (the ledger),
    /// those filed under it, or the split ones counted there by a part while filed under another.
    enum CategoryPart { case counting, own, otherParts }

    var from = "FROM entry e"
    /// The category filtered on, if any.
    private var category: String?
    /// What an entry counts in the filter: with a category, its amount in that category (its
    /// parts there when split), else its amount.
    private(set) var amount = "e.amount"
    /// False when the query can match nothing (the split part of a category no part is in).
    private(set) var canMatch = true
    private var clauses = ["e.deletedAt IS NULL"]
    private var values: [String: (any DatabaseValueConvertible)?] = [:]

    /// The query of `filter`; with a category, reads the ids of the split entries with a part in it.
    init(_ filter: LedgerFilter, _ db: Database, category part: CategoryPart = .counting) throws {
        var splitIDs: [ID<Entry>] = []
        if let category = filter.category {
            let key = if case .key(let key) = category { key } else { AppDatabase.permanentCategory }
            splitIDs = try ID<Entry>.fetchAll(db, sql: "SELECT DISTINCT entryID FROM entryPart WHERE category = ? ORDER BY entryID", arguments: [key])
        }
        self.init(filter, splitIDs: splitIDs, category: part)
    }

    init(_ filter: LedgerFilter, splitIDs: [ID<Entry>], category part: CategoryPart) {
        canMatch = part != .otherParts
        if let text = filter.text, !text.isEmpty {
            if text.count >= 3 {
                // The trigram index finds every entry holding the text (case folded for every
                // alphabet); the ledger then reads only those rows.
                from = "FROM entrySearch CROSS JOIN entry e ON e.id = entrySearch.rowid"
                clauses.append("entrySearch MATCH :match")
                values["match"] = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            } else {
                // One or two characters: too short for trigrams. LIKE folds ASCII only, so each
                // letter's other case is spelled out (at most four patterns).
                var patterns: [String] = []
                for variant in Self.caseVariants(of: text) {
                    let escaped = variant.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                    let name = "like\(patterns.count)"
                    values[name] = "%" + escaped + "%"
                    patterns.append("e.name LIKE :\(name) ESCAPE '\\' OR e.payeeRaw LIKE :\(name) ESCAPE '\\' OR e.note LIKE :\(name) ESCAPE '\\'")
                }
                clauses.append("(" + patterns.joined(separator: " OR ") + ")")
            }
        }
        if let amounts = filter.amounts {
            clauses.append("e.amount BETWEEN :amountLow AND :amountHigh")
            values["amountLow"] = amounts.lowerBound
            values["amountHigh"] = amounts.upperBound
        }
        switch filter.account {
        case nil: break
        case .none?: clauses.append("e.accountID IS NULL")
        case .id(let id)?: clauses.append("e.accountID = :account"); values["account"] = id
        }
        // A category: the entries that count in it (docs/engine-rules.md, "Splits"): those filed
        // under it, and the split ones with a part in it (few: listed by id). A split entry is
        // filed under one of its parts' categories, so no entry filed under it is left out.
        // Unary + keeps SQLite from answering the OR with both indexes at once, which loses
        // the date order a page reads in.
        let key: String? = switch filter.category {
        case nil: nil
        case .uncategorised?: AppDatabase.permanentCategory
        case .key(let key)?: key
        }
        if let key {
            values["category"] = key
            category = key
            let split = splitIDs.map { String($0.rawValue) }.joined(separator: ",")
            amount = split.isEmpty ? "e.amount" : """
                CASE WHEN e.id IN (\(split)) THEN (SELECT coalesce(sum(p.amount), 0) FROM entryPart p
                    WHERE p.entryID = e.id AND p.category = :category) ELSE e.amount END
                """
            switch part {
            case _ where split.isEmpty, .own: clauses.append("e.category = :category")
            case .counting: clauses.append("(+e.category = :category OR +e.id IN (\(split)))")
            case .otherParts: clauses.append("e.id IN (\(split)) AND e.category <> :category")
            }
            if filter.category == .uncategorised { clauses.append("e.transferGroup IS NULL") }
            canMatch = part != .otherParts || !split.isEmpty
        }
        switch filter.kind {
        case nil: break
        case .income?: clauses.append("e.kind = 'income' AND e.transferGroup IS NULL")
        case .expense?: clauses.append("e.kind = 'expense' AND e.transferGroup IS NULL")
        case .transfer?: clauses.append("e.transferGroup IS NOT NULL")
        }
        if let isActual = filter.isActual { clauses.append("e.isActual = :isActual"); values["isActual"] = isActual }
        if let from = filter.from { clauses.append("e.date >= :from"); values["from"] = from.iso }
        if let through = filter.through { clauses.append("e.date <= :through"); values["through"] = through.iso }
    }

    /// A ledger row's columns (`AppDatabase.ledgerRow` reads them), the amount as `amount` says.
    var columns: String {
        """
        e.id, e.date, e.kind, e.name, e.payeeRaw, \(amount), e.category, e.accountID, e.isActual, e.cleared,
        e.reconciledAt IS NOT NULL, e.transferGroup, e.note
        """
    }

    /// The arguments `columns` reads.
    var columnArguments: StatementArguments { category.map { ["category": $0] } ?? [:] }

    /// Adds a condition with no arguments.
    mutating func add(_ clause: String) { clauses.append(clause) }

    /// Adds a cursor condition.
    mutating func add(_ clause: String, _ cursor: LedgerCursor) {
        clauses.append(clause)
        values["cursorDate"] = cursor.date.iso
        values["cursorID"] = cursor.id
    }

    var conditions: String { clauses.joined(separator: " AND ") }

    func arguments(_ extra: [String: (any DatabaseValueConvertible)?]) -> StatementArguments {
        StatementArguments(values.merging(extra) { a, _ in a })
    }

    /// Every spelling of `text` with each character in its lower and upper case (for 1–2 characters).
    static func caseVariants(of text: String) -> [String] {
        var variants = [""]
        for character in text {
            let forms = Set([String(character), character.lowercased(), character.uppercased()])
            variants = variants.flatMap { prefix in forms.sorted().map { prefix + $0 } }
        }
        return variants
    }
}
