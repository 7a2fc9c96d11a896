import Engine
import GRDB

// MARK: - Transfers between two accounts

// A transfer is one pair of actual entries written in one transaction: an expense on the
// account the money leaves (category 'other', as the entry table's CHECK needs one) and an
// income on the account it reaches, same date and amount, both with `transferGroup` = the
// smaller of their two ids. The household read leaves both out (BudgetReads.swift), so a
// transfer counts in no income, expense, free cash flow or category total. Deleting either
// side deletes both, and undo brings both back (BudgetTransactions.swift).

/// An account as the transfer and reconcile pages offer it.
/// A transfer to write.
public struct NewTransfer: Sendable, Equatable {
    public var from: ID<Account>
    public var to: ID<Account>
    public var amount: Money
    public var date: Day
    /// Both entries' name (1…80 characters), e.g. "Transfer: Card → Savings".
    public var name: String
    /// At most 500 characters; "" for none.
    public var note: String

    public init(from: ID<Account>, to: ID<Account>, amount: Money, date: Day, name: String, note: String = "") {
        self.from = from; self.to = to; self.amount = amount; self.date = date; self.name = name; self.note = note
    }
}

/// A stored transfer: its two entries and the accounts' names.
public struct TransferRecord: Sendable, Equatable {
    public var group: Int64
    public var date: Day
    public var amount: Money
    public var fromName: String
    public var toName: String
    /// The expense side (on the account the money leaves).
    public var fromEntryID: ID<Entry>
    /// The income side.
    public var toEntryID: ID<Entry>
    public var note: String
}

/// Why a transfer was refused.
public enum TransferError: Error, Equatable {
    /// From and to are one account.
    case sameAccount
    /// An account is missing, deleted or closed.
    case accountUnavailable
}

extension AppDatabase {
    /// Writes a transfer's two entries in one transaction and returns its group (the
    /// expense side's id, the smaller). Throws `TransferError` for one account or an
    /// unavailable one; nothing is written then.
    public func addTransfer(_ transfer: NewTransfer, formToken: String) throws -> WriteOutcome<Int64> {
        guard transfer.from != transfer.to else { throw TransferError.sameAccount }
        return try budgetWrite(formToken: formToken) { db in
            let open = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM account WHERE id IN (:from, :to) AND deletedAt IS NULL AND closed = 0
                """, arguments: ["from": transfer.from, "to": transfer.to]) ?? 0
            guard open == 2 else { throw TransferError.accountUnavailable }
            func side(_ kind: FlowKind, _ accountID: ID<Account>) throws -> Int64 {
                try EntryRecord(date: transfer.date, kind: kind, name: transfer.name, amount: transfer.amount,
                                category: kind == .expense ? "other" : nil, isActual: true, note: transfer.note,
                                accountID: accountID, createdAt: timestamp()).insert(db).rawValue
            }
            let expenseID = try side(.expense, transfer.from)
            let incomeID = try side(.income, transfer.to)
            let group = min(expenseID, incomeID)
            try db.execute(sql: "UPDATE entry SET transferGroup = :group WHERE id IN (:a, :b)",
                           arguments: ["group": group, "a": expenseID, "b": incomeID])
            return group
        }
    }

    /// The live transfers dated `from` … `through`, by date then group.
    public func transfers(from: Day, through: Day) throws -> [TransferRecord] {
        try read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT e.transferGroup, e.date, e.amount, fa.name, ta.name, e.id, i.id, e.note
                FROM entry e
                JOIN entry i ON i.transferGroup = e.transferGroup AND i.kind = 'income' AND i.deletedAt IS NULL
                JOIN account fa ON fa.id = e.accountID
                JOIN account ta ON ta.id = i.accountID
                WHERE e.transferGroup IS NOT NULL AND e.kind = 'expense' AND e.deletedAt IS NULL
                  AND e.date BETWEEN :from AND :through
                ORDER BY e.date, e.transferGroup
                """), arguments: ["from": from.iso, "through": through.iso])
            var records: [TransferRecord] = []
            while let row = try rows.next() {
                guard let day = Day(iso: row[1]) else { throw StorageError.corrupt("date") }
                records.append(TransferRecord(group: row[0], date: day, amount: Money(minorUnits: row[2]), fromName: row[3],
                                              toName: row[4], fromEntryID: row[5], toEntryID: row[6], note: row[7]))
            }
            return records
        }
    }

    /// The transfer group of the live entry `id`, nil when it is no transfer's side (or missing).
    public func transferGroup(ofEntry id: ID<Entry>) throws -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT transferGroup FROM entry WHERE id = :id AND deletedAt IS NULL",
                               arguments: ["id": id])
        }
    }
}

// MARK: - Deleting and restoring both sides

extension AppDatabase {
    /// Soft-deletes the other live side of the transfer entry `id` belongs to (nothing for
    /// an entry that is no transfer's side), with the same `deletedAt`.
    static func deleteTransferPartner(of id: ID<Entry>, deletedAt: String, in db: Database) throws {
        try db.execute(sql: """
            UPDATE entry SET deletedAt = :deletedAt
            WHERE transferGroup = (SELECT transferGroup FROM entry WHERE id = :id) AND id <> :id AND deletedAt IS NULL
            """, arguments: ["deletedAt": deletedAt, "id": id])
    }

    /// Brings back the other side of the transfer entry `id` belongs to when it was deleted
    /// with it (same `deletedAt`).
    static func restoreTransferPartner(of id: ID<Entry>, deletedAt: String, in db: Database) throws {
        try db.execute(sql: """
            UPDATE entry SET deletedAt = NULL
            WHERE transferGroup = (SELECT transferGroup FROM entry WHERE id = :id) AND id <> :id AND deletedAt = :deletedAt
            """, arguments: ["deletedAt": deletedAt, "id": id])
    }
}

// MARK: - Transfers recognised among the entries already recorded

extension AppDatabase {
    /// The actual entries in an account dated `from` … `through` that are linked to nothing — no
    /// transfer, no confirmed occurrence — as `proposedTransfers` takes them.
    public func transferCandidates(from: Day, through: Day) throws -> [TransferCandidate] {
        try read { db in try Self.transferCandidates(db, from: from, through: through) }
    }

    static func transferCandidates(_ db: Database, from: Day, through: Day) throws -> [TransferCandidate] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, accountID, date, kind, amount, name FROM entry
            WHERE deletedAt IS NULL AND isActual = 1 AND accountID IS NOT NULL AND transferGroup IS NULL
                AND confirmsDate IS NULL AND date BETWEEN :from AND :through
            ORDER BY date, id
            """, arguments: ["from": from.iso, "through": through.iso])
        var candidates: [TransferCandidate] = []
        while let row = try rows.next() {
            guard let date = Day(iso: row[2]), let kind = FlowKind(rawValue: row[3]) else { continue }
            candidates.append(TransferCandidate(id: row[0], accountID: row[1], date: date, kind: kind,
                                                amount: Money(minorUnits: row[4]), name: row[5]))
        }
        return candidates
    }

    /// The rows of a statement preview that would form a transfer with an entry already recorded
    /// in another account (`proposedTransfers` over the batch's new rows and the other accounts'
    /// unlinked entries): their count and total. After the commit the ledger offers to link them.
    public func importTransferRows(batchID: ID<ImportBatchInfo>) throws -> (count: Int, total: Int64) {
        try read { db in
            guard let account = try Int64.fetchOne(db, sql: "SELECT accountID FROM importBatch WHERE id = :id", arguments: ["id": batchID])
            else { return (0, 0) }
            var rows: [TransferCandidate] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT position, date, amount FROM importRow
                WHERE batchID = :id AND status IN ('new', 'reused') AND choice = 'import' AND date IS NOT NULL AND amount IS NOT NULL AND amount <> 0
                """, arguments: ["id": batchID]) {
                guard let date = Day(iso: row[1]) else { continue }
                let amount: Int64 = row[2]
                // Rows get negative ids so they never collide with entries'.
                rows.append(TransferCandidate(id: ID(-1 - (row[0] as Int64)), accountID: account, date: date,
                                              kind: amount < 0 ? .expense : .income, amount: Money(minorUnits: abs(amount)), name: ""))
            }
            guard let first = rows.map(\.date).min(), let last = rows.map(\.date).max() else { return (0, 0) }
            let others = try Self.transferCandidates(db, from: first.adding(days: -transferWindowDays), through: last.adding(days: transferWindowDays))
                .filter { $0.accountID != account }
            // Only rows whose amount another account holds can pair: a big statement's other rows stay out of the matching.
            let amounts = Set(others.map(\.amount))
            let pairs = proposedTransfers(rows.filter { amounts.contains($0.amount) } + others).filter { $0.outflow.accountID == account || $0.inflow.accountID == account }
            return (pairs.count, pairs.reduce(0) { $0 + $1.outflow.amount.minorUnits })
        }
    }

    /// Links two entries already recorded as one transfer (both get `transferGroup` = the smaller
    /// id): `outflow` an expense and `inflow` an income of the same amount in two different
    /// accounts, at most 3 days apart, both still linked to nothing. Returns false (and changes
    /// nothing) when they no longer qualify.
    public func linkTransfer(outflow: ID<Entry>, inflow: ID<Entry>, formToken: String) throws -> WriteOutcome<Bool> {
        try budgetWrite(formToken: formToken) { db in try Self.linkTransfer(outflow: outflow, inflow: inflow, in: db) }
    }

    /// Links every transfer `proposedTransfers` finds among the entries dated `from` … `through`,
    /// in one transaction. Returns how many.
    public func linkProposedTransfers(from: Day, through: Day, formToken: String) throws -> WriteOutcome<Int> {
        try budgetWrite(formToken: formToken) { db in
            var linked = 0
            for pair in proposedTransfers(try Self.transferCandidates(db, from: from, through: through))
            where try Self.linkTransfer(outflow: pair.outflow.id, inflow: pair.inflow.id, in: db) { linked += 1 }
            return linked
        }
    }

    static func linkTransfer(outflow: ID<Entry>, inflow: ID<Entry>, in db: Database) throws -> Bool {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, accountID, date, kind, amount FROM entry
            WHERE id IN (:outflow, :inflow) AND deletedAt IS NULL AND isActual = 1 AND accountID IS NOT NULL
                AND transferGroup IS NULL AND confirmsDate IS NULL
            """, arguments: ["outflow": outflow, "inflow": inflow])
        guard rows.count == 2, let out = rows.first(where: { $0[0] == outflow.rawValue }), let into = rows.first(where: { $0[0] == inflow.rawValue }),
              out[3] == "expense", into[3] == "income", (out[4] as Int64) == (into[4] as Int64), (out[1] as Int64) != (into[1] as Int64),
              let a = Day(iso: out[2]), let b = Day(iso: into[2]), abs(a.days(to: b)) <= transferWindowDays else { return false }
        try db.execute(sql: "UPDATE entry SET transferGroup = :group WHERE id IN (:outflow, :inflow)",
                       arguments: ["group": min(outflow.rawValue, inflow.rawValue), "outflow": outflow, "inflow": inflow])
        return true
    }
}

