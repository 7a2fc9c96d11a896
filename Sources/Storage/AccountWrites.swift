import Engine
import GRDB

// Adding, changing, closing, deleting and restoring accounts (Accounts.swift holds the reads):
// each one once-only transaction, a duplicate name refused as `AccountError.duplicateName`.

extension AppDatabase {
    // MARK: - Writes

    /// Adds an account. Returns its id. Throws `AccountError.duplicateName`.
    public func addAccount(_ account: NewAccount, formToken: String) throws -> WriteOutcome<ID<Account>> {
        try accountWrite(formToken: formToken) { db in
            try db.execute(sql: """
                INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES (:name, :type, :currency, :openingBalance, :openedOn, :spendable, :createdAt)
                """, arguments: Self.arguments(account) + ["createdAt": timestamp()])
            return ID(db.lastInsertedRowID)
        }
    }

    /// Replaces an account's fields (its currency stays). Throws `StorageError.notFound`,
    /// `AccountError.duplicateName`.
    public func updateAccount(id: ID<Account>, _ account: NewAccount, formToken: String) throws -> WriteOutcome<Void> {
        try accountWrite(formToken: formToken) { db in
            try db.execute(sql: """
                UPDATE account SET name = :name, type = :type, openingBalance = :openingBalance, openedOn = :openedOn,
                    spendable = :spendable
                WHERE id = :id AND deletedAt IS NULL
                """, arguments: Self.arguments(account) + ["id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Closes (or reopens) an account: a closed one keeps its entries and balance but is
    /// offered in no entry form. Throws `StorageError.notFound`.
    public func setAccountClosed(id: ID<Account>, closed: Bool, formToken: String) throws -> WriteOutcome<Void> {
        try accountWrite(formToken: formToken) { db in
            try db.execute(sql: "UPDATE account SET closed = :closed WHERE id = :id AND deletedAt IS NULL",
                           arguments: ["closed": closed, "id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Soft-deletes an account that no live entry belongs to (undo stays possible for 10
    /// minutes). Throws `AccountError.inUse` when entries belong to it, `StorageError.notFound`.
    public func deleteAccount(id: ID<Account>, formToken: String) throws -> WriteOutcome<Void> {
        try accountWrite(formToken: formToken) { db in
            let used = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE accountID = :id AND deletedAt IS NULL",
                                        arguments: ["id": id]) ?? 0
            guard used == 0 else { throw AccountError.inUse(entries: used) }
            try db.execute(sql: "UPDATE account SET deletedAt = :now WHERE id = :id AND deletedAt IS NULL",
                           arguments: ["now": timestamp(), "id": id])
            guard db.changesCount == 1 else { throw StorageError.notFound }
        }
    }

    /// Brings back an account deleted at most 10 minutes ago. Throws
    /// `StorageError.undoExpired`, `.notFound` (purged), `AccountError.duplicateName`
    /// (another account took its name since).
    public func undoDeleteAccount(id: ID<Account>, formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingAccountErrors {
            try writeOnce(formToken: formToken) { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT deletedAt FROM account WHERE id = :id", arguments: ["id": id]) else {
                    throw StorageError.notFound
                }
                guard let deletedAt = row["deletedAt"] as String? else { return }
                guard deletedAt >= undoCutoff() else { throw StorageError.undoExpired }
                try db.execute(sql: "UPDATE account SET deletedAt = NULL WHERE id = :id", arguments: ["id": id])
            }
        }
    }

    // MARK: - Helpers of the writes

    /// One once-only write of accounts: purges accounts deleted more than 10 minutes ago
    /// (the deleted entries still naming them lose the link), runs `updates`, and maps
    /// constraint failures to `AccountError` / `StorageError`.
    private func accountWrite<T>(formToken: String, _ updates: (Database) throws -> T) throws -> WriteOutcome<T> {
        try Self.mappingAccountErrors {
            try writeOnce(formToken: formToken) { db in
                let purged = "SELECT id FROM account WHERE deletedAt < :cutoff"
                let cutoff: StatementArguments = ["cutoff": undoCutoff()]
                try db.execute(sql: "UPDATE entry SET accountID = NULL, transferGroup = NULL WHERE accountID IN (\(purged))",
                               arguments: cutoff)
                try db.execute(sql: "DELETE FROM account WHERE deletedAt < :cutoff", arguments: cutoff)
                return try updates(db)
            }
        }
    }

    private static func mappingAccountErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE, (error.message ?? "").contains("account.name") {
                throw AccountError.duplicateName
            }
            throw StorageError.rejected(error.message ?? "constraint failed")
        }
    }

    private static func arguments(_ account: NewAccount) -> StatementArguments {
        ["name": account.name, "type": account.type.rawValue, "currency": account.currency,
         "openingBalance": account.openingBalance.minorUnits, "openedOn": account.openedOn.iso, "spendable": account.spendable]
    }
}
