import Foundation
import HTTPCore
import Logging
import Testing
import TestSupport
@testable import Storage
@testable import Web

// The Settings page's home-network switch (Sources/Web/Features/Settings/HomeNetworkPage.swift).

/// An app on loopback whose home-network switch drives `listener` over the address 127.0.0.2.
func makeHomeNetworkApp(_ database: AppDatabase, _ listener: FakeHomeNetworkListener) throws -> App {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let configuration = WebConfiguration(
        templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
        allowedHosts: AllowedHosts(["192.168.1.20"]), timeZone: TimeZone(identifier: "UTC")!, pinnedToday: "2026-11-21",
        homeNetwork: HomeNetwork(listener: listener, addresses: { ["127.0.0.2"] }))
    return try App(configuration: configuration, database: database, logger: logger,
                   passcodeHasher: PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)))
}

@Suite("Home network: the Settings switch")
struct HomeNetworkPageTests {
    @Test("on needs a passcode; then the listener starts on the LAN address, which joins the Host list, and everyone signs in")
    func switchFlow() throws {
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped"])
        let listener = FakeHomeNetworkListener()
        let app = try makeHomeNetworkApp(database, listener)
        var browser = AuthBrowser(app: app, address: "127.0.0.1")
        func viaLAN(_ path: String) -> Response {
            app.respond(to: Request(method: "GET", target: path, headers: HTTPHeaders([("Host", "127.0.0.2:8080")]),
                                    clientAddress: "127.0.0.2"))
        }

        // Without a passcode the page sends to /passcode, and a forged "on" changes nothing.
        let first = browser.get("/settings/home-network").text
        #expect(first.contains("href=\"/passcode?back=/settings/home-network\"") && !first.contains("value=\"on\""))
        let refused = browser.post("/settings/home-network", [("switch", "on"), ("_form", Tokens.random(bytes: 16))],
                                   page: "/settings/home-network")
        #expect(refused.status == 422 && refused.text.contains("Set a household passcode first."), "\(refused.status) \(refused.headers["Location"] ?? "")")
        #expect(listener.starts.isEmpty && viaLAN("/healthz").status == 421)

        // With a passcode: on → the listener starts, the choice is stored, this browser is sent to sign in.
        #expect(browser.setPasscode("kitchen table").status == 303)
        browser.cookies["fm_session"] = nil
        #expect(browser.get("/data").status == 200, "still loopback only: no sign-in yet")
        let on = try turn("on", &browser)
        #expect(on.status == 303 && on.headers["Location"] == "/login?next=%2Fsettings%2Fhome-network")
        #expect(listener.starts == [["127.0.0.2"]])
        #expect(try database.settings()["homeNetwork"] == "on")
        #expect(viaLAN("/healthz").status == 200, "the LAN address is an allowed Host now")
        #expect(viaLAN("/data").headers["Location"]?.hasPrefix("/login") == true, "the LAN needs the passcode")
        #expect(browser.get("/data").headers["Location"]?.hasPrefix("/login") == true, "so does this computer")

        // Signed in, the page shows the address and its QR code.
        #expect(browser.signIn("kitchen table", next: "/settings/home-network").status == 303)
        let shown = browser.get("/settings/home-network").text
        #expect(shown.contains("http://127.0.0.2:8080/") && shown.contains("src=\"data:image/svg+xml;base64,"))
        #expect(browser.get("/settings").text.contains("On: http://127.0.0.2:8080/"))

        // Off stops the listener; the LAN address is refused again; sign-in is no longer needed.
        let off = try turn("off", &browser)
        #expect(off.status == 303 && listener.stopCount == 1)
        #expect(try database.settings()["homeNetwork"] == "off")
        #expect(viaLAN("/healthz").status == 421)
        browser.cookies["fm_session"] = nil
        #expect(browser.get("/data").status == 200)
    }

    @Test("the switch survives a restart: a new app over a database that says on listens again")
    func restoredAtStart() throws {
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped", "homeNetwork": "on"])
        let idle = FakeHomeNetworkListener()
        #expect(try makeHomeNetworkApp(database, idle).syncHomeNetwork().isEmpty, "no passcode: stays off")
        #expect(idle.starts.isEmpty)
        try database.setPasscodeHash(PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)).hash("kitchen table"))
        let listener = FakeHomeNetworkListener()
        let app = try makeHomeNetworkApp(database, listener)
        #expect(app.syncHomeNetwork() == ["http://127.0.0.2:8080/"])
        #expect(listener.starts == [["127.0.0.2"]])
        // Deleting all data resets the switch, so the listener stops.
        var browser = AuthBrowser(app: app, address: "127.0.0.1")
        #expect(browser.signIn("kitchen table").status == 303)
        let page = browser.get("/settings/data").text
        let deleted = browser.post("/settings/data/delete", [("confirmDelete", "DELETE"),
                                                             ("_form", HTML.between(page, #"name="_form" value=""#, "\""))],
                                   page: "/settings/data")
        #expect(deleted.status == 303 && listener.stopCount == 1)
    }

    @Test("a listener that cannot bind leaves it off with a message; without any listener the page says so")
    func failures() throws {
        let database = try AppDatabase.inMemory()
        try database.saveSettings(["onboarding": "skipped"])
        try database.setPasscodeHash(PasscodeHasher(cost: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)).hash("kitchen table"))
        let listener = FakeHomeNetworkListener()
        listener.refuse = true
        var browser = AuthBrowser(app: try makeHomeNetworkApp(database, listener), address: "127.0.0.1")
        let refused = try turn("on", &browser)
        #expect(refused.status == 422 && refused.text.contains("could not open itself to the home network"))
        let junk = browser.post("/settings/home-network", [("switch", "maybe"), ("_form", Tokens.random(bytes: 16))],
                                page: "/settings/home-network")
        #expect(junk.status == 422 && listener.starts.isEmpty)
        #expect(try database.settings()["homeNetwork"] == nil)
        let (plain, _) = try makeTestApp()
        var other = TestBrowser(app: plain)
        #expect(other.get("/settings/home-network").text.contains("cannot open itself to the home network"))
    }

    /// Presses "Turn on" or "Turn off" on the page.
    private func turn(_ state: String, _ browser: inout AuthBrowser) throws -> Response {
        let page = browser.get("/settings/home-network").text
        try #require(page.contains("name=\"switch\" value=\"\(state)\""), "no \(state) button")
        let form = HTML.between(page, #"name="_form" value=""#, "\"")
        return browser.post("/settings/home-network", [("switch", state), ("_form", form)], page: "/settings/home-network")
    }
}
