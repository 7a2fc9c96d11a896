import Engine
import GRDB

// MARK: - Accounts and their balances
//
// An account's balance on a day is its opening balance plus every live actual entry of
// the account dated from its opening day through that day (income +, expense −; the two
// entries of a transfer are ordinary entries here). Planned and deleted entries never
// count; the cleared balance counts only entries the bank has (`cleared = 1`).

/// What kind of money an account holds.
public enum AccountType: String, CaseIterable, Sendable {
    case checking, savings, card, cash, other

    /// Whether a new account of this type counts toward what can be spent: checking,
    /// card and cash do; savings and other do not.
    public var spendableByDefault: Bool {
        switch self {
        case .checking, .card, .cash: true
        case .savings, .other: false
        }
    }
}

/// An account as its form submits it.
public struct NewAccount: Sendable, Equatable {
    public var name: String
    public var type: AccountType
    /// May be negative (a card that starts in debt).
    public var openingBalance: Money
    /// The first day its entries count.
    public var openedOn: Day
    public var spendable: Bool
    /// The household currency's ISO code (three letters).
    public var currency: String

    /// Creates the values of an account.
    public init(name: String, type: AccountType, openingBalance: Money, openedOn: Day, spendable: Bool, currency: String) {
        self.name = name; self.type = type; self.openingBalance = openingBalance; self.openedOn = openedOn
        self.spendable = spendable; self.currency = currency
    }
}

/// A stored, live (not deleted) account.
public struct Account: Sendable, Equatable, Identifiable {
    public var id: ID<Account>
    public var name: String
    public var type: AccountType
    public var currency: String
    public var openingBalance: Money
    public var openedOn: Day
    public var spendable: Bool
    public var closed: Bool
}

/// An account's balance and its cleared part on one day.
public struct AccountBalance: Sendable, Equatable {
    /// Opening balance + every live actual entry from the opening day through the day.
    public var balance: Money
    /// The same with only cleared entries.
    public var cleared: Money

    public init(balance: Money, cleared: Money) { self.balance = balance; self.cleared = cleared }
}

/// One actual entry of an account, as the account page lists it.
public struct AccountEntry: Sendable, Equatable {
    public var stored: StoredEntry
    public var cleared: Bool
    /// The account's balance right after this entry (entries ordered by date, then id);
    /// nil for an entry dated before the opening day, which does not count.
    public var runningBalance: Money?
    /// One side of a transfer (or a checklist step's move to a fund or goal): in no category.
    public var isTransfer = false
}

/// How an entry form sets an entry's account: nil in `NewEntry` keeps what is stored.
public struct EntryAccount: Sendable, Equatable {
    /// nil: no account.
    public var accountID: ID<Account>?
    public var cleared: Bool

    public init(accountID: ID<Account>?, cleared: Bool) { self.accountID = accountID; self.cleared = cleared }
}

/// Why an account write was refused; nothing was written.
public enum AccountError: Error, Equatable {
    /// Another live account has this name (case-insensitively).
    case duplicateName
    /// Entries still belong to the account: close it instead.
    case inUse(entries: Int)
}

extension AppDatabase {
    // MARK: - Reads

    /// The live accounts: open ones first, then closed ones, each by name (case-insensitively).
    public func accounts() throws -> [Account] {
        try read { db in try Self.accounts(db) }
    }

    /// The live account `id`, nil when missing or deleted.
    public func account(id: ID<Account>) throws -> Account? {
        try read { db in try Self.accounts(db, id: id).first }
    }

    /// The balance and cleared balance of account `id` on `day` (whole months from
    /// `accountMonthTotal`, the first and last month's entries by the `entry_account_balance`
    /// index). Throws `StorageError.notFound` for a missing or deleted account.
    public func balance(accountID id: ID<Account>, on day: Day) throws -> AccountBalance {
        try read { db in
            guard let account = try Self.accounts(db, id: id).first else { throw StorageError.notFound }
            return try Self.balance(account, on: day, in: db)
        }
    }

    /// Every live account's balance on `day`, by account id.
    public func balances(on day: Day) throws -> [ID<Account>: AccountBalance] {
        try read { db in
            var balances: [ID<Account>: AccountBalance] = [:]
            for account in try Self.accounts(db) { balances[account.id] = try Self.balance(account, on: day, in: db) }
            return balances
        }
    }

    /// The cash kept outside accounts (SPEC §11): the signed sum (incomes +, expenses −) of the
    /// live actual entries in no account, not transfers, dated `from` … `through`. Spending cash
    /// lowers safe to spend as an account's entry does; `from` is the day the first spendable
    /// account opened, so what was typed before accounts existed does not count.
    public func cashOutsideAccounts(from: Day, through: Day) throws -> Money {
        try read { db in
            var total: Int128 = 0
            let rows = try Row.fetchCursor(db, sql: """
                SELECT kind = 'income', amount FROM entry
                WHERE accountID IS NULL AND deletedAt IS NULL AND isActual = 1 AND transferGroup IS NULL
                    AND date BETWEEN :from AND :through
                """, arguments: ["from": from.iso, "through": through.iso])
            while let row = try rows.next() {
                let amount = Int128(row[1] as Int64)
                total += (row[0] as Bool) ? amount : -amount
            }
            return Money(clamping: total)
        }
    }

    /// How many live entries belong to no account.
    public func entriesWithoutAccount() throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE deletedAt IS NULL AND accountID IS NULL") ?? 0
        }
    }

    /// One page of account `id`'s live actual entries, newest first (by date, then id,
    /// descending), starting after the keyset `after` (the last row of the previous page),
    /// each with the running balance after it. Throws `StorageError.notFound` for a
    /// missing or deleted account.
    public func accountEntries(accountID id: ID<Account>, after: (date: Day, id: ID<Entry>)?, limit: Int) throws -> [AccountEntry] {
        try read { db in
            guard let account = try Self.accounts(db, id: id).first else { throw StorageError.notFound }
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.id, e.date, e.kind, e.name, e.amount, e.category, e.note, e.cleared, e.transferGroup
                FROM entry e INDEXED BY entry_account_balance
                WHERE e.accountID = :account AND e.deletedAt IS NULL AND e.isActual = 1
                  AND e.date <= coalesce(:afterDate, '9999-12-31')
                  AND (:afterDate IS NULL OR e.date < :afterDate OR e.id < :afterID)
                ORDER BY e.date DESC, e.id DESC LIMIT :limit
                """, arguments: ["account": id, "afterDate": after?.date.iso, "afterID": after?.id, "limit": limit])
            guard let first = rows.first else { return [] }
            // The balance after the page's newest entry: its day's balance less that day's
            // later entries.
            let firstDate = try Self.accountDay(first["date"]), firstID: ID<Entry> = first["id"]
            let later = try Int64.fetchOne(db, sql: """
                SELECT coalesce(sum(CASE kind WHEN 'income' THEN amount ELSE -amount END), 0)
                FROM entry INDEXED BY entry_account_balance
                WHERE accountID = :account AND deletedAt IS NULL AND isActual = 1 AND date = :date AND id > :id
                """, arguments: ["account": id, "date": firstDate.iso, "id": firstID]) ?? 0
            let dayBalance = try Self.balance(account, on: firstDate, in: db).balance
            var running = Int128(dayBalance.minorUnits) - (firstDate >= account.openedOn ? Int128(later) : 0)
            var page: [AccountEntry] = []
            for row in rows {
                let date = try Self.accountDay(row["date"])
                let isIncome = (row["kind"] as String) == "income"
                let amount = Money(minorUnits: row["amount"])
                let entry = Entry(id: row["id"], date: date, kind: isIncome ? .income : .expense, name: row["name"],
                                  amount: amount, category: row["category"] ?? "", isActual: true)
                let counts = date >= account.openedOn
                page.append(AccountEntry(stored: StoredEntry(entry: entry, note: row["note"]), cleared: row["cleared"],
                                         runningBalance: counts ? Money(minorUnits: Int64(clamping: running)) : nil,
                                         isTransfer: (row["transferGroup"] as Int64?) != nil))
                if counts { running -= isIncome ? Int128(amount.minorUnits) : -Int128(amount.minorUnits) }
            }
            return page
        }
    }

    /// The account and cleared flag of each entry of `ids` that has an account, by entry id.
    public func entryAccounts(_ ids: [ID<Entry>]) throws -> [ID<Entry>: EntryAccount] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            var links: [ID<Entry>: EntryAccount] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, accountID, cleared FROM entry WHERE id IN (SELECT value FROM json_each(:ids))
                """, arguments: ["ids": "[" + ids.map(String.init).joined(separator: ",") + "]"])
            while let row = try rows.next() {
                links[row["id"]] = EntryAccount(accountID: row["accountID"], cleared: row["cleared"])
            }
            return links
        }
    }

    /// The account whose balance each goal's "saved so far" follows (goals without one left
    /// out), and the emergency fund's (nil: typed).
    public func savedAccountLinks() throws -> (emergency: ID<Account>?, goals: [ID<Goal>: ID<Account>]) {
        try read { db in
            let emergency = try ID<Account>.fetchOne(db, sql: "SELECT savedAccountID FROM emergencyFund WHERE id = 1")
            var goals: [ID<Goal>: ID<Account>] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, savedAccountID FROM goal WHERE savedAccountID IS NOT NULL") {
                goals[row[0]] = row[1]
            }
            return (emergency, goals)
        }
    }

    // MARK: - Helpers

    /// Sets the account and cleared flag of entry `id` inside the caller's transaction
    /// (`choice` nil: left as stored). Un-clearing an entry also unlocks its reconciliation.
    /// Throws `StorageError.notFound` when the account is missing or deleted.
    static func setEntryAccount(_ choice: EntryAccount?, entryID id: ID<Entry>, in db: Database) throws {
        guard let choice else { return }
        if let accountID = choice.accountID {
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE id = :id AND deletedAt IS NULL",
                                    arguments: ["id": accountID]) != nil else { throw StorageError.notFound }
        }
        try db.execute(sql: """
            UPDATE entry SET accountID = :account, cleared = :cleared,
                reconciledAt = CASE WHEN :cleared THEN reconciledAt END,
                transferGroup = CASE WHEN :account IS NOT NULL THEN transferGroup END
            WHERE id = :id
            """, arguments: ["account": choice.accountID, "cleared": choice.cleared, "id": id])
    }

    static func accounts(_ db: Database, id: ID<Account>? = nil) throws -> [Account] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, name, type, currency, openingBalance, openedOn, spendable, closed FROM account
            WHERE deletedAt IS NULL AND (:id IS NULL OR id = :id) ORDER BY closed, name COLLATE NOCASE, id
            """), arguments: ["id": id])
        var accounts: [Account] = []
        while let row = try rows.next() {
            guard let type = AccountType(rawValue: row[2]) else { throw StorageError.corrupt("account type") }
            accounts.append(Account(id: row[0], name: row[1], type: type, currency: row[3],
                                    openingBalance: Money(minorUnits: row[4]), openedOn: try accountDay(row[5]),
                                    spendable: row[6], closed: row[7]))
        }
        return accounts
    }

    /// `account`'s balance on `day`: the opening balance, the whole months between its
    /// opening month and `day`'s month from `accountMonthTotal` (kept by triggers), and the
    /// entries of those two months themselves (an indexed sum over at most two months).
    static func balance(_ account: Account, on day: Day, in db: Database) throws -> AccountBalance {
        let opening = Int128(account.openingBalance.minorUnits)
        var total = opening, cleared = opening
        guard day >= account.openedOn else { return AccountBalance(balance: account.openingBalance, cleared: account.openingBalance) }
        func addEntries(from: Day, through: Day) throws {
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT coalesce(sum(CASE kind WHEN 'income' THEN amount ELSE -amount END), 0),
                       coalesce(sum(CASE WHEN cleared = 0 THEN 0 WHEN kind = 'income' THEN amount ELSE -amount END), 0)
                FROM entry INDEXED BY entry_account_balance
                WHERE accountID = :account AND deletedAt IS NULL AND isActual = 1 AND date BETWEEN :from AND :through
                """), arguments: ["account": account.id, "from": from.iso, "through": through.iso])
            total += Int128(row?[0] as Int64? ?? 0)
            cleared += Int128(row?[1] as Int64? ?? 0)
        }
        let openMonth = account.openedOn.yearMonth, dayMonth = day.yearMonth
        if openMonth == dayMonth {
            try addEntries(from: account.openedOn, through: day)
        } else {
            try addEntries(from: account.openedOn, through: openMonth.lastDay)
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT coalesce(sum(total), 0), coalesce(sum(cleared), 0) FROM accountMonthTotal
                WHERE accountID = :account AND month > :after AND month < :before
                """), arguments: ["account": account.id, "after": openMonth.iso, "before": dayMonth.iso])
            total += Int128(row?[0] as Int64? ?? 0)
            cleared += Int128(row?[1] as Int64? ?? 0)
            try addEntries(from: dayMonth.firstDay, through: day)
        }
        return AccountBalance(balance: Money(minorUnits: Int64(clamping: total)), cleared: Money(minorUnits: Int64(clamping: cleared)))
    }

    /// The balance on `day` (clamped at 0) of the live account `accountID`: what a linked
    /// "saved so far" reads; nil when `accountID` is nil or names no live account.
    static func linkedSaved(_ db: Database, accountID: ID<Account>?, on day: Day?) throws -> Money? {
        guard let accountID, let account = try accounts(db, id: accountID).first else { return nil }
        let balance = try balance(account, on: day ?? Day(year: 2199, month: 12, day: 31)!, in: db).balance
        return max(balance, .zero)
    }

    private static func accountDay(_ text: String) throws -> Day {
        guard let day = Day(iso: text) else { throw StorageError.corrupt("date \(text)") }
        return day
    }
}

extension AppDatabase {
    /// Sets the emergency fund's typed "saved so far" (0 … 10^12 minor units) and the
    /// account it follows instead (nil: the typed number). Throws `StorageError.notFound`
    /// for a missing or deleted account.
    public func setEmergencySaved(_ saved: Money, accountID: ID<Account>?, formToken: String) throws -> WriteOutcome<Void> {
        try budgetWrite(formToken: formToken) { db in
            if let accountID {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE id = :id AND deletedAt IS NULL",
                                        arguments: ["id": accountID]) != nil else { throw StorageError.notFound }
            }
            try db.execute(sql: "UPDATE emergencyFund SET saved = :saved, savedAccountID = :account WHERE id = 1",
                           arguments: ["saved": saved.minorUnits, "account": accountID])
        }
    }

    /// The emergency fund's typed "saved so far" (what its form shows), whatever it follows.
    public func emergencyTypedSaved() throws -> Money {
        try read { db in Money(minorUnits: try Int64.fetchOne(db, sql: "SELECT saved FROM emergencyFund WHERE id = 1") ?? 0) }
    }
}

extension AppDatabase {
    /// How many live entries (planned ones too) belong to account `id`.
    public func accountEntryCount(_ id: ID<Account>) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE accountID = :id AND deletedAt IS NULL",
                             arguments: ["id": id]) ?? 0
        }
    }
}

// MARK: - Import of an export

extension AppDatabase {
    /// Refuses account states no write of the app can make, inside an import's transaction:
    /// a live entry in a deleted account, and a transfer group without exactly two live
    /// entries in two different accounts. `entryRows` maps entry ids to their 1-based row in
    /// the document. Throws `RestoreProblem` (the caller's transaction rolls back).
    static func checkAccountStates(in db: Database, entryRows: [Int64: Int]) throws {
        if let id = try Int64.fetchOne(db, sql: """
            SELECT e.id FROM entry e JOIN account a ON a.id = e.accountID
            WHERE e.deletedAt IS NULL AND a.deletedAt IS NOT NULL ORDER BY e.id LIMIT 1
            """) {
            throw RestoreProblem(table: "entry", row: entryRows[id], field: "accountID", reason: .brokenReference(table: "account"))
        }
        if let id = try Int64.fetchOne(db, sql: """
            SELECT min(id) FROM entry WHERE transferGroup IS NOT NULL AND deletedAt IS NULL
            GROUP BY transferGroup HAVING count(*) <> 2 OR count(DISTINCT accountID) <> 2 ORDER BY 1 LIMIT 1
            """) {
            throw RestoreProblem(table: "entry", row: entryRows[id], field: "transferGroup",
                                reason: .refused("a transfer is two live entries in two different accounts"))
        }
    }
}
