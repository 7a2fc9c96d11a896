import Foundation
import HTTPCore
import Logging
import Testing
import TestSupport
@testable import Storage
@testable import Web

@Suite("Your data: backups, download, restore")
struct SettingsBackupsTests {
    /// An app over a database file in a fresh folder (backups need a file), its daily backup made;
    /// with `clock`, the database's clock stands at that moment.
    static func fileApp(clock: Date? = nil, today: String = "2026-11-21") throws -> (App, AppDatabase, String) {
        let folder = NSTemporaryDirectory() + "finmind-backups-web-\(UUID().uuidString)"
        var database = try AppDatabase(path: folder + "/finmind.sqlite")
        if let clock { database.now = { clock } }
        try database.saveSettings(["onboarding": "skipped"])
        try seedRichHousehold(database)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try App(configuration: WebConfiguration(templatesDirectory: repositoryRoot + "/Templates",
                                                          publicDirectory: repositoryRoot + "/Public",
                                                          timeZone: TimeZone(identifier: "UTC")!, pinnedToday: today),
                          database: database, logger: logger)
        app.dailyBackups?.waitUntilIdle()
        return (app, database, folder)
    }

    @Test("the page lists each backup with its time, size and reason, and downloads one streamed as 0600 on disk")
    func listAndDownload() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daily = try #require(database.backupFolder?.list().first)
        #expect(daily.reason == .daily)
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/data")
        #expect(page.status == 200)
        #expect(page.text.contains("data-backup=\"\(daily.name)\""))
        #expect(page.text.contains("daily") && page.text.contains(" KB"))
        #expect(page.text.contains("2 entries, 0 accounts; newest entry October 31, 2026"))
        #expect(page.text.contains("href=\"/settings/data/backups/\(daily.name)\""))
        #expect(page.text.contains("href=\"/settings/data/restore/\(daily.name)\""))
        let download = browser.get("/settings/data/backups/\(daily.name)")
        #expect(download.status == 200)
        #expect(download.headers["Content-Type"] == "application/vnd.sqlite3")
        #expect(download.headers["Content-Disposition"] == "attachment; filename=\"\(daily.name)\"")
        #expect(download.headers["Cache-Control"] == "no-store")
        // A copy without the secrets, deleted once sent, so a downloaded backup never carries the passcode
        // hash or the Advisor's secrets; the backup itself stays.
        let copy = try #require(download.bodyFile)
        #expect(copy != folder + "/backups/" + daily.name && download.removesBodyFile)
        #expect((try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try? FileManager.default.removeItem(atPath: copy)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/backups/" + daily.name)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        // Names outside the folder's pattern are not routes at all
        for bad in ["..%2Ffinmind.sqlite", "finmind.sqlite", "finmind-20261121-000000-evil.sqlite"] {
            #expect(browser.get("/settings/data/backups/\(bad)").status == 404)
        }
        #expect(browser.get("/settings/data/backups/finmind-20200101-000000-daily.sqlite").status == 404)
    }

    @Test("a restore needs a backup and the typed word: 422 with the input kept, nothing changed")
    func restoreValidation() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daily = try #require(database.backupFolder?.list().first)
        let before = try database.exportTables()
        var browser = TestBrowser(app: app)
        let wrongWord = try browser.submit("/settings/data/restore/\(daily.name)", to: "/settings/data/restore",
                                           [("confirmRestore", "yes please")])
        #expect(wrongWord.status == 422)
        #expect(wrongWord.text.contains("value=\"yes please\""))
        #expect(wrongWord.text.contains("id=\"error-confirmRestore\""))
        let noChoice = try browser.submit("/settings/data/restore/\(daily.name)", to: "/settings/data/restore",
                                          [("backup", "../../etc/passwd"), ("confirmRestore", "restore")])
        #expect(noChoice.status == 422)
        #expect(noChoice.text.contains("id=\"error-backup\""))
        #expect(try database.exportTables() == before)
        #expect(database.backupFolder?.list().count == 1)
    }

    @Test("a restore backs up the current state, brings the backup's data back and says so; a double submit restores once")
    func restore() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daily = try #require(database.backupFolder?.list().first)
        let before = try database.exportTables()
        var browser = TestBrowser(app: app)
        _ = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")])
        #expect(try database.exportTables() != before)
        let token = try browser.formToken(on: "/settings/data/restore/\(daily.name)", action: "/settings/data/restore")
        let restored = browser.post("/settings/data/restore", [("backup", daily.name), ("confirmRestore", "Restore")], formToken: token)
        #expect(restored.status == 303, "\(restored.text.split(separator: "\n").filter { $0.contains("class=\"error\"") })")
        #expect(restored.headers["Location"] == "/settings/data")
        #expect(try browser.follow(restored).text.contains("The backup was restored."))
        #expect(try database.exportTables() == before)
        let reasons = database.backupFolder?.list().map(\.reason) ?? []
        #expect(reasons.sorted { $0.rawValue < $1.rawValue } == [.daily, .deleteAll, .restore])
        // The same form again: nothing more is restored or backed up
        let again = browser.post("/settings/data/restore", [("backup", daily.name), ("confirmRestore", "restore")], formToken: token)
        #expect(again.status == 303)
        #expect(database.backupFolder?.list().count == 3)
    }

    @Test("a corrupt backup file is refused with a 422 and the database is untouched")
    func corruptRestore() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daily = try #require(database.backupFolder?.list().first)
        let path = folder + "/backups/" + daily.name
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes = bytes.prefix(bytes.count / 3)
        try bytes.write(to: URL(fileURLWithPath: path))
        let before = try database.exportTables()
        var browser = TestBrowser(app: app)
        let confirmation = browser.get("/settings/data/restore/\(daily.name)")
        #expect(confirmation.text.contains("contents unreadable"))
        let response = try browser.submit("/settings/data/restore/\(daily.name)", to: "/settings/data/restore",
                                          [("confirmRestore", "восстановить")])
        #expect(response.status == 422)
        #expect(response.text.contains("failed its checks"))
        #expect(try database.exportTables() == before)
        #expect(database.backupFolder?.list().count == 1, "no restore backup for a refused restore")
    }

    @Test("an in-memory database shows that there is nothing to back up")
    func inMemory() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/settings/data").text.contains("nothing to back up"))
    }

    // MARK: - What each backup holds, the confirmation, back up now, delete all

    /// An app whose database clock stands at 2026-11-27 17:18:00 UTC, so backups made one after
    /// another are named a second apart (as the three in the original report were).
    static func clockedApp() throws -> (App, AppDatabase, String) {
        try fileApp(clock: ISO8601DateFormatter().date(from: "2026-11-27T17:18:00Z")!, today: "2026-11-27")
    }

    /// The page a 303 ends on, after the redirects that follow it (delete all → /data → /welcome).
    static func landing(_ browser: inout TestBrowser, _ response: Response) throws -> String {
        var page = try browser.follow(response)
        while page.status == 303 { page = try browser.follow(page) }
        return page.text
    }

    /// Each backup row's visible text, by file name.
    static func rows(_ html: String) -> [(name: String, text: String)] {
        let pattern = try! NSRegularExpression(pattern: "<li data-backup=\"([^\"]+)\">(.*?)</li>", options: [.dotMatchesLineSeparators])
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let name = String(html[Range(match.range(at: 1), in: html)!])
            let inner = String(html[Range(match.range(at: 2), in: html)!])
                .replacingOccurrences(of: "<span class=\"visually-hidden\">[^<]*</span>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            return (name, inner.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    @Test("backups made in the same minute are listed apart: to the second, with what each holds")
    func backupsInOneMinuteAreTold() throws {
        let (app, database, folder) = try Self.clockedApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Given one backup of the household and, after deleting everything, two of the empty one, all "before a restore"
        try database.backUp(reason: .restore)
        _ = try database.deleteAllData(formToken: Tokens.random())
        try database.backUp(reason: .restore)
        try database.backUp(reason: .restore)
        var browser = TestBrowser(app: app)
        let restores = Self.rows(browser.get("/settings/data").text).filter { $0.name.hasSuffix("-restore.sqlite") }
        #expect(restores.count == 3)
        // Then no two rows read the same, each says its second, and what it holds
        #expect(Set(restores.map(\.text)).count == 3, "\(restores.map(\.text))")
        #expect(restores.map { $0.text.contains("17:18:0") } == [true, true, true])
        #expect(restores.filter { $0.text.contains("no entries, no accounts") }.count == 2)
        #expect(restores.filter { $0.text.contains("2 entries, 0 accounts; newest entry October 31, 2026") }.count == 1)
    }

    @Test("the restore confirmation names what is replaced and with what, and says loudly when an empty backup would empty the household")
    func restoreConfirmation() throws {
        let (app, database, folder) = try Self.clockedApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = try database.backUp(reason: .manual)
        _ = try database.deleteAllData(formToken: Tokens.random())
        let emptyBackup = try database.backUp(reason: .manual)
        try database.restore(from: try #require(database.backupFolder?.path(of: full.name)))
        var browser = TestBrowser(app: app)
        // The household now holds 2 entries; the empty backup would replace them with nothing
        let loud = browser.get("/settings/data/restore/\(emptyBackup.name)")
        #expect(loud.status == 200)
        #expect(loud.text.contains("role=\"alert\"") && loud.text.contains("This backup is empty"))
        #expect(loud.text.contains("Replaced: your household now"))
        #expect(loud.text.contains("2 entries, 0 accounts; newest entry October 31, 2026"))
        #expect(loud.text.contains("no entries, no accounts"))
        #expect(loud.text.contains("November 27, 2026, 17:18:0"))
        #expect(loud.text.contains("name=\"backup\" value=\"\(emptyBackup.name)\""))
        // The full backup over the same household: the same figures on both sides, no alarm
        let calm = browser.get("/settings/data/restore/\(full.name)")
        #expect(calm.status == 200 && !calm.text.contains("This backup is empty"))
        #expect(browser.get("/settings/data/restore/finmind-20200101-000000-daily.sqlite").status == 404)
        for language in ["ru", "de"] {
            browser.language = language
            let page = browser.get("/settings/data/restore/\(emptyBackup.name)")
            #expect(page.status == 200 && page.text.contains("2 записи") == (language == "ru"))
            #expect(!page.text.contains("backup_"))
        }
    }

    @Test("“Back up now” makes a backup by hand and says when; the same form twice makes one")
    func backUpNow() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/settings/data", action: "/settings/data/backup-now")
        let made = browser.post("/settings/data/backup-now", [], formToken: token)
        #expect(made.status == 303)
        #expect(made.headers["Location"] == "/settings/data#backups-title")
        #expect(try browser.follow(made).text.contains("Backup made: "))
        #expect(database.backupFolder?.list().filter { $0.reason == .manual }.count == 1)
        #expect(browser.post("/settings/data/backup-now", [], formToken: token).status == 303)
        #expect(database.backupFolder?.list().filter { $0.reason == .manual }.count == 1)
        #expect(browser.post("/settings/data/backup-now", [], csrf: false).status == 403)
    }

    @Test("delete all with “also delete all backups” (checked at first) leaves no backup file; unchecked, it says where they stay")
    func deleteAllAndTheBackups() throws {
        let (app, database, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/data").text
        #expect(page.contains("name=\"alsoDeleteBackups\" value=\"1\" checked"))
        #expect(page.contains(folder + "/backups"))
        #expect(!page.contains("This cannot be undone."))
        // Unchecked: the backups stay (with the one made before deleting), and the flash says where
        let kept = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")])
        #expect(kept.status == 303)
        #expect(try Self.landing(&browser, kept).contains("The backups stay in " + folder + "/backups"))
        #expect(database.backupFolder?.list().map(\.reason).contains(.deleteAll) == true)
        // A refused word keeps the box as it was posted
        let refused = try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "nope")])
        #expect(refused.status == 422 && !refused.text.contains("value=\"1\" checked"))
        // Checked: nothing is left in the folder
        let gone = try browser.submit("/settings/data", to: "/settings/data/delete",
                                      [("confirmDelete", "DELETE"), ("alsoDeleteBackups", "1")])
        #expect(gone.status == 303)
        #expect(try Self.landing(&browser, gone).contains("every backup were deleted"))
        #expect(database.backupFolder?.list().isEmpty == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/backups"))?.isEmpty ?? true)
    }

    @Test("the privacy page says where the backups live and how long they are kept")
    func privacyNamesTheBackups() throws {
        let (app, _, folder) = try Self.fileApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/privacy").text
        #expect(page.contains("are kept in " + folder + "/backups"))
        #expect(page.contains("the last 7 days, 4 weeks and 12 months, and the 10 newest"))
        let (memory, _) = try makeTestApp()
        var other = TestBrowser(app: memory)
        #expect(other.get("/settings/privacy").text.contains("keeps no backups"))
    }
}
