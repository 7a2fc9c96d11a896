import Engine
import Foundation
import Storage
import Testing
import TestSupport
@testable import Web

/// Tests Sources/Web/Features/Play/ChallengeFXFeed.swift: POST /challenge/fx saves or clears the feed's
/// address without fetching; a refresh without an address is refused by the field.
@Suite("Challenge FX feed")
struct ChallengeFXFeedTests {
    @Test("saving an address stores it and shows it on; saving an empty one turns the feed off; nothing is fetched")
    func saveAndTurnOff() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(browser.get("/challenge/settings").text.contains("Off: the rates change only when you edit them."))
        let saved = try browser.submit("/challenge/settings", to: "/challenge/fx", [("do", "save"), ("fx_url", "https://example.org/daily.xml")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/challenge/settings#fx-feed")
        #expect(try database.settings()[fxFeedURLKey] == "https://example.org/daily.xml")
        #expect(try database.settings()["fx.asOf"] == nil, "saving fetches nothing")
        let page = try browser.follow(saved).text
        #expect(page.contains("Feed address saved. Press “Refresh rates” to read it."))
        #expect(page.contains("On: “Refresh rates” reads"))
        let off = try browser.submit("/challenge/settings", to: "/challenge/fx", [("do", "save"), ("fx_url", "")])
        #expect(off.status == 303)
        #expect(try database.settings()[fxFeedURLKey] == "")
        #expect(try browser.follow(off).text.contains("Refreshing from a feed is off."))
    }

    @Test("a refresh with no address is a 422 by the field and stores nothing")
    func refreshNeedsAddress() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let refused = try browser.submit("/challenge/settings", to: "/challenge/fx", [("do", "refresh"), ("fx_url", "")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("Enter the feed&#39;s address first.") || refused.text.contains("Enter the feed's address first."))
        #expect(try database.settings()[fxFeedURLKey] == nil)
    }
}
