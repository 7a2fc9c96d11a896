import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// After saving, the user lands on the view they came from with the message in view.
// Today is 2026-11-21.

@Suite("Back to the view after saving")
struct ReturnToViewTests {
    @Test("an October entry added from the Budget page's October view returns to October, with the flash")
    func octoberEntry() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let october = browser.get("/data?month=2026-10").text
        let link = "/data/entry/new?kind=expense&amp;date=2026-10-01&amp;back=%2Fdata%3Fmonth%3D2026-10%23entries"
        #expect(october.contains(#"href="\#(link)""#))
        let page = link.replacingOccurrences(of: "&amp;", with: "&")
        let response = try browser.submit(page, to: "/data/entry", [
            ("kind", "expense"), ("name", "Shoes"), ("amount", "80"), ("date", "2026-10-12"), ("category", "clothing"),
            ("status", "actual"), ("note", "")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/data?month=2026-10#entries")
        let next = try browser.follow(response).text
        #expect(next.contains(#"<div class="flash" id="flash" role="status" tabindex="-1"><p>Added “Shoes”.</p>"#))
        #expect(HTML.between(next, #"id="entries""#, "</section>").contains("Shoes"))
        #expect(try database.entryCount(from: date("2026-10-12"), through: date("2026-10-12")) == 1)
    }

    @Test("another year's view keeps its year")
    func otherYear() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let html = browser.get("/data?month=2025-03&year=2025").text
        #expect(html.contains("back=%2Fdata%3Fmonth%3D2025-03%26year%3D2025%23entries"))
    }

    @Test("an entry added without a way back lands on its own month's list")
    func entryWithoutBack() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = try browser.submit("/data/entry/new?kind=income", to: "/data/entry", [
            ("kind", "income"), ("name", "Gift"), ("amount", "50"), ("date", "2026-09-03"), ("status", "actual"), ("note", "")])
        #expect(response.headers["Location"] == "/data?month=2026-09#entries")
    }

    @Test("a plan-shares error is listed once in the summary")
    func sharesOnce() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let refused = try browser.submit("/settings/plan", to: "/settings/plan", [
            ("emergencyShare", "50"), ("debtShare", "29"), ("goalShare", "20"), ("emergencyMonths", "3"),
            ("horizonMonths", "24"), ("strategy", "avalanche")])
        #expect(refused.status == 422)
        let summary = HTML.between(refused.text, #"<div class="error-summary""#, "</div>")
        #expect(summary.components(separatedBy: "The shares sum to 99").count - 1 == 1)
        #expect(summary.contains(##"<a href="#field-emergencyShare">"##))
    }

    @Test("Settings saves land on the saved section, and the flash stays in view there")
    func settingsFlash() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let saved = try browser.submit("/settings/appearance", to: "/settings/appearance", [("theme", "dark"), ("accent", "blue")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/settings/appearance")
        let page = try browser.follow(saved).text
        #expect(page.contains(#"<main id="main" tabindex="-1">"# + "\n" + #"<div class="flash" id="flash" role="status" tabindex="-1">"#))
        // The flash is the first thing in <main> and sticks to the top of the window while
        // the page is scrolled to the section; anchors scroll clear of it.
        let css = try String(contentsOfFile: repositoryRoot + "/Public/app.css", encoding: .utf8)
        #expect(css.contains("main > .flash { position: sticky; top: 0.25rem;"))
        #expect(css.contains("html:has(main > .flash) { scroll-padding-top: 6rem; }"))
    }
}
