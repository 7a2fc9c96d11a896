import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The feeds' extra events: this month's checklist steps and the Challenge reminder (today 2026-11-21).
@Suite("Calendar feeds: checklist steps and the Challenge reminder")
struct FeedsSourcesTests {
    @Test("a checklist step not done is an event on its due date; once done it leaves the feed")
    func checklistSteps() throws {
        let (app, database) = try makeTestApp()
        try TodayPageTests.seed(database)
        var browser = TestBrowser(app: app)
        let text = browser.get("/calendar/export.ics?from=2026-11-01&to=2026-12-31").text
        let uids = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:checklist-2026-11-") }
        #expect(!uids.isEmpty, "the month's steps are in the download")
        #expect(!text.contains("UID:checklist-2026-12-"), "only the current month's checklist")
        // Mark the first step done on Today: it leaves the feed.
        let key = String(try #require(uids.first).dropFirst("UID:checklist-2026-11-".count).dropLast("@finmind".count))
        let token = try browser.formToken(on: "/today", action: "/today/checklist/\(key)/done")
        #expect(browser.post("/today/checklist/\(key)/done", [("back", "/today")], formToken: token).status == 303)
        let after = browser.get("/calendar/export.ics?from=2026-11-01&to=2026-12-31").text
        #expect(!after.contains("UID:checklist-2026-11-\(key)@finmind"))
    }

    @Test("the Challenge reminder: none before the game starts; daily with an alarm at the reminder time once it has; none when games are hidden")
    func challengeReminder() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(!browser.get("/calendar/export.ics").text.contains("UID:challenge-"))
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Coffee"), ("amount", "3.00")])
        let text = browser.get("/calendar/export.ics?from=2026-11-20&to=2027-02-01").text
        #expect(!text.contains("UID:challenge-2026-11-20@finmind"), "not before today")
        #expect(text.contains("UID:challenge-2026-11-21@finmind") && text.contains("UID:challenge-2026-12-20@finmind"))
        #expect(!text.contains("UID:challenge-2026-12-21@finmind"), "30 days ahead at most")
        #expect(text.contains("TRIGGER;RELATED=START:PT14H15M") || text.contains("TRIGGER:PT14H15M"), "the alarm at 14:15")
        try database.saveSettings([ChallengeKey.hidden: "on"])
        #expect(!browser.get("/calendar/export.ics").text.contains("UID:challenge-"))
    }
}

@Suite("Today: the Challenge block")
struct TodayGameBlockTests {
    @Test("Today links the Challenge and the achievements; with the game started and today unsaved it shows the day's reminder; hidden games hide it")
    func gameBlock() throws {
        let (app, database) = try makeTestApp()
        try TodayPageTests.seed(database)
        var browser = TestBrowser(app: app)
        let before = browser.get("/today").text
        #expect(before.contains(#"href="/challenge""#) && before.contains(#"href="/achievements""#))
        _ = try browser.submit("/challenge", to: "/challenge/items", [("title", "Coffee"), ("amount", "3.00")])
        #expect(browser.get("/today").text.contains(#"id="game-reminder""#))
        try database.saveSettings([ChallengeKey.hidden: "on"])
        #expect(!browser.get("/today").text.contains(#"href="/challenge""#))
    }
}

@Suite("Calendar feeds: hidden amounts in the extra events")
struct FeedsSourcesHiddenAmountsTests {
    @Test("with amounts hidden, a checklist step names what to do but not how much")
    func hiddenAmounts() throws {
        let (app, database) = try makeTestApp()
        try TodayPageTests.seed(database)
        var browser = TestBrowser(app: app)
        let text = browser.get("/calendar/export.ics?from=2026-11-01&to=2026-11-30&amounts=0").text
        let summaries = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
        #expect(summaries.contains { $0.contains("emergency fund") || $0.contains("toward") })
        #expect(!summaries.contains { $0.contains("$") }, "\(summaries)")
    }
}
