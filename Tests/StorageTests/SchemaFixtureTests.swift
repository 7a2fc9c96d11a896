import Engine
import Foundation
import GRDB
import Testing
@testable import Storage

// Upgrades that never lose data. Tests/StorageTests/Fixtures holds one database
// per schema version, made by the migrations themselves: `scripts/make-schema-fixtures` runs
// the `make` test below, which migrates an empty file up to each migration that has no fixture
// yet (the names come from the migrator, so a new migration just adds a fixture; a fixture
// that exists is what a shipped build made and is never remade) and fills it with
// the rows of `SchemaFixtures.rows` valid at that version. The `upgrade` test opens a copy of
// every fixture with this build, migrates it, and compares each table's shipped columns row
// by row before and after.

enum SchemaFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// Representative rows, each SQL valid from the migration named `since` on (columns added
    /// later have defaults, so an older row stays valid). Add rows for a new table here.
    static let rows: [(since: String, sql: String)] = [
        ("v1: settings, events, form tokens", """
            INSERT OR REPLACE INTO setting (key, value) VALUES ('currency', 'RUB'), ('theme', 'dark'), ('profile.nickname', 'Аня');
            INSERT INTO event (name, properties, occurredAt) VALUES ('app_started', '{}', '2026-01-02T03:04:05Z'),
                ('entry_added', '{"kind":"expense"}', '2026-01-03T10:00:00Z');
            """),
        ("v2: household budget", """
            INSERT INTO category (key, name, position) VALUES ('pets', 'Питомцы', 50);
            INSERT INTO recurringItem (kind, name, amount, periodicity, startDate, endDate, category, createdAt)
                VALUES ('income', 'Salary', 15000000, 'monthly', '2026-01-31', NULL, NULL, '2026-01-01T00:00:00Z'),
                       ('expense', 'Rent', 4000000, 'monthly', '2026-01-05', '2026-12-05', 'pets', '2026-01-01T00:00:00Z');
            INSERT INTO debt (name, mode, paymentDay, createdOn, monthlyPayment, createdAt)
                VALUES ('Phone', 'payment', 10, '2026-01-01', 250000, '2026-01-01T00:00:00Z');
            INSERT INTO debt (name, mode, paymentDay, createdOn, balance, asOf, aprHundredths, termMonths, graceMonths, minimumPayment, createdAt)
                VALUES ('Mortgage', 'loan', 31, '2026-01-01', 300000000, '2026-03-01', 1499, 240, 2, 4000000, '2026-01-01T00:00:00Z');
            INSERT INTO goal (name, target, saved, deadline, priority, createdAt)
                VALUES ('Car', 100000000, 5000000, '2028-06-30', 3, '2026-01-01T00:00:00Z');
            UPDATE emergencyFund SET saved = 1234500 WHERE id = 1;
            INSERT INTO entry (date, kind, name, amount, category, isActual, note, createdAt)
                VALUES ('2026-03-14', 'expense', 'Groceries', 321050, 'pets', 1, 'market', '2026-03-14T12:00:00Z'),
                       ('2026-03-31', 'income', 'Salary', 15000000, NULL, 0, '', '2026-03-14T12:00:00Z');
            INSERT INTO entry (date, kind, name, amount, category, isActual, confirmsRecurringID, confirmsDate, createdAt, deletedAt)
                VALUES ('2026-02-05', 'expense', 'Rent', 4000000, 'pets', 1, 2, '2026-02-05', '2026-02-05T09:00:00Z', '2026-02-06T09:00:00Z');
            """),
        ("v4: secrets", "INSERT INTO secret (key, value) VALUES ('advisor.apiKey', 'sk-fixture')"),
        ("profile and feedback", """
            INSERT INTO avatar (id, mediaType, bytes, updatedAt) VALUES (1, 'image/png', x'89504E470D0A1A0A', '2026-01-01T00:00:00Z');
            INSERT INTO feedback (email, description, status, createdAt)
                VALUES ('a@example.org', 'The plan page is lovely but slow on my phone.', 'pending', '2026-01-01T00:00:00Z');
            """),
        ("advisor history", """
            INSERT INTO advisorMessage (role, text, provider, topic, tokensIn, tokensOut, counted, day, createdAt)
                VALUES ('user', 'Can I afford a car?', 'builtin', 'goal', 0, 0, 1, '2026-01-02', '2026-01-02T10:00:00Z'),
                       ('advisor', 'Yes, in 2028.', 'builtin', 'goal', 0, 0, 0, '2026-01-02', '2026-01-02T10:00:01Z');
            """),
        ("sessions", "INSERT INTO session (tokenHash, createdAt, lastSeenAt) VALUES ('\(String(repeating: "ab", count: 32))', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')"),
        ("planned amounts and payment-only debt dates", """
            INSERT INTO entry (date, kind, name, amount, category, isActual, plannedAmount, createdAt)
                VALUES ('2026-04-05', 'expense', 'Electricity', 310000, 'pets', 1, 300000, '2026-04-05T08:00:00Z');
            UPDATE debt SET endsOn = '2027-12-10' WHERE mode = 'payment';
            """),
        ("accounts and statement import", """
            INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
                VALUES ('Card', 'card', 'RUB', 1000000, '2026-01-01', 1, '2026-01-01T00:00:00Z');
            INSERT INTO entry (date, kind, name, amount, category, isActual, accountID, cleared, payeeRaw, createdAt)
                VALUES ('2026-04-10', 'expense', 'Coffee', 25000, 'pets', 1, 1, 1, 'COFFEE SHOP 42', '2026-04-10T08:00:00Z');
            """),
        ("category limits and their notices", """
            INSERT INTO categoryLimit (category, period, amount, threshold, createdAt) VALUES ('pets', 'month', 500000, 80, '2026-01-01T00:00:00Z');
            """),
        ("bills: dismissed suggestions", """
            INSERT INTO billDismissal (merchantKey, kind, periodicity, amount, createdAt)
                VALUES ('coffee shop', 'expense', 'monthly', 25000, '2026-01-01T00:00:00Z');
            """),
        ("ics: calendar feeds", """
            INSERT INTO calendarFeed (tokenHash, includeAmounts, dailyReminder, paymentAlarm, language, createdAt, lastFetchedAt)
                VALUES ('\(String(repeating: "cd", count: 32))', 1, 1200, 540, 'ru', '2026-01-01T00:00:00Z', '2026-01-02T06:00:00Z');
            """),
        ("act: advisor action log", """
            INSERT INTO advisorAction (kind, summary, targetTable, targetID, previous, createdAt, undoneAt)
                VALUES ('goal', 'Added the goal «Car»', 'goal', 1, NULL, '2026-01-02T10:00:02Z', NULL),
                       ('strategy', 'Switched to snowball', 'setting', NULL, 'avalanche', '2026-01-02T10:01:00Z', '2026-01-02T10:02:00Z');
            """),
        ("today: checklist steps done", """
            INSERT INTO checklistDone (month, stepKey, amount, previousSaved, entryID, doneAt)
                VALUES ('2026-03', 'emergency', 500000, 1234500, NULL, '2026-03-20T09:00:00Z'),
                       ('2026-03', 'debt-2', 100000, NULL, 1, '2026-03-20T09:01:00Z');
            """),
        ("game: challenge, check-ins, achievements", """
            INSERT INTO challengeDay (date, currency, budget, total, savedAt) VALUES ('2026-03-14', 'RUB', 100000, 45000, '2026-03-14T20:00:00Z');
            INSERT INTO challengeItem (date, title, amount, category, createdAt)
                VALUES ('2026-03-14', 'Обед', 45000, 'Еда', '2026-03-14T13:00:00Z');
            INSERT INTO challengeCategory (name) VALUES ('Еда');
            INSERT INTO challengeSwitch (effective, fromCurrency, toCurrency, rate, createdAt)
                VALUES ('2026-03-15', 'RUB', 'USD', 1250000, '2026-03-15T08:00:00Z');
            INSERT INTO challengeRestart (date) VALUES ('2026-03-01');
            INSERT INTO fxRate (pair, rate) VALUES ('RUB/USD', 1250000);
            INSERT INTO checkIn (date, createdAt) VALUES ('2026-03-13', '2026-03-13T21:00:00Z');
            INSERT INTO achievement (id, earnedOn, seenAt) VALUES ('first_entry', '2026-03-14', NULL);
            """),
        ("pv: advisor usage, checklist actions", """
            INSERT INTO advisorUsage (day, provider, model, tokensIn, tokensOut, createdAt)
                VALUES ('2026-03-14', 'https://llm.example.org/v1', 'small-model', 1200, 300, '2026-03-14T10:00:00Z');
            INSERT INTO advisorAction (kind, summary, targetTable, targetID, previous, createdAt)
                VALUES ('checklist', 'Marked «Emergency fund» done', 'checklistDone', NULL, NULL, '2026-03-20T09:02:00Z');
            """),
        ("sv1: round-ups and hidden money", """
            INSERT INTO roundUpSetting (id, enabled, stepIndex, multiplier, period, goalID, minimum, startsOn, updatedAt)
                VALUES (1, 1, 1, 2, 'week', 1, 10000, '2026-03-01', '2026-03-01T00:00:00Z');
            INSERT INTO roundUpTransfer (goalID, amount, added, fromDate, throughDate, doneOn, doneAt)
                VALUES (1, 7900, 7900, '2026-03-09', '2026-03-15', '2026-03-16', '2026-03-16T08:00:00Z');
            INSERT INTO roundUpEntry (transferID, entryID, roundUp) VALUES (1, 1, 7900);
            INSERT INTO hiddenMoney (amount, purpose, goalID, note, hiddenOn, revealDelayDays, revealRequestedOn, createdAt)
                VALUES (300000, 'goal', 1, 'for the car', '2026-03-10', 7, NULL, '2026-03-10T09:00:00Z');
            """),
        ("sv2: wishlist", """
            INSERT INTO wishItem (title, price, priority, link, goalID, boughtOn, createdAt)
                VALUES ('Bicycle', 4500000, 2, 'https://shop.example.org/bike', 1, NULL, '2026-03-01T00:00:00Z');
            """),
        ("in: insight rephrasings", """
            INSERT INTO insightRephrasing (period, periodStart, language, text, model, createdAt)
                VALUES ('week', '2026-03-09', 'ru', 'Неделя прошла спокойно.', 'small-model', '2026-03-16T08:00:00Z');
            """),
        ("st30: payee rules; import rows with MCC, bank category, skipped", """
            INSERT INTO payeeRule (contains, name, category, createdAt, updatedAt)
                VALUES ('YANDEX*PLUS', 'Яндекс Плюс', 'pets', '2026-11-27T10:00:00Z', '2026-11-27T10:00:00Z');
            """),
        ("st30-splits: entry parts", """
            INSERT INTO entryPart (entryID, position, category, amount) VALUES (1, 0, 'pets', 300000), (1, 1, 'food', 21050);
            """),
        ("rf7: refunds as negative expenses", """
            INSERT INTO entry (date, kind, name, amount, category, isActual, accountID, cleared, payeeRaw, createdAt)
                VALUES ('2026-04-12', 'expense', 'Coffee refund', -2500, 'pets', 1, 1, 1, 'COFFEE SHOP 42 REFUND', '2026-04-12T08:00:00Z');
            """),
        ("mt940: import batches in MT940 and CAMT", """
            INSERT INTO importBatch (accountID, status, fileName, fileHash, format, encoding, statementBalance, statementDate, createdAt, bankAccountID)
                VALUES (1, 'preview', 'umsaetze.sta', '\(String(repeating: "ab", count: 32))', 'mt940', 'cp1252', 272616, '2026-11-03',
                        '2026-11-04T08:00:00Z', '50050201/0123456789');
            """),
    ]

    /// The fixture file name for the migration at `index` (1-based, zero-padded).
    static func fileName(index: Int, migration: String) -> String {
        let slug = migration.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        return String(format: "%02d-", index) + slug.prefix(48) + ".sqlite"
    }

    /// Every table's rows as text, keyed by table; only the columns in `columns` (all when nil).
    /// Derived tables (search index, totals) are left out: they are rebuilt from the rows.
    static func dump(_ db: Database, columns: [String: [String]]? = nil) throws -> [String: [String]] {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
              AND name NOT LIKE 'entrySearch%' AND name NOT IN ('grdb_migrations', 'accountMonthTotal', 'ledgerMonth')
            """)
        var result: [String: [String]] = [:]
        for table in tables {
            let present = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String }
            let chosen = columns?[table].map { wanted in wanted.filter(present.contains) } ?? present
            guard !chosen.isEmpty else { continue }
            let list = chosen.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            result[table] = try String.fetchAll(db, sql: "SELECT \(list) FROM \"\(table)\" ORDER BY 1")
        }
        return result
    }

    static func columns(_ db: Database) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
            result[table] = try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").map { $0["name"] as String }
        }
        return result
    }
}

@Suite("Schema fixtures: upgrades keep every row")
struct SchemaFixtureTests {
    @Test("make the fixtures (only with FINMIND_MAKE_FIXTURES=1: scripts/make-schema-fixtures)")
    func make() throws {
        guard ProcessInfo.processInfo.environment["FINMIND_MAKE_FIXTURES"] == "1" else { return }
        let names = AppDatabase.migrator.migrations
        try FileManager.default.createDirectory(atPath: SchemaFixtures.folder, withIntermediateDirectories: true)
        for (index, migration) in names.enumerated() {
            let path = SchemaFixtures.folder + "/" + SchemaFixtures.fileName(index: index + 1, migration: migration)
            // A fixture is what a shipped build made: it is never remade, only the missing ones are added.
            if FileManager.default.fileExists(atPath: path) { continue }
            let queue = try DatabaseQueue(path: path)
            // Small pages keep the committed files small (a table or index takes one page at least).
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA page_size = 1024") }
            try AppDatabase.migrator.migrate(queue, upTo: migration)
            let reached = Set(names.prefix(index + 1))
            try queue.write { db in
                for row in SchemaFixtures.rows where reached.contains(row.since) {
                    try db.execute(sql: row.sql)
                }
            }
            try queue.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
            try queue.close()
            chmod(path, 0o644)
        }
    }

    static func fixtures() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: SchemaFixtures.folder)) ?? []).filter { $0.hasSuffix(".sqlite") }.sorted()
    }

    @Test("there is a fixture for every schema version up to the newest that shipped, each a prefix of ours")
    func coverage() throws {
        let fixtures = Self.fixtures()
        #expect(fixtures.count >= 15, "run scripts/make-schema-fixtures")
        let names = AppDatabase.migrator.migrations
        for (index, fixture) in fixtures.enumerated() {
            let queue = try DatabaseQueue(path: SchemaFixtures.folder + "/" + fixture, configuration: { var c = Configuration(); c.readonly = true; return c }())
            let applied = try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            try queue.close()
            #expect(Set(applied) == Set(names.prefix(index + 1)), "\(fixture)")
        }
    }

    @Test("every fixture opens with this build, migrates, and keeps every row's shipped columns", arguments: SchemaFixtureTests.fixtures())
    func upgrade(fixture: String) throws {
        let folder = NSTemporaryDirectory() + "finmind-fixture-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/finmind.sqlite"
        try FileManager.default.copyItem(atPath: SchemaFixtures.folder + "/" + fixture, toPath: path)
        let (before, shipped) = try DatabaseQueue(path: path).read { db in (try SchemaFixtures.dump(db), try SchemaFixtures.columns(db)) }
        // When this build opens it
        let database = try AppDatabase(path: path)
        // Then it is fully migrated and healthy, with a backup of the old file when there was anything to run
        try database.checkHealth()
        #expect(try database.consistencyProblems() == [])
        let pending = try database.migrationState().pending
        #expect(pending.isEmpty)
        let after = try database.read { db in try SchemaFixtures.dump(db, columns: shipped) }
        for (table, rows) in before {
            #expect(after[table] == rows, "\(fixture): table \(table) changed")
        }
        // And the household reads and exports without error
        _ = try database.exportTables()
        _ = try database.household(settings: PlanSettings(), entriesFrom: Day(iso: "1900-01-01")!, through: Day(iso: "2199-12-31")!)
    }
}
