import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// Calendar feeds: the .ics download, a subscribed feed and its Settings page, in process
/// (today 2026-11-21).
@Suite("Calendar feeds")
struct FeedsPageTests {
    /// Rent of 1 500.00 monthly from 31 Oct 2026.
    @discardableResult
    static func seedRent(_ database: AppDatabase) throws -> ID<RecurringItem> {
        try database.seed(NewRecurringItem(kind: .expense, name: "Rent", amount: cents(1_500_00), periodicity: .monthly,
                                           start: date("2026-10-31"), category: "housing"))
    }

    /// Creates a feed through the Settings form; returns the token from the address shown once.
    static func createFeed(_ browser: inout TestBrowser, _ fields: [(String, String)] = [("includeAmounts", "1")]) throws -> String {
        let response = try browser.submit("/settings/calendar-feeds", to: "/settings/calendar-feeds", fields)
        #expect(response.status == 200)
        #expect(response.headers["Cache-Control"] == "no-store")
        let url = HTML.between(response.text, #"id="feed-url" value=""#, "\"")
        #expect(url.hasPrefix("http://localhost:8080/feeds/") && url.hasSuffix(".ics"))
        return String(url.dropFirst("http://localhost:8080/feeds/".count).dropLast(4))
    }

    @Test("the download: text/calendar, attachment, month ends, 304 on its ETag, 400 on bad dates")
    func download() throws {
        let (app, database) = try makeTestApp()
        try Self.seedRent(database)
        var browser = TestBrowser(app: app)
        let response = browser.get("/calendar/export.ics?from=2026-11-21&to=2027-04-30")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/calendar; charset=utf-8")
        #expect(response.headers["Content-Disposition"]?.hasPrefix("attachment; filename=") == true)
        let text = response.text
        for day in ["20261130", "20261231", "20270131", "20270228", "20270331", "20270430"] {
            #expect(text.contains("DTSTART;VALUE=DATE:\(day)\r\n"))
        }
        #expect(!text.contains("DTSTART;VALUE=DATE:20270301"))
        #expect(text.contains("SUMMARY:Rent −$1\\,500.00\r\n"))
        let tag = try #require(response.headers["ETag"])
        let again = browser.send("GET", "/calendar/export.ics?from=2026-11-21&to=2027-04-30", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        // Default window: today … today + 90 days.
        let defaults = browser.get("/calendar/export.ics").text
        #expect(defaults.contains("DTSTART;VALUE=DATE:20261130") && defaults.contains("DTSTART;VALUE=DATE:20270131"))
        #expect(!defaults.contains("DTSTART;VALUE=DATE:20270228"))
        for bad in ["from=2026-02-30", "from=tomorrow", "from=2027-01-01&to=2026-12-31", "from=2026-01-01&to=2028-01-02"] {
            #expect(browser.get("/calendar/export.ics?" + bad).status == 400, "\(bad)")
        }
        #expect(browser.get("/calendar/export.ics?amounts=0").text.contains("SUMMARY:Rent\r\n"))
    }

    @Test("an edit of the amount changes the ETag and keeps the UIDs")
    func editKeepsUIDs() throws {
        let (app, database) = try makeTestApp()
        let id = try Self.seedRent(database)
        var browser = TestBrowser(app: app)
        let before = browser.get("/calendar/export.ics")
        _ = try database.updateRecurring(id: id, NewRecurringItem(kind: .expense, name: "Rent (new lease)", amount: cents(1_650_00),
                                                                  periodicity: .monthly, start: date("2026-10-31"), category: "housing"),
                                         formToken: Tokens.random())
        let after = browser.send("GET", "/calendar/export.ics", headers: [("If-None-Match", before.headers["ETag"]!)])
        #expect(after.status == 200)
        func uids(_ text: String) -> [Substring] { text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") } }
        #expect(uids(before.text) == uids(after.text))
        #expect(uids(before.text).count == 3)
        #expect(after.text.contains("Rent (new lease) −$1\\,650.00"))
    }

    @Test("a feed: created in Settings, read without a session, hashed at rest, 304, revoked → 404")
    func feedLifecycle() throws {
        let (app, database) = try makeTestApp()
        try Self.seedRent(database)
        var browser = TestBrowser(app: app)
        let token = try Self.createFeed(&browser, [("daily", "1"), ("dailyTime", "21:30"), ("alarmTime", "09:00")])
        #expect(token.utf8.count == 43)
        // Hashed at rest: no column of any table holds the token.
        let stored = try database.exportTables()
        let dump = stored.flatMap(\.rows).flatMap { $0 }.map { "\($0)" }.joined(separator: " ")
        #expect(!dump.contains(token))
        let feedTable = try #require(stored.first { $0.name == "calendarFeed" })
        #expect(feedTable.rows.count == 1)
        #expect(dump.contains(FeedTokens.hash(token)))
        // Read by a calendar with no cookies at all.
        var calendar = TestBrowser(app: app)
        let feed = calendar.get("/feeds/\(token).ics")
        #expect(feed.status == 200)
        #expect(feed.headers["Content-Type"] == "text/calendar; charset=utf-8")
        #expect(feed.text.contains("SUMMARY:Rent\r\n"), "amounts hidden: the box was not ticked")
        #expect(feed.text.contains("UID:daily-20261121@finmind"))
        #expect(feed.text.contains("TRIGGER;RELATED=START:PT21H30M"))
        #expect(feed.text.contains("DTSTART;VALUE=DATE:20261031"), "31 days back")
        #expect(calendar.send("GET", "/feeds/\(token).ics", headers: [("If-None-Match", feed.headers["ETag"]!)]).status == 304)
        // Listed with its fetch, without the address.
        let page = browser.get("/settings/calendar-feeds").text
        #expect(!page.contains(token))
        #expect(page.contains("daily reminder at 21:30"))
        #expect(!page.contains("last fetched never"))
        // Revoked: 404.
        let feeds = try database.calendarFeeds()
        let revoke = try browser.submit("/settings/calendar-feeds", to: "/settings/calendar-feeds/\(feeds[0].id)/revoke", [])
        #expect(revoke.status == 303)
        #expect(calendar.get("/feeds/\(token).ics").status == 404)
        #expect(try database.calendarFeeds().isEmpty)
        // Unknown and malformed tokens.
        #expect(calendar.get("/feeds/" + String(repeating: "A", count: 43) + ".ics").status == 404)
        #expect(calendar.get("/feeds/short.ics").status == 404)
    }

    @Test("export carries the hash, import brings the feed back, delete-all revokes it")
    func exportImportDelete() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try Self.createFeed(&browser)
        let tables = try database.exportTables()
        let feed = try #require(tables.first { $0.name == "calendarFeed" })
        #expect(feed.columns.contains("tokenHash"))
        let imported = tables.map { table in
            BackupTable(name: table.name, rows: table.rows.map { row in
                Array(zip(table.columns, row.map { value -> BackupValue in
                    switch value {
                    case .null: .null
                    case .integer(let n): .integer(n)
                    case .text(let s): .string(s)
                    case .blob: .other("blob")
                    }
                }))
            })
        }
        _ = try database.deleteAllData(formToken: Tokens.random())
        #expect(try database.calendarFeeds().isEmpty)
        #expect(browser.get("/feeds/\(token).ics").status == 404)
        _ = try database.restoreHousehold(imported, replacing: true, formToken: Tokens.random())
        #expect(try database.calendarFeeds().count == 1)
        #expect(browser.get("/feeds/\(token).ics").status == 200)
    }

    @Test("a bad time is 422 with the input kept; nothing is created")
    func badTime() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/settings/calendar-feeds", to: "/settings/calendar-feeds",
                                          [("daily", "1"), ("dailyTime", "25:00"), ("alarmTime", "09:00")])
        #expect(response.status == 422)
        #expect(response.text.contains(#"value="25:00""#))
        #expect(response.text.contains("Enter a time as HH:MM"))
        #expect(try database.calendarFeeds().isEmpty)
        #expect(App.minutes("9:05") == 545 && App.minutes("23:59") == 1439 && App.minutes("24:00") == nil && App.minutes("9:5") == nil)
    }

    @Test("with the household passcode: the feed opens without a session, and its token opens nothing else")
    func tokenOpensOnlyTheFeed() throws {
        let (app, database) = try makeAuthApp()
        try Self.seedRent(database)
        var owner = AuthBrowser(app: app)
        #expect(owner.setPasscode("household passcode").status == 303)
        let page = owner.get("/settings/calendar-feeds")
        #expect(page.status == 200)
        let form = HTML.between(page.text, #"name="_form" value=""#, "\"")
        let csrf = HTML.between(page.text, #"name="_csrf" value=""#, "\"")
        let created = owner.post("/settings/calendar-feeds", [("includeAmounts", "1"), ("_form", form)], csrf: csrf)
        #expect(created.status == 200)
        let url = HTML.between(created.text, #"id="feed-url" value=""#, "\"")
        #expect(url.hasPrefix("http://192.168.1.20:8080/feeds/"))
        let token = String(url.dropFirst("http://192.168.1.20:8080/feeds/".count).dropLast(4))
        var stranger = AuthBrowser(app: app, address: "192.168.1.40")
        #expect(stranger.get("/feeds/\(token).ics").status == 200)
        for path in ["/data", "/calendar/export.ics", "/api/v1/export", "/settings/calendar-feeds", "/data?token=\(token)"] {
            let response = stranger.get(path)
            #expect(response.status == 303 || response.status == 401, "\(path)")
            #expect(!response.text.contains("BEGIN:VCALENDAR"))
        }
        let withCookie = stranger.send("GET", "/data", headers: [("Cookie", "fm_session=\(token)"), ("Authorization", "Bearer \(token)")])
        #expect(withCookie.status == 303)
        #expect(stranger.send("GET", "/api/v1/budget", headers: [("Authorization", "Bearer \(token)")]).status == 401)
    }

    @Test("a new feed's address is the home-network one while sharing is on (this computer's beside it), in a read-only box with a Copy button for JS; off, it says a phone cannot use 127.0.0.1")
    func feedAddressForAPhone() throws {
        // Sharing off: the address this browser used, and why a phone cannot open it
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let off = try browser.submit("/settings/calendar-feeds", to: "/settings/calendar-feeds", [("includeAmounts", "1")])
        #expect(off.status == 200)
        #expect(HTML.between(off.text, #"id="feed-url" value=""#, "\"").hasPrefix("http://localhost:8080/feeds/"))
        #expect(off.text.contains("a phone cannot open it"))
        #expect(off.text.contains("readonly") && off.text.contains("data-copy=\"feed-url\"") && off.text.contains(" hidden>Copy</button>"))
        #expect(off.text.contains("/static/copy.js?v="))
        // Sharing on: the home-network address first, webcal on the same host, this computer's in the note
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped"])
        try database.setPasscodeHash(PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)).hash("kitchen table"))
        let shared = try makeHomeNetworkApp(database, FakeHomeNetworkListener())
        try shared.configuration.homeNetwork.turnOn()
        var laptop = AuthBrowser(app: shared, address: "127.0.0.1")
        #expect(laptop.signIn("kitchen table").status == 303)
        let form = laptop.get("/settings/calendar-feeds").text
        let on = laptop.post("/settings/calendar-feeds", [("includeAmounts", "1"), ("_form", HTML.between(form, #"name="_form" value=""#, "\""))],
                             page: "/settings/calendar-feeds")
        #expect(on.status == 200)
        let url = HTML.between(on.text, #"id="feed-url" value=""#, "\"")
        #expect(url.hasPrefix("http://127.0.0.2:8080/feeds/") && url.hasSuffix(".ics"), "\(url)")
        #expect(on.text.contains("href=\"webcal://127.0.0.2:8080/feeds/"))
        #expect(on.text.contains("for your phone (home network)") && on.text.contains("On this computer: http://192.168.1.20:8080/feeds/"))
        #expect(!on.text.contains("a phone cannot open it"))
        #expect(FeedsPageTests.staticCopyScriptSelects())
    }

    /// The copy script only reveals its button where the Clipboard API exists and copies the box's value.
    static func staticCopyScriptSelects() -> Bool {
        let script = (try? String(contentsOfFile: repositoryRoot + "/Public/copy.js", encoding: .utf8)) ?? ""
        return script.contains("navigator.clipboard") && script.contains("button.hidden = false") && script.contains(".select()")
    }

    @Test("the Calendar page links to the download and the feeds; Settings lists the section")
    func links() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let calendar = browser.get("/calendar").text
        #expect(calendar.contains(#"href="/calendar/export.ics""#) && calendar.contains(#"href="/settings/calendar-feeds""#))
        let settings = browser.get("/settings").text
        #expect(settings.contains(#"href="/settings/calendar-feeds""#))
        let ru = browser.get("/settings/calendar-feeds?lang=ru").text
        #expect(ru.contains("Google") && ru.contains("DAVx⁵"))
        #expect(browser.get("/settings/calendar-feeds").text.contains("Google Calendar"))
    }
}
