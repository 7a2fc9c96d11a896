import GRDB

extension AppDatabase {
    /// Every schema change, in order. A migration that has landed is never edited:
    /// a change is a new migration appended at the end.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: settings, events, form tokens") { db in
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text).check { length($0) > 0 && length($0) <= 64 }
                t.column("value", .text).notNull().check { length($0) <= 4096 }
            }
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().check { length($0) > 0 && length($0) <= 64 }
                t.column("properties", .text).notNull().defaults(to: "{}")
                t.column("occurredAt", .text).notNull()
            }
            try db.create(table: "usedFormToken") { t in
                t.primaryKey("token", .text).check { length($0) > 0 && length($0) <= 128 }
                t.column("usedAt", .text).notNull()
            }
        }
        migrator.registerMigration("v2: household budget") { db in
            // Money: INTEGER minor units within docs/product-rules.md, "Ground limits" (saved amounts may be 0). Dates:
            // 'YYYY-MM-DD' text within the same limits. Soft-deletable rows carry `deletedAt`.
            let money = "BETWEEN 1 AND 1000000000000"
            let saved = "BETWEEN 0 AND 1000000000000"
            func date(_ column: String) -> String {
                "CHECK (\(column) BETWEEN '1900-01-01' AND '2199-12-31' AND length(\(column)) = 10 AND date(\(column)) = \(column))"
            }
            let name = "TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80)"
            try db.execute(sql: """
                CREATE TABLE category (
                    key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 32),
                    name TEXT NULL CHECK (length(name) BETWEEN 1 AND 80),
                    position INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX category_name ON category(name COLLATE NOCASE) WHERE name IS NOT NULL;
                INSERT INTO category (key, name, position) VALUES
                    ('food', NULL, 0), ('housing', NULL, 1), ('transport', NULL, 2), ('utilities', NULL, 3),
                    ('health', NULL, 4), ('education', NULL, 5), ('entertainment', NULL, 6),
                    ('clothing', NULL, 7), ('subscriptions', NULL, 8), ('other', NULL, 9);

                CREATE TABLE recurringItem (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
                    name \(name),
                    amount INTEGER NOT NULL CHECK (amount \(money)),
                    periodicity TEXT NOT NULL CHECK (periodicity IN ('weekly', 'biweekly', 'monthly', 'quarterly', 'yearly')),
                    startDate TEXT NOT NULL \(date("startDate")),
                    endDate TEXT NULL \(date("endDate")) CHECK (endDate IS NULL OR endDate >= startDate),
                    category TEXT NULL REFERENCES category(key) ON DELETE RESTRICT,
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT NULL,
                    CHECK ((kind = 'income') = (category IS NULL))
                );
                CREATE INDEX recurringItem_category ON recurringItem(category);

                CREATE TABLE debt (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name \(name),
                    mode TEXT NOT NULL CHECK (mode IN ('payment', 'loan')),
                    paymentDay INTEGER NOT NULL CHECK (paymentDay BETWEEN 1 AND 31),
                    createdOn TEXT NOT NULL \(date("createdOn")),
                    monthlyPayment INTEGER NULL CHECK (monthlyPayment \(money)),
                    balance INTEGER NULL CHECK (balance \(money)),
                    asOf TEXT NULL \(date("asOf")),
                    aprHundredths INTEGER NULL CHECK (aprHundredths BETWEEN 0 AND 10000),
                    termMonths INTEGER NULL CHECK (termMonths BETWEEN 1 AND 600),
                    graceMonths INTEGER NOT NULL DEFAULT 0 CHECK (graceMonths BETWEEN 0 AND 600),
                    minimumPayment INTEGER NULL CHECK (minimumPayment \(money)),
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT NULL,
                    CHECK (mode <> 'payment' OR (monthlyPayment IS NOT NULL AND balance IS NULL AND asOf IS NULL
                        AND aprHundredths IS NULL AND termMonths IS NULL AND graceMonths = 0 AND minimumPayment IS NULL)),
                    CHECK (mode <> 'loan' OR (monthlyPayment IS NULL AND balance IS NOT NULL AND asOf IS NOT NULL
                        AND aprHundredths IS NOT NULL AND (minimumPayment IS NOT NULL OR termMonths IS NOT NULL)))
                );

                CREATE TABLE goal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name \(name),
                    target INTEGER NOT NULL CHECK (target \(money)),
                    saved INTEGER NOT NULL DEFAULT 0 CHECK (saved \(saved)),
                    deadline TEXT NULL \(date("deadline")),
                    priority INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 3),
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT NULL
                );

                CREATE TABLE emergencyFund (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    saved INTEGER NOT NULL CHECK (saved \(saved))
                );
                INSERT INTO emergencyFund (id, saved) VALUES (1, 0);

                CREATE TABLE entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL \(date("date")),
                    kind TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
                    name \(name),
                    amount INTEGER NOT NULL CHECK (amount \(money)),
                    category TEXT NULL REFERENCES category(key) ON DELETE RESTRICT,
                    isActual BOOLEAN NOT NULL CHECK (isActual IN (0, 1)),
                    note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
                    confirmsRecurringID INTEGER NULL REFERENCES recurringItem(id) ON DELETE SET NULL,
                    confirmsDebtID INTEGER NULL REFERENCES debt(id) ON DELETE SET NULL,
                    confirmsDate TEXT NULL \(date("confirmsDate")),
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT NULL,
                    CHECK ((kind = 'income') = (category IS NULL)),
                    -- A link names one occurrence: one source and its date. A purged source
                    -- leaves the date behind with no source (an unlinked entry).
                    CHECK (confirmsRecurringID IS NULL OR confirmsDebtID IS NULL),
                    CHECK (confirmsDate IS NOT NULL OR (confirmsRecurringID IS NULL AND confirmsDebtID IS NULL)),
                    CHECK (confirmsDebtID IS NULL OR kind = 'expense'),
                    -- A confirming entry is always actual.
                    CHECK (isActual = 1 OR (confirmsRecurringID IS NULL AND confirmsDebtID IS NULL))
                );
                CREATE INDEX entry_date ON entry(date);
                CREATE INDEX entry_isActual_date ON entry(isActual, date);
                CREATE INDEX entry_category ON entry(category);
                CREATE INDEX entry_confirmsRecurringID ON entry(confirmsRecurringID);
                CREATE INDEX entry_confirmsDebtID ON entry(confirmsDebtID);
                CREATE INDEX entry_deletedAt ON entry(deletedAt) WHERE deletedAt IS NOT NULL;
                CREATE UNIQUE INDEX entry_confirmsRecurring_once ON entry(confirmsRecurringID, confirmsDate)
                    WHERE deletedAt IS NULL AND confirmsRecurringID IS NOT NULL;
                CREATE UNIQUE INDEX entry_confirmsDebt_once ON entry(confirmsDebtID, confirmsDate)
                    WHERE deletedAt IS NULL AND confirmsDebtID IS NOT NULL;
                """)
        }
        migrator.registerMigration("v3: covering indexes for the household read") { db in
            // Live entries by date with every column the engine reads, and the few that
            // confirm an occurrence: `household(...)` scans these without touching the table.
            // deletedAt is listed so that SQLite 3.40 sees the partial indexes as covering.
            try db.execute(sql: """
                CREATE INDEX entry_live_by_date ON entry(date, id, kind, isActual, amount, category, name, deletedAt)
                    WHERE deletedAt IS NULL;
                CREATE INDEX entry_live_links
                    ON entry(date, id, confirmsRecurringID, confirmsDebtID, confirmsDate, deletedAt)
                    WHERE deletedAt IS NULL AND (confirmsRecurringID IS NOT NULL OR confirmsDebtID IS NOT NULL);
                """)
        }
        migrator.registerMigration("v4: secrets") { db in
            // Tokens, keys and hashes live here and nowhere else: the export, the
            // diagnostic log and every page leave this table out.
            try db.create(table: "secret") { t in
                t.primaryKey("key", .text).check { length($0) > 0 && length($0) <= 64 }
                t.column("value", .text).notNull().check { length($0) <= 4096 }
            }
        }
        migrator.registerMigration("profile and feedback") { db in
            // The household's picture (one row at most, its type verified from the bytes) and
            // the feedback it wrote, kept with its delivery status so a failure loses nothing.
            try db.execute(sql: """
                CREATE TABLE avatar (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    mediaType TEXT NOT NULL CHECK (mediaType IN ('image/png', 'image/jpeg', 'image/webp')),
                    bytes BLOB NOT NULL CHECK (length(bytes) BETWEEN 1 AND 2097152),
                    updatedAt TEXT NOT NULL
                );
                CREATE TABLE feedback (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    email TEXT NULL CHECK (length(email) BETWEEN 3 AND 254),
                    telegram TEXT NULL CHECK (length(telegram) BETWEEN 6 AND 33),
                    description TEXT NOT NULL CHECK (length(description) BETWEEN 20 AND 5000),
                    log TEXT NULL,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
                    error TEXT NULL CHECK (length(error) <= 500),
                    createdAt TEXT NOT NULL,
                    sentAt TEXT NULL
                );
                """)
        }
        migrator.registerMigration("advisor history") { db in
            // The Advisor's conversation (docs/product-rules.md, "The Advisor"): every question, answer and notice with
            // its provider and token counts. `day` is the server-local day the daily limit
            // counts; `counted` marks answered on-topic questions; `archived` hides a
            // message after "Reset dialog" (kept until deleted or 180 days old).
            try db.execute(sql: """
                CREATE TABLE advisorMessage (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    role TEXT NOT NULL CHECK (role IN ('user', 'advisor', 'notice')),
                    text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
                    provider TEXT NOT NULL CHECK (provider IN ('builtin', 'remote', '')),
                    topic TEXT NOT NULL DEFAULT '' CHECK (length(topic) <= 32),
                    tokensIn INTEGER NOT NULL DEFAULT 0 CHECK (tokensIn >= 0),
                    tokensOut INTEGER NOT NULL DEFAULT 0 CHECK (tokensOut >= 0),
                    counted BOOLEAN NOT NULL DEFAULT 0 CHECK (counted IN (0, 1)),
                    archived BOOLEAN NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                    day TEXT NOT NULL CHECK (length(day) = 10 AND date(day) = day),
                    createdAt TEXT NOT NULL
                );
                CREATE INDEX advisorMessage_day ON advisorMessage(day) WHERE counted = 1;
                CREATE INDEX advisorMessage_createdAt ON advisorMessage(createdAt);
                """)
        }
        migrator.registerMigration("sessions") { db in
            // Signed-in browsers (docs/product-rules.md, "Signing in"): only the SHA-256 of each session token is kept,
            // so a copy of the database signs nobody in. Private: never exported.
            try db.execute(sql: """
                CREATE TABLE session (
                    tokenHash TEXT PRIMARY KEY NOT NULL CHECK (length(tokenHash) = 64),
                    createdAt TEXT NOT NULL,
                    lastSeenAt TEXT NOT NULL
                );
                CREATE INDEX session_lastSeenAt ON session(lastSeenAt);
                """)
        }
        migrator.registerMigration("planned amounts and payment-only debt dates") { db in
            // An entry keeps the amount it was planned at when it is confirmed in place, so
            // planned and actual stay two figures. Entries planned so far were planned at
            // their amount; those confirmed in place before this migration are actual only.
            // A payment-only debt may end: `endsOn` is the last day a payment may fall on.
            try db.execute(sql: """
                ALTER TABLE entry ADD COLUMN plannedAmount INTEGER NULL
                    CHECK (plannedAmount IS NULL OR plannedAmount BETWEEN 1 AND 1000000000000);
                UPDATE entry SET plannedAmount = amount WHERE isActual = 0;
                ALTER TABLE debt ADD COLUMN endsOn TEXT NULL
                    CHECK (endsOn IS NULL OR (endsOn BETWEEN '1900-01-01' AND '2199-12-31' AND length(endsOn) = 10
                        AND date(endsOn) = endsOn));
                CREATE INDEX entry_live_by_date_planned
                    ON entry(date, id, kind, isActual, amount, category, name, plannedAmount, deletedAt)
                    WHERE deletedAt IS NULL;
                DROP INDEX entry_live_by_date;
                """)
        }
        migrator.registerMigration("accounts and statement import") { db in
            // Where the household's money is: accounts with an opening balance, and the bank's
            // side of each entry. An entry may belong to one account (NULL: "no account", as every
            // entry made before this migration); `cleared` means the bank has it, `reconciledAt`
            // that a reconciliation locked it; the two entries of a transfer share `transferGroup`
            // (the smaller of their ids) and count in no income, expense or category total;
            // `payeeRaw` is the bank's text as it came; `importBatchID` the import that created it.
            // Money may be negative only in balances (an overdrawn card).
            let balance = "BETWEEN -1000000000000 AND 1000000000000"
            func date(_ column: String) -> String {
                "CHECK (\(column) BETWEEN '1900-01-01' AND '2199-12-31' AND length(\(column)) = 10 AND date(\(column)) = \(column))"
            }
            try db.execute(sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
                    type TEXT NOT NULL CHECK (type IN ('checking', 'savings', 'card', 'cash', 'other')),
                    currency TEXT NOT NULL CHECK (length(currency) = 3),
                    openingBalance INTEGER NOT NULL CHECK (openingBalance \(balance)),
                    openedOn TEXT NOT NULL \(date("openedOn")),
                    spendable BOOLEAN NOT NULL CHECK (spendable IN (0, 1)),
                    closed BOOLEAN NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
                    bankAccountID TEXT NULL CHECK (length(bankAccountID) BETWEEN 1 AND 64),
                    statementBalance INTEGER NULL CHECK (statementBalance \(balance)),
                    statementDate TEXT NULL \(date("statementDate")),
                    createdAt TEXT NOT NULL,
                    deletedAt TEXT NULL,
                    CHECK ((statementBalance IS NULL) = (statementDate IS NULL))
                );
                CREATE UNIQUE INDEX account_name ON account(name COLLATE NOCASE) WHERE deletedAt IS NULL;

                CREATE TABLE reconciliation (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    statementDate TEXT NOT NULL \(date("statementDate")),
                    balance INTEGER NOT NULL CHECK (balance \(balance)),
                    entryCount INTEGER NOT NULL CHECK (entryCount >= 0),
                    adjustmentEntryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    createdAt TEXT NOT NULL
                );
                CREATE INDEX reconciliation_account ON reconciliation(accountID, statementDate);

                CREATE TABLE importBatch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    status TEXT NOT NULL CHECK (status IN ('preview', 'committed', 'undone')),
                    fileName TEXT NOT NULL DEFAULT '' CHECK (length(fileName) <= 255),
                    fileHash TEXT NOT NULL CHECK (length(fileHash) = 64),
                    format TEXT NOT NULL CHECK (format IN ('csv', 'ofx', 'qif')),
                    encoding TEXT NOT NULL CHECK (length(encoding) BETWEEN 1 AND 32),
                    statementBalance INTEGER NULL CHECK (statementBalance \(balance)),
                    statementDate TEXT NULL \(date("statementDate")),
                    createdAt TEXT NOT NULL,
                    committedAt TEXT NULL,
                    undoneAt TEXT NULL,
                    CHECK ((statementBalance IS NULL) = (statementDate IS NULL)),
                    CHECK (status <> 'committed' OR committedAt IS NOT NULL),
                    CHECK (status <> 'undone' OR (committedAt IS NOT NULL AND undoneAt IS NOT NULL))
                );
                CREATE INDEX importBatch_account ON importBatch(accountID, createdAt);
                CREATE INDEX importBatch_fileHash ON importBatch(fileHash);

                ALTER TABLE entry ADD COLUMN accountID INTEGER NULL REFERENCES account(id) ON DELETE RESTRICT;
                ALTER TABLE entry ADD COLUMN cleared BOOLEAN NOT NULL DEFAULT 0 CHECK (cleared IN (0, 1));
                ALTER TABLE entry ADD COLUMN reconciledAt TEXT NULL CHECK (reconciledAt IS NULL OR cleared = 1);
                ALTER TABLE entry ADD COLUMN transferGroup INTEGER NULL CHECK (transferGroup IS NULL OR accountID IS NOT NULL);
                ALTER TABLE entry ADD COLUMN payeeRaw TEXT NULL CHECK (length(payeeRaw) BETWEEN 1 AND 500);
                ALTER TABLE entry ADD COLUMN importBatchID INTEGER NULL REFERENCES importBatch(id) ON DELETE SET NULL;

                -- An account's balance on a day: one indexed sum over its live actual entries.
                CREATE INDEX entry_account_balance ON entry(accountID, date, kind, amount, cleared, deletedAt)
                    WHERE deletedAt IS NULL AND isActual = 1 AND accountID IS NOT NULL;
                CREATE INDEX entry_transferGroup ON entry(transferGroup) WHERE transferGroup IS NOT NULL;
                CREATE INDEX entry_importBatch ON entry(importBatchID) WHERE importBatchID IS NOT NULL;
                """)
        }
        migrator.registerMigration("account balances: monthly totals, saved so far follows an account") { db in
            // A goal's and the emergency fund's "saved so far" may follow an account's balance
            // (NULL: the typed number, as before).
            //
            // accountMonthTotal: each account's live actual entries summed per calendar month
            // (income +, expense −; `cleared` only the cleared ones), kept by triggers on every
            // write to `entry` whichever code makes it, so a balance reads whole months from here
            // and scans entries only in its first and last month. Derived data: a private table,
            // never exported or imported (the entries rebuild it through the triggers).
            let counted = "accountID IS NOT NULL AND isActual = 1 AND deletedAt IS NULL"
            func add(_ row: String, _ sign: String) -> String {
                """
                INSERT INTO accountMonthTotal (accountID, month, total, cleared)
                VALUES (\(row).accountID, substr(\(row).date, 1, 7),
                        \(sign) (CASE \(row).kind WHEN 'income' THEN \(row).amount ELSE -\(row).amount END),
                        CASE WHEN \(row).cleared = 1 THEN \(sign) (CASE \(row).kind WHEN 'income' THEN \(row).amount ELSE -\(row).amount END) ELSE 0 END)
                ON CONFLICT (accountID, month) DO UPDATE SET total = total + excluded.total, cleared = cleared + excluded.cleared;
                """
            }
            func when(_ row: String) -> String {
                "\(row).accountID IS NOT NULL AND \(row).isActual = 1 AND \(row).deletedAt IS NULL"
            }
            try db.execute(sql: """
                ALTER TABLE goal ADD COLUMN savedAccountID INTEGER NULL REFERENCES account(id) ON DELETE SET NULL;
                ALTER TABLE emergencyFund ADD COLUMN savedAccountID INTEGER NULL REFERENCES account(id) ON DELETE SET NULL;

                CREATE TABLE accountMonthTotal (
                    accountID INTEGER NOT NULL,
                    month TEXT NOT NULL,
                    total INTEGER NOT NULL,
                    cleared INTEGER NOT NULL,
                    PRIMARY KEY (accountID, month)
                );
                INSERT INTO accountMonthTotal (accountID, month, total, cleared)
                    SELECT accountID, substr(date, 1, 7), sum(CASE kind WHEN 'income' THEN amount ELSE -amount END),
                           sum(CASE WHEN cleared = 0 THEN 0 WHEN kind = 'income' THEN amount ELSE -amount END)
                    FROM entry WHERE \(counted) GROUP BY accountID, substr(date, 1, 7);
                CREATE TRIGGER entry_account_month_insert AFTER INSERT ON entry WHEN \(when("NEW"))
                BEGIN \(add("NEW", "+")) END;
                CREATE TRIGGER entry_account_month_delete AFTER DELETE ON entry WHEN \(when("OLD"))
                BEGIN \(add("OLD", "-")) END;
                CREATE TRIGGER entry_account_month_update_old AFTER UPDATE OF accountID, date, kind, amount, isActual, deletedAt, cleared
                    ON entry WHEN \(when("OLD"))
                BEGIN \(add("OLD", "-")) END;
                CREATE TRIGGER entry_account_month_update_new AFTER UPDATE OF accountID, date, kind, amount, isActual, deletedAt, cleared
                    ON entry WHEN \(when("NEW"))
                BEGIN \(add("NEW", "+")) END;
                """)
        }
        migrator.registerMigration("transfers left out of the household read") { db in
            // The engine's read leaves out both sides of every transfer (transferGroup set):
            // the covering index of that read gains the column, so the filter is answered
            // from the index alone, and replaces the old one.
            try db.execute(sql: """
                CREATE INDEX entry_live_by_date_transfer
                    ON entry(date, id, kind, isActual, amount, category, name, plannedAmount, transferGroup, deletedAt)
                    WHERE deletedAt IS NULL;
                DROP INDEX entry_live_by_date_planned;
                """)
        }
        migrator.registerMigration("ledger: search, bulk deletions and filter indexes") { db in
            /// Adds `sign` × the entry `row` (new or old) to its month's line of ledgerMonth.
            func add(_ row: String, _ sign: String) -> String {
                """
                INSERT INTO ledgerMonth (month, accountID, category, kind, isActual, transfer, count, amount)
                    VALUES (substr(\(row).date, 1, 7), coalesce(\(row).accountID, 0), coalesce(\(row).category, ''), \(row).kind,
                        \(row).isActual, \(row).transferGroup IS NOT NULL, \(sign), \(sign) * \(row).amount)
                    ON CONFLICT (month, accountID, category, kind, isActual, transfer)
                    DO UPDATE SET count = count + excluded.count, amount = amount + excluded.amount;
                """
            }
            // The ledger (/transactions): a trigram index over each entry's name, the bank's payee
            // and the note (case-insensitive for every alphabet, Cyrillic included, which LIKE is
            // not), kept in step by triggers; the entries each bulk delete took, so its undo
            // brings back exactly those; the live entries' monthly sums for the footer; and indexes
            // that let every filter read newest first.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE entrySearch USING fts5(name, payeeRaw, note, content='entry', content_rowid='id',
                    tokenize='trigram');
                INSERT INTO entrySearch(entrySearch) VALUES ('rebuild');
                CREATE TRIGGER entrySearch_insert AFTER INSERT ON entry BEGIN
                    INSERT INTO entrySearch(rowid, name, payeeRaw, note) VALUES (new.id, new.name, new.payeeRaw, new.note);
                END;
                CREATE TRIGGER entrySearch_delete AFTER DELETE ON entry BEGIN
                    INSERT INTO entrySearch(entrySearch, rowid, name, payeeRaw, note)
                        VALUES ('delete', old.id, old.name, old.payeeRaw, old.note);
                END;
                CREATE TRIGGER entrySearch_update AFTER UPDATE OF name, payeeRaw, note ON entry BEGIN
                    INSERT INTO entrySearch(entrySearch, rowid, name, payeeRaw, note)
                        VALUES ('delete', old.id, old.name, old.payeeRaw, old.note);
                    INSERT INTO entrySearch(rowid, name, payeeRaw, note) VALUES (new.id, new.name, new.payeeRaw, new.note);
                END;

                CREATE TABLE entryDeletion (
                    batch INTEGER NOT NULL CHECK (batch >= 1),
                    entryID INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                    PRIMARY KEY (batch, entryID)
                );
                CREATE INDEX entryDeletion_entry ON entryDeletion(entryID);

                -- The live entries' count and sum per month and per everything a filter without
                -- text or amount can ask (account 0: none; category '': income), kept by triggers,
                -- so the ledger's footer adds up months instead of every entry.
                CREATE TABLE ledgerMonth (
                    month TEXT NOT NULL,
                    accountID INTEGER NOT NULL,
                    category TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    isActual INTEGER NOT NULL,
                    transfer INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    amount INTEGER NOT NULL,
                    PRIMARY KEY (month, accountID, category, kind, isActual, transfer)
                );
                INSERT INTO ledgerMonth
                    SELECT substr(date, 1, 7), coalesce(accountID, 0), coalesce(category, ''), kind, isActual,
                        transferGroup IS NOT NULL, count(*), sum(amount)
                    FROM entry WHERE deletedAt IS NULL GROUP BY 1, 2, 3, 4, 5, 6;
                CREATE TRIGGER ledgerMonth_insert AFTER INSERT ON entry WHEN new.deletedAt IS NULL BEGIN
                    \(add("new", "1"))
                END;
                CREATE TRIGGER ledgerMonth_delete AFTER DELETE ON entry WHEN old.deletedAt IS NULL BEGIN
                    \(add("old", "-1"))
                END;
                CREATE TRIGGER ledgerMonth_update_old
                    AFTER UPDATE OF date, kind, amount, category, isActual, deletedAt, accountID, transferGroup ON entry
                    WHEN old.deletedAt IS NULL BEGIN
                    \(add("old", "-1"))
                END;
                CREATE TRIGGER ledgerMonth_update_new
                    AFTER UPDATE OF date, kind, amount, category, isActual, deletedAt, accountID, transferGroup ON entry
                    WHEN new.deletedAt IS NULL BEGIN
                    \(add("new", "1"))
                END;

                -- Pages by account, by category and by amount, newest first (by date and kind: the
                -- covering index of v3 and the planned-amounts migration). Narrow, so imports stay fast.
                CREATE INDEX entry_ledger_account ON entry(accountID, date, id, deletedAt) WHERE deletedAt IS NULL;
                CREATE INDEX entry_ledger_category ON entry(category, date, id, deletedAt) WHERE deletedAt IS NULL;
                CREATE INDEX entry_ledger_amount ON entry(amount, date, id, kind, transferGroup, deletedAt) WHERE deletedAt IS NULL;
                """)
        }
        migrator.registerMigration("statement import: staged rows, keys, tombstones, profiles") { db in
            // The import's own tables (docs/engine-rules.md, "Bank statements: matching and
            // de-duplication"). `importRow`: each row of a batch as the preview showed it, with
            // the plan's decision, the user's choice and, after the commit, the entry it made or
            // linked (and that entry's state before the link, for undo). `importUpload`: the
            // file of a batch still in preview, so the preview can read it again with another
            // encoding or date order; deleted at commit or cancel, and never exported (up to
            // 50 MB, transient: `privateTables`). `importKey`: the bank-id ('ext')
            // and fingerprint ('fp') keys of every imported or linked row, one row per occurrence;
            // `importTombstone`: a key whose entry the user deleted. `importProfile`: a CSV
            // header shape's confirmed column mapping.
            let date = "CHECK (date IS NULL OR (date BETWEEN '1900-01-01' AND '2199-12-31' AND length(date) = 10 AND date(date) = date))"
            try db.execute(sql: """
                ALTER TABLE importBatch ADD COLUMN rowCount INTEGER NOT NULL DEFAULT 0 CHECK (rowCount >= 0);
                ALTER TABLE importBatch ADD COLUMN newCount INTEGER NOT NULL DEFAULT 0 CHECK (newCount >= 0);
                ALTER TABLE importBatch ADD COLUMN linkedCount INTEGER NOT NULL DEFAULT 0 CHECK (linkedCount >= 0);
                ALTER TABLE importBatch ADD COLUMN skippedCount INTEGER NOT NULL DEFAULT 0 CHECK (skippedCount >= 0);
                ALTER TABLE importBatch ADD COLUMN bankAccountID TEXT NULL CHECK (length(bankAccountID) BETWEEN 1 AND 64);

                CREATE TABLE importRow (
                    batchID INTEGER NOT NULL REFERENCES importBatch(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    line INTEGER NOT NULL CHECK (line >= 0),
                    date TEXT NULL \(date),
                    amount INTEGER NULL CHECK (amount BETWEEN -1000000000000 AND 1000000000000),
                    payee TEXT NOT NULL DEFAULT '' CHECK (length(payee) <= 2000),
                    memo TEXT NOT NULL DEFAULT '' CHECK (length(memo) <= 2000),
                    externalID TEXT NULL CHECK (length(externalID) <= 255),
                    status TEXT NOT NULL CHECK (status IN ('new', 'reused', 'duplicate', 'deleted', 'link', 'confirm', 'error')),
                    fingerprint TEXT NULL,
                    externalKey TEXT NULL,
                    occurrence INTEGER NOT NULL DEFAULT 0 CHECK (occurrence >= 0),
                    seenBatchID INTEGER NULL,
                    deletedOn TEXT NULL,
                    linkEntryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    confirmSource TEXT NULL CHECK (confirmSource IS NULL OR length(confirmSource) BETWEEN 2 AND 20),
                    confirmDate TEXT NULL,
                    reason TEXT NULL CHECK (length(reason) <= 500),
                    errorColumn TEXT NULL CHECK (length(errorColumn) <= 200),
                    category TEXT NULL REFERENCES category(key) ON DELETE SET NULL,
                    categorySource TEXT NOT NULL DEFAULT 'none' CHECK (categorySource IN ('learned', 'keyword', 'none', 'user')),
                    choice TEXT NOT NULL CHECK (choice IN ('import', 'skip', 'link', 'confirm')),
                    entryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    before TEXT NULL CHECK (length(before) <= 2000),
                    PRIMARY KEY (batchID, position),
                    CHECK (status <> 'error' OR choice = 'skip'),
                    CHECK (choice <> 'link' OR status = 'link'),
                    CHECK (choice <> 'confirm' OR status = 'confirm')
                );
                CREATE INDEX importRow_entry ON importRow(entryID) WHERE entryID IS NOT NULL;
                CREATE INDEX importRow_linkEntry ON importRow(linkEntryID) WHERE linkEntryID IS NOT NULL;

                CREATE TABLE importUpload (
                    batchID INTEGER PRIMARY KEY REFERENCES importBatch(id) ON DELETE CASCADE,
                    bytes BLOB NOT NULL CHECK (length(bytes) BETWEEN 1 AND 52428800),
                    encoding TEXT NULL CHECK (encoding IN ('utf8', 'utf16le', 'utf16be', 'cp1251', 'cp1252')),
                    dateOrder TEXT NULL CHECK (dateOrder IN ('dayMonth', 'monthDay')),
                    mapping TEXT NULL CHECK (length(mapping) <= 2000),
                    headerShape TEXT NULL CHECK (length(headerShape) <= 2000),
                    header TEXT NULL CHECK (length(header) <= 20000),
                    dateOrderAmbiguous BOOLEAN NOT NULL DEFAULT 0 CHECK (dateOrderAmbiguous IN (0, 1))
                );

                CREATE TABLE importKey (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('ext', 'fp')),
                    key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 4200),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN -1000000000000 AND 1000000000000),
                    occurrence INTEGER NOT NULL DEFAULT 1 CHECK (occurrence >= 1),
                    hadExternalID BOOLEAN NOT NULL DEFAULT 0 CHECK (hadExternalID IN (0, 1)),
                    batchID INTEGER NOT NULL REFERENCES importBatch(id) ON DELETE CASCADE,
                    entryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL
                );
                CREATE INDEX importKey_lookup ON importKey(accountID, kind, key);
                CREATE INDEX importKey_batch ON importKey(batchID);
                CREATE INDEX importKey_entry ON importKey(entryID) WHERE entryID IS NOT NULL;

                CREATE TABLE importTombstone (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    keyID INTEGER NOT NULL REFERENCES importKey(id) ON DELETE CASCADE,
                    entryID INTEGER NULL,
                    deletedOn TEXT NOT NULL CHECK (length(deletedOn) BETWEEN 10 AND 40)
                );
                CREATE INDEX importTombstone_key ON importTombstone(keyID);
                CREATE INDEX importTombstone_entry ON importTombstone(entryID) WHERE entryID IS NOT NULL;

                CREATE TABLE importProfile (
                    headerShape TEXT PRIMARY KEY CHECK (length(headerShape) BETWEEN 1 AND 2000),
                    mapping TEXT NOT NULL CHECK (length(mapping) BETWEEN 2 AND 2000),
                    encoding TEXT NULL CHECK (encoding IN ('utf8', 'utf16le', 'utf16be', 'cp1251', 'cp1252')),
                    dateOrder TEXT NULL CHECK (dateOrder IN ('dayMonth', 'monthDay')),
                    updatedAt TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("category limits and their notices") { db in
            try db.execute(sql: """
                CREATE TABLE categoryLimit (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    category TEXT NOT NULL REFERENCES category(key) ON DELETE CASCADE,
                    period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    threshold INTEGER NOT NULL DEFAULT 80 CHECK (threshold BETWEEN 50 AND 100),
                    createdAt TEXT NOT NULL,
                    UNIQUE (category, period)
                );

                CREATE TABLE limitNotice (
                    category TEXT NOT NULL REFERENCES category(key) ON DELETE CASCADE,
                    period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
                    periodStart TEXT NOT NULL CHECK (length(periodStart) = 10),
                    level TEXT NOT NULL CHECK (level IN ('warning', 'exceeded')),
                    notedAt TEXT NOT NULL,
                    dismissedAt TEXT NULL,
                    PRIMARY KEY (category, period, periodStart, level)
                );
                """)
        }
        migrator.registerMigration("bills: dismissed suggestions") { db in
            // "Not a bill" (docs/engine-rules.md, "Bills and subscriptions"): one row per
            // merchant key, direction and period with the cluster's median amount; the
            // suggestion comes back when its median moves more than 10 % or its period changes.
            try db.execute(sql: """
                CREATE TABLE billDismissal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    merchantKey TEXT NOT NULL CHECK (length(merchantKey) BETWEEN 1 AND 500),
                    kind TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
                    periodicity TEXT NOT NULL CHECK (periodicity IN ('weekly', 'biweekly', 'monthly', 'quarterly', 'yearly')),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    createdAt TEXT NOT NULL,
                    UNIQUE (merchantKey, kind, periodicity)
                );
                """)
        }
        migrator.registerMigration("ics: calendar feeds") { db in
            // Calendar feeds (docs/engine-rules.md, "Calendar feeds (.ics)"): one row per
            // subscription address. Only the SHA-256 of the token (64 hex digits) is kept, so
            // the database (and an export) never holds an address that works; revoking deletes
            // the row. Times of day are minutes after local midnight.
            try db.execute(sql: """
                CREATE TABLE calendarFeed (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    tokenHash TEXT NOT NULL UNIQUE CHECK (length(tokenHash) = 64),
                    includeAmounts INTEGER NOT NULL CHECK (includeAmounts IN (0, 1)),
                    dailyReminder INTEGER NULL CHECK (dailyReminder BETWEEN 0 AND 1439),
                    paymentAlarm INTEGER NULL CHECK (paymentAlarm BETWEEN 0 AND 1439),
                    language TEXT NOT NULL CHECK (language IN ('ru', 'en')),
                    createdAt TEXT NOT NULL,
                    lastFetchedAt TEXT NULL
                );
                """)
        }
        migrator.registerMigration("act: advisor action log") { db in
            // The advisor's applied actions and how to undo each (Storage/AdvisorActions.swift):
            // the row it added or changed (targetTable, targetID) and the value it replaced.
            try db.execute(sql: """
                CREATE TABLE advisorAction (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('goal', 'income', 'expense', 'limit', 'strategy', 'entry')),
                    summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 1000),
                    targetTable TEXT NOT NULL CHECK (targetTable IN ('goal', 'recurringItem', 'entry', 'categoryLimit', 'setting')),
                    targetID INTEGER NULL,
                    previous TEXT NULL CHECK (previous IS NULL OR length(previous) <= 100),
                    createdAt TEXT NOT NULL,
                    undoneAt TEXT NULL
                );
                """)
        }
        migrator.registerMigration("today: checklist steps done") { db in
            // The month's checklist (docs/engine-rules.md, "The month's checklist"): one row per
            // step marked done in a month, with what undo restores: the fund's or goal's saved
            // amount before, or the entry the extra loan payment became.
            try db.execute(sql: """
                CREATE TABLE checklistDone (
                    month TEXT NOT NULL CHECK (length(month) = 7),
                    stepKey TEXT NOT NULL CHECK (length(stepKey) BETWEEN 1 AND 40),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 1000000000000),
                    previousSaved INTEGER NULL CHECK (previousSaved BETWEEN 0 AND 1000000000000),
                    entryID INTEGER NULL REFERENCES entry(id) ON DELETE SET NULL,
                    doneAt TEXT NOT NULL,
                    PRIMARY KEY (month, stepKey)
                );
                """)
        }
        registerChallengeMigration(&migrator)
        registerProviderMigration(&migrator)
        registerPlayfulSavingMigration(&migrator)
        registerWishlistMigration(&migrator)
        registerInsightRephrasingMigration(&migrator)
        registerMoneyModelMigration(&migrator)
        registerPayeeRuleMigration(&migrator)
        registerSaturatingSumsMigration(&migrator)
        registerEntryPartMigration(&migrator)
        registerRefundMigration(&migrator)
        registerStatementFormatsMigration(&migrator)
        return migrator
    }
}
