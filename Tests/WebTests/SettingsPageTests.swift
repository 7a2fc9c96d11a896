import Engine
import Foundation
import HTTPCore
import Logging
import Testing
@testable import Storage
@testable import Web

@Suite("Settings page forms")
struct SettingsPageTests {
    @Test("every section renders, with links to feedback, privacy, data and the advisor's settings")
    func pageRenders() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        for language in ["en", "ru"] {
            browser.language = language
            let page = browser.get("/settings")
            #expect(page.status == 200)
            for anchor in ["id=\"profile\"", "id=\"share\"", "id=\"appearance\"", "id=\"language\"", "id=\"plan\"", "id=\"visibility\"",
                           "href=\"/advisor/settings\"", "href=\"/settings/feedback\"", "href=\"/settings/data\"", "href=\"/settings/privacy\""] {
                #expect(page.text.contains(anchor), "\(language) \(anchor)")
            }
        }
    }

    @Test("profile: a nickname is saved and shown; 41 characters are refused with the value kept")
    func profile() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/settings/profile", to: "/settings/profile", [("nickname", "Аня")])
        #expect(saved.status == 303)
        #expect(try database.settings()["profile.nickname"] == "Аня")
        #expect(try database.events().contains { $0.name == "settings_changed" && $0.properties.contains("profile.nickname") })
        let long = String(repeating: "x", count: 41)
        let refused = try browser.submit("/settings/profile", to: "/settings/profile", [("nickname", long)])
        #expect(refused.status == 422)
        #expect(refused.text.contains("value=\"\(long)\""))
        #expect(refused.text.contains("at most 40 characters"))
        #expect(try database.settings()["profile.nickname"] == "Аня")
    }

    @Test("appearance: the next page carries the theme and accent; a bad accent is refused")
    func appearance() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/settings/appearance", to: "/settings/appearance",
                                       [("theme", "dark"), ("accent", "purple"), ("newYear", "1")])
        let next = try browser.follow(saved)
        #expect(next.text.contains("data-theme=\"dark\" data-accent=\"purple\""))
        #expect(try database.settings()["newYearTheme"] == "on")
        let refused = try browser.submit("/settings/appearance", to: "/settings/appearance", [("theme", "neon"), ("accent", "gold")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("id=\"error-theme\""))
        #expect(try database.settings()["theme"] == "dark")
    }

    @Test("language and currency: the cookie lasts a year and the currency is stored; an unknown currency is refused")
    func language() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/settings/language", to: "/settings/language", [("language", "ru"), ("currency", "EUR")])
        #expect(saved.status == 303)
        #expect(saved.headers.values("Set-Cookie").contains { $0.hasPrefix("fm_lang=ru") && $0.contains("Max-Age=31536000") })
        #expect(try database.settings()["currency"] == "EUR")
        #expect(try browser.follow(saved).text.contains("<html lang=\"ru\""))
        let refused = try browser.submit("/settings/language", to: "/settings/language", [("language", "ru"), ("currency", "GBP")])
        #expect(refused.status == 422)
        #expect(try database.settings()["currency"] == "EUR")
    }

    @Test("plan: valid parameters are stored; shares summing to 99 and a horizon of 601 are refused with values kept")
    func plan() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let good = [("emergencyShare", "50"), ("debtShare", "30"), ("goalShare", "20"), ("emergencyMonths", "6"),
                    ("horizonMonths", "36"), ("strategy", "snowball")]
        #expect(try browser.submit("/settings/plan", to: "/settings/plan", good).status == 303)
        let plan = HouseholdSettings(try database.settings()).plan
        #expect(plan.emergencyShare == 50 && plan.debtShare == 30 && plan.goalShare == 20)
        #expect(plan.emergencyMonths == 6 && plan.horizonMonths == 36 && plan.strategy == .snowball)
        let bad = [("emergencyShare", "50"), ("debtShare", "29"), ("goalShare", "20"), ("emergencyMonths", "25"),
                   ("horizonMonths", "601"), ("strategy", "snowball")]
        let refused = try browser.submit("/settings/plan", to: "/settings/plan", bad)
        #expect(refused.status == 422)
        #expect(refused.text.contains("The shares sum to 99"))
        #expect(refused.text.contains("value=\"29\""))
        #expect(refused.text.contains("id=\"error-horizonMonths\""))
        #expect(refused.text.contains("id=\"error-emergencyMonths\""))
        #expect(HouseholdSettings(try database.settings()).plan.debtShare == 30)
    }

    @Test("visibility: unticked things are hidden; total income and expense have no toggle")
    func visibility() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let page = browser.get("/settings/visibility").text
        #expect(!page.contains("name=\"totalIncome\"") && !page.contains("name=\"totalExpense\""))
        let kept = HouseholdSettings.Hideable.allCases.filter { $0 != .debts && $0 != .plannedDaily }.map { ($0.rawValue, "1") }
        #expect(try browser.submit("/settings/visibility", to: "/settings/visibility", kept).status == 303)
        let settings = HouseholdSettings(try database.settings())
        #expect(settings.hides(.debts) && settings.hides(.plannedDaily) && !settings.hides(.incomes))
    }

    @Test("a double submit writes once")
    func doubleSubmit() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/settings/profile", action: "/settings/profile")
        _ = browser.post("/settings/profile", [("nickname", "One")], formToken: token)
        _ = browser.post("/settings/profile", [("nickname", "Two")], formToken: token)
        #expect(try database.settings()["profile.nickname"] == "One")
    }

    @Test("settings survive a restart: a new App over the same database file reads them back")
    func surviveRestart() throws {
        let folder = NSTemporaryDirectory() + "finmind-settings-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func open() throws -> App {
            let database = try AppDatabase(path: folder + "/db.sqlite")
            try database.saveSettings(["onboarding": "skipped"])
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            return try App(configuration: WebConfiguration(templatesDirectory: repositoryRoot + "/Templates",
                                                           publicDirectory: repositoryRoot + "/Public",
                                                           timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21"),
                           database: database, logger: logger)
        }
        var first = TestBrowser(app: try open())
        _ = try first.submit("/settings/appearance", to: "/settings/appearance", [("theme", "light"), ("accent", "red")])
        _ = try first.submit("/settings/plan", to: "/settings/plan", [("emergencyShare", "10"), ("debtShare", "10"), ("goalShare", "80"),
                                                                 ("emergencyMonths", "12"), ("horizonMonths", "120"), ("strategy", "avalanche")])
        var second = TestBrowser(app: try open())
        let page = second.get("/settings/plan").text
        #expect(page.contains("data-theme=\"light\" data-accent=\"red\""))
        #expect(page.contains("value=\"80\""))
    }
}

@Suite("Avatar upload")
struct AvatarTests {
    @Test("a PNG named .jpg is stored and served as PNG, with nosniff")
    func pngNamedJPEG() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.upload("/settings/profile", to: "/settings/avatar",
                                          file: ("avatar", "photo.jpg", "image/jpeg", Pictures.png))
        #expect(response.status == 303)
        #expect(try database.avatar()?.mediaType == "image/png")
        let image = browser.get("/settings/avatar")
        #expect(image.status == 200)
        #expect(image.headers["Content-Type"] == "image/png")
        #expect(image.headers["X-Content-Type-Options"] == "nosniff")
        #expect(image.body == Pictures.png)
        let etag = try #require(image.headers["ETag"])
        #expect(browser.send("GET", "/settings/avatar", headers: [("If-None-Match", etag)]).status == 304)
        #expect(try database.events().contains { $0.properties == "{\"key\":\"avatar\"}" })
    }

    @Test("a text file named .png is refused with 422 and nothing stored")
    func textNamedPNG() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.upload("/settings/profile", to: "/settings/avatar",
                                          file: ("avatar", "avatar.png", "image/png", Array("hello, not a picture".utf8)))
        #expect(response.status == 422)
        #expect(response.text.contains("not a PNG, JPEG or WebP"))
        #expect(try database.avatar() == nil)
    }

    @Test("over 2 MB is refused by content size; removing the picture works")
    func sizeAndRemove() throws {
        #expect(throws: AvatarImage.Problem.tooLarge) { try AvatarImage(Pictures.png + [UInt8](repeating: 0, count: 2 * 1024 * 1024)) }
        #expect(throws: AvatarImage.Problem.notAnImage) { try AvatarImage(Array("RIFF....WEBPjunk!".utf8)) }
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        _ = try browser.upload("/settings/profile", to: "/settings/avatar", file: ("avatar", "a.png", "image/png", Pictures.png))
        #expect(try browser.submit("/settings/profile", to: "/settings/avatar/delete", []).status == 303)
        #expect(try database.avatar() == nil)
        #expect(browser.get("/settings/avatar").status == 404)
    }
}
