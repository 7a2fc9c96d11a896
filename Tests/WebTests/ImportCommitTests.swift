import Engine
import Foundation
import GRDB
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

/// Tests Sources/Web/Features/Import/ImportCommit.swift: the preview's forms, choices, re-read,
/// commit and cancel (its helpers are in ImportPageTests.swift).
@Suite("Statement import choices and commit")
struct ImportCommitTests {
    @Test("a 60-row statement commits through the form: the preview's hidden fields stay small (once a 59 KB dump, 413)")
    func aRealSizedStatementCommits() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let lines = (1...60).map { "2026-11-\(String(format: "%02d", ($0 - 1) % 20 + 1)),-\($0).25,Shop number \($0)" }
        let uploaded = try browser.uploadStatement(csv(lines), account: account)
        let preview = try #require(uploaded.headers["Location"])
        let page = browser.get(preview)
        let form = try #require(HTML.form(in: page.text, action: preview + "/choices"))
        for (name, value) in form.hidden { #expect(value.utf8.count <= 64, "hidden \(name) is \(value.utf8.count) bytes") }
        let committed = try browser.commit(preview)
        #expect(committed.status == 303)
        #expect(try database.count("entry") == 60)
    }

    @Test("unticking a row and choosing a category in the preview are what the commit writes")
    func choices() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let preview = try #require(try browser.uploadStatement(csv(["2026-11-01,-65.00,ACME", "2026-11-02,-10.00,Other"]), account: account)
            .headers["Location"])
        let page = browser.get(preview)
        #expect(page.text.contains("uncategorised"))
        let form = try #require(HTML.form(in: page.text, action: preview + "/choices"))
        let response = browser.post(preview + "/commit", form.hidden + [("row-0", "import"), ("cat-0", "health")], formToken: form.token)
        #expect(response.status == 303)
        #expect(try database.count("entry") == 1)
        #expect(try database.count("entry", "name = 'ACME' AND category = 'health'") == 1)
    }

    @Test("a typed entry is offered as a link, and 'import separately' keeps both")
    func linkChoice() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        _ = try database.seed(NewEntry(date: date("2026-11-02"), kind: .expense, name: "Coffee with Ann", amount: cents(25000),
                                       category: "food", isActual: true))
        var browser = TestBrowser(app: app)
        let preview = try #require(try browser.uploadStatement(csv(["2026-11-01,-250.00,COFFEE HOUSE"]), account: account).headers["Location"])
        let page = browser.get(preview).text
        #expect(page.contains("Matches your entry"))
        #expect(page.contains("Coffee with Ann"))
        #expect(page.contains("<option value=\"link\" selected>Link</option>"))
        let form = try #require(HTML.form(in: page, action: preview + "/choices"))
        #expect(browser.post(preview + "/commit", form.hidden + [("row-0", "import")], formToken: form.token).status == 303)
        #expect(try database.count("entry") == 2)
    }

    @Test("the encoding and date order can be overridden from the preview; cancel drops it")
    func rereadAndCancel() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let preview = try #require(try browser.uploadStatement(csv(["2026-11-01,-65.00,Tram"]), account: account).headers["Location"])
        let page = browser.get(preview).text
        #expect(page.contains("id=\"field-map-amount\"") && page.contains("<option value=\"2\" selected>Payee</option>"))
        let reread = try browser.submit(preview, to: preview + "/reread", [("encoding", "utf8"), ("dateOrder", "dayMonth"),
                                                                         ("map-date", "0"), ("map-amount", "1"), ("map-payee", "")])
        #expect(reread.status == 303)
        #expect(try database.importUpload(batchID: 1)?.encoding == .utf8)
        #expect(try database.importUpload(batchID: 1)?.mapping?.payee == nil)
        let noAmount = try browser.submit(preview, to: preview + "/reread", [("map-date", "0"), ("map-amount", "")])
        #expect(noAmount.status == 422)
        let cancel = try browser.submit(preview, to: preview + "/cancel", [])
        #expect(cancel.status == 303)
        #expect(try database.count("importBatch") == 0)
        #expect(browser.get(preview).status == 404)
    }
}
