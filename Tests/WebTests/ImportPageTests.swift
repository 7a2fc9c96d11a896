import Engine
import Foundation
import GRDB
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

/// An account made with plain SQL (the accounts pages are another helper's).
private func seedAccount(_ database: AppDatabase, name: String = "Card") throws -> Int64 {
    try database.write { db in
        try db.execute(sql: """
            INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
            VALUES (:name, 'card', 'USD', 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
            """, arguments: ["name": name])
        return db.lastInsertedRowID
    }
}

func csv(_ lines: [String], header: String = "Date,Amount,Payee") -> [UInt8] {
    Array(([header] + lines).joined(separator: "\n").utf8)
}

private extension AppDatabase {
    func count(_ table: String, _ condition: String = "1") throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)") ?? 0 }
    }
}

extension TestBrowser {
    /// Uploads `bytes` as a statement into `account` from /import.
    mutating func uploadStatement(_ bytes: [UInt8], account: Int64, filename: String = "statement.csv") throws -> Response {
        try upload("/import", to: "/import", fields: [("account", String(account))],
                   file: (name: "file", filename: filename, type: "text/csv", bytes: bytes))
    }

    /// Commits the preview at `preview` with its checked defaults.
    mutating func commit(_ preview: String) throws -> Response {
        let page = get(preview)
        try #require(page.status == 200)
        let form = try #require(HTML.form(in: page.text, action: preview + "/choices"))
        return post(preview + "/commit", form.hidden + checkedRows(page.text), formToken: form.token)
    }

    /// What a browser posts for the ticked row checkboxes of a preview page.
    func checkedRows(_ html: String) -> [(String, String)] {
        html.components(separatedBy: "<input type=\"checkbox\" name=\"").dropFirst().compactMap { rest in
            let name = String(rest.prefix { $0 != "\"" })
            return rest.prefix(60).contains("value=\"import\" checked") ? (name, "import") : nil
        }
    }
}

@Suite("Statement import pages")
struct ImportPageTests {
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

    @Test("upload → preview (nothing written) → commit equals the preview → the same file again adds nothing → undo")
    func journey() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let index = browser.get("/import")
        #expect(index.status == 200 && index.text.contains("name=\"account\"") && index.text.contains(">Card<"))
        let file = csv(["2026-11-01,-65.00,Tram", "2026-11-01,-65.00,Tram", "2026-11-02,-12.50,Pyaterochka", "2026-11-03,1000.00,Salary",
                        "not-a-date,5,Oops"])
        let uploaded = try browser.uploadStatement(file, account: account)
        #expect(uploaded.status == 303)
        let preview = try #require(uploaded.headers["Location"])
        #expect(try database.count("entry") == 0)
        let page = browser.get(preview)
        #expect(page.status == 200)
        #expect(page.text.contains(">New</a></th><td class=\"num\" data-label=\"Count\">4</td>") && page.text.contains(">Errors</a></th><td class=\"num\" data-label=\"Count\">1</td>"))
        #expect(page.text.contains("Line 6"))
        #expect(page.text.contains("Import 4 rows"))
        #expect(try database.count("entry") == 0)

        let committed = try browser.commit(preview)
        #expect(committed.status == 303 && committed.headers["Location"] == "/transactions?account=\(account)")
        #expect(try database.count("entry") == 4)
        #expect(try database.count("entry", "importBatchID IS NOT NULL AND cleared = 1 AND accountID = \(account)") == 4)
        #expect(try database.count("entry", "category = 'food'") == 1)
        #expect(try database.eventCount(.statementImported) == 1)

        let again = try #require(try browser.uploadStatement(file, account: account).headers["Location"])
        let second = browser.get(again).text
        #expect(second.contains("This file was imported on"))
        #expect(second.contains(">Already imported</a></th><td class=\"num\" data-label=\"Count\">4</td>"))
        #expect(try browser.commit(again).status == 303)
        #expect(try database.count("entry") == 4)

        let batch = String(preview.split(separator: "/").last!)
        let list = browser.get("/import")
        let undoForm = try #require(HTML.form(in: list.text, action: "/import/\(batch)/undo"))
        let undone = browser.post(undoForm.action, [], formToken: undoForm.token)
        #expect(undone.status == 303)
        #expect(try database.count("entry") == 0)
        #expect(try database.eventCount(.importUndone) == 1)
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

    @Test("junk, a ZIP, an empty file, no file or no account: 422 with a message by the field, nothing written")
    func badFiles() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let cases: [([UInt8], String)] = [
            ([0x00, 0x01, 0x02, 0xFF, 0xFE, 0x00, 0x10], "binary file"),
            ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00], "ZIP archive"),
            (Array("just some words\nand more".utf8), "could not be read"),
            (csv([]), "no transactions"),
        ]
        for (bytes, message) in cases {
            let response = try browser.uploadStatement(bytes, account: account)
            #expect(response.status == 422)
            #expect(response.text.contains(message), "\(message)")
            #expect(response.text.contains("id=\"error-file\""))
        }
        let noAccount = try browser.upload("/import", to: "/import", fields: [("account", "999")],
                                           file: (name: "file", filename: "s.csv", type: "text/csv", bytes: csv(["2026-11-01,-1.00,X"])))
        #expect(noAccount.status == 422 && noAccount.text.contains("Choose an account."))
        #expect(try database.count("importBatch") == 0)
        #expect(try database.count("entry") == 0)
    }

    @Test("the upload accepts 50 MB; over that the app's 413 page answers")
    func sizeLimit() throws {
        let (app, _) = try makeTestApp()
        #expect(app.bodyLimit(method: "POST", path: "/import") == 50 * 1024 * 1024)
        #expect(app.bodyLimit(method: "POST", path: "/import/1/commit") == 64 * 1024)
        #expect(app.runsLong(Request(method: "POST", target: "/import", headers: HTTPHeaders([]), body: [])))
        let response = app.tooLarge(Request(method: "POST", target: "/import", headers: HTTPHeaders([("Host", "localhost:8080")]), body: []))
        #expect(response.status == 413)
    }

    @Test("payee text is escaped in the preview, and formulas stay escaped in the CSV export")
    func escaping() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let preview = try #require(try browser.uploadStatement(csv(["2026-11-01,-1.00,<script>alert(1)</script>", "2026-11-02,-2.00,=HYPERLINK(1)",
                                                                      "2026-11-03,-3.00,@SUM(A1)", "2026-11-04,-4.00,+1+1"]), account: account).headers["Location"])
        let page = browser.get(preview).text
        #expect(!page.contains("<script>alert(1)</script>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(try browser.commit(preview).status == 303)
        let entries = try #require(try database.exportTables().first { $0.name == "entry" })
        let text = String(decoding: CSVExport.csv(entries), as: UTF8.self)
        #expect(text.contains(",'=HYPERLINK(1),") && text.contains(",'@SUM(A1),") && text.contains(",'+1+1,"))
        #expect(!text.contains(",=HYPERLINK") && !text.contains(",@SUM") && !text.contains(",+1+1"))
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

    @Test("export → delete all → import of the export keeps the import tables: the same statement still adds nothing")
    func exportRoundTrip() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let file = csv(["2026-11-01,-65.00,Tram", "2026-11-01,-65.00,Tram", "2026-11-02,-12.50,Shop"])
        let preview = try #require(try browser.uploadStatement(file, account: account).headers["Location"])
        #expect(try browser.commit(preview).status == 303)
        let counts = try ["importBatch", "importRow", "importKey", "importProfile", "entry"].map { try database.count($0) }
        let export = browser.get("/api/v1/export").text
        #expect(export.contains("\"importKey\"") && export.contains("\"importRow\""))
        #expect(try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")]).status == 303)
        #expect(try database.count("importKey") == 0 && database.count("importBatch") == 0 && database.count("account") == 0)
        let imported = try browser.upload("/settings/data", to: "/settings/data/import",
                                          file: ("file", "export.json", "application/json", Array(export.utf8)))
        #expect(imported.status == 303, "\(imported.text.prefix(2000))")
        #expect(try ["importBatch", "importRow", "importKey", "importProfile", "entry"].map { try database.count($0) } == counts)
        let again = try #require(try browser.uploadStatement(file, account: account).headers["Location"])
        #expect(try browser.commit(again).status == 303)
        #expect(try database.count("entry") == 3)
    }

    @Test("a 130-row statement: the summary first, 50 rows a page, filters, Import at the top and the bottom; committing page 1 imports all")
    func bigStatementPreview() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        var lines = (1...128).map { "2026-10-\(String(format: "%02d", ($0 - 1) % 28 + 1)),-\($0).25,Shop \($0)" }
        lines += ["2026-10-05,0,Nothing", "not-a-date,5,Oops"]
        let preview = try #require(try browser.uploadStatement(csv(lines), account: account).headers["Location"])
        let page = browser.get(preview)
        let summary = try #require(page.text.range(of: "import-summary")), rows = try #require(page.text.range(of: "import-rows"))
        #expect(summary.lowerBound < rows.lowerBound, "the summary comes before the rows")
        #expect(page.text.contains(">New</a></th><td class=\"num\" data-label=\"Count\">128</td>") && page.text.contains("page 1 of 3"))
        #expect(page.text.components(separatedBy: "formaction=\"\(preview)/commit\"").count - 1 == 2, "Import at the top and the bottom")
        #expect(page.text.components(separatedBy: "name=\"row-").count - 1 == 50)
        let errors = browser.get(preview + "?show=error")
        #expect(errors.text.contains("page 1 of 1") && errors.text.contains("is not a date") && !errors.text.contains("Shop 1<"))
        let form = try #require(HTML.form(in: page.text, action: preview + "/choices"))
        for (name, value) in form.hidden { #expect(value.utf8.count <= 64, "hidden \(name) is \(value.utf8.count) bytes") }
        #expect(try browser.commit(preview).status == 303)
        #expect(try database.count("entry") == 128)
    }

    @Test("a T-Bank export: a FAILED row is skipped with the bank's word, MCCs categorise, rows before the account opened are flagged")
    func tbankExport() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        try database.write { db in try db.execute(sql: "UPDATE account SET openedOn = '2026-05-06', currency = 'RUB' WHERE id = ?", arguments: [account]) }
        var browser = TestBrowser(app: app)
        let text = "Дата операции;Дата платежа;Номер карты;Статус;Сумма операции;Валюта операции;Сумма платежа;Валюта платежа;Кэшбэк;Категория;MCC;Описание\n"
            + "05.05.2026 12:00:00;05.05.2026;*1;OK;-500,00;RUB;-500,00;RUB;;Рестораны;5812;TANUKI\n"
            + "06.05.2026 12:00:00;06.05.2026;*1;FAILED;-90,00;RUB;-90,00;RUB;;Фастфуд;5814;KOFE KHAUS\n"
            + "07.05.2026 12:00:00;07.05.2026;*1;OK;-90,00;RUB;-90,00;RUB;;Фастфуд;5814;KOFE KHAUS\n"
        let preview = try #require(try browser.uploadStatement(Array(text.utf8), account: account).headers["Location"])
        let page = browser.get(preview).text
        #expect(page.contains("Recognised as: T-Bank"))
        #expect(page.contains(">Skipped by the bank</a></th><td class=\"num\" data-label=\"Count\">1</td>"))
        #expect(page.contains("FAILED") && page.contains("it did not happen"))
        #expect(page.contains("before-opening") && page.contains("1 rows are dated before the account was opened"))
        #expect(try browser.commit(preview).status == 303)
        #expect(try database.count("entry") == 2)
        #expect(try database.count("entry", "category = 'food'") == 2)
    }

    @Test("a payee rule made from a preview row names and files the next import's rows")
    func payeeRuleFromPreview() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let first = try #require(try browser.uploadStatement(csv(["2026-11-01,-299.00,YANDEX*PLUS 123"]), account: account).headers["Location"])
        let page = browser.get(first).text
        let link = try #require(page.components(separatedBy: "class=\"rule-link\" href=\"").dropFirst().first?.prefix { $0 != "\"" })
        let href = String(link).replacingOccurrences(of: "&amp;", with: "&")
        #expect(href.hasPrefix("/import/rules/new?contains=yandex%20plus"))
        let form = browser.get(href)
        #expect(form.status == 200 && form.text.contains("value=\"yandex plus\""))
        let ruleForm = try #require(HTML.form(in: form.text, action: "/import/rules"))
        let saved = browser.post("/import/rules", ruleForm.hidden + [("contains", "yandex plus"), ("name", "Яндекс Плюс"), ("category", "subscriptions")],
                                 formToken: ruleForm.token)
        #expect(saved.status == 303 && saved.headers["Location"]?.hasPrefix(first) == true)
        let again = try #require(HTML.form(in: browser.get("/import/rules").text, action: "/import/rules"))
        let duplicate = browser.post("/import/rules", again.hidden + [("contains", "YANDEX  PLUS"), ("category", "food")], formToken: again.token)
        #expect(duplicate.status == 422 && duplicate.text.contains("There is already a rule for this text."))
        let second = try #require(try browser.uploadStatement(csv(["2026-11-02,-299.00,YANDEX*PLUS 456"]), account: account).headers["Location"])
        #expect(try browser.commit(second).status == 303)
        #expect(try database.count("entry", "name = 'Яндекс Плюс' AND category = 'subscriptions'") == 1)
        // The ledger offers the same one click on an imported entry.
        #expect(browser.get("/transactions").text.contains("href=\"/import/rules/new?contains=yandex%20plus&amp;category=subscriptions&amp;back=%2Ftransactions\""))
    }

    @Test("“Create an account” on /import returns to the import with the new account chosen")
    func createAccountDetour() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let index = browser.get("/import").text
        #expect(index.contains("href=\"/accounts/new?then=import\""))
        let form = browser.get("/accounts/new?then=import")
        #expect(form.text.contains("name=\"then\" value=\"import\""))
        let accountForm = try #require(HTML.form(in: form.text, action: "/accounts"))
        let created = browser.post("/accounts", accountForm.hidden + [("name", "Tinkoff"), ("type", "card"), ("openingBalance", "0"),
                                                                      ("openedOn", "2026-01-01")], formToken: accountForm.token)
        let id = try #require(try database.accounts().first?.id)
        #expect(created.status == 303 && created.headers["Location"] == "/import?account=\(id)")
        #expect(browser.get("/import?account=\(id)").text.contains("<option value=\"\(id)\" selected>Tinkoff</option>"))
    }

    @Test("a card repayment already recorded on the card: the checking statement's preview says its row looks like a transfer, and after the commit the ledger offers to link the pair")
    func previewNamesTransfers() throws {
        let (app, database) = try makeTestApp()
        // The card's side is recorded; the checking side arrives in the statement.
        let checking = try seedAccount(database, name: "Checking")
        guard case .written(let card) = try database.addAccount(NewAccount(name: "Visa", type: .card, openingBalance: cents(-500_00),
                                                                           openedOn: date("2026-01-01"), spendable: true, currency: "USD"),
                                                                formToken: Tokens.random()) else { throw AppError(.malformed) }
        _ = try TransactionsPageTests.insert(database, "2026-11-04", "PAYMENT THANK YOU", 500_00, income: true, account: card.rawValue)
        var browser = TestBrowser(app: app)
        let uploaded = try browser.uploadStatement(csv(["2026-11-03,-500.00,VISA CARD PAYMENT", "2026-11-05,-42.10,TANUKI"]), account: checking)
        let preview = try #require(uploaded.headers["Location"])
        let page = HTML.unescape(browser.get(preview).text)
        #expect(page.contains("1 row ($500.00) looks like money moved to or from another of your accounts"))
        #expect(try browser.commit(preview).status == 303)
        let ledger = HTML.unescape(browser.get("/transactions").text)
        #expect(ledger.contains("Possible transfers") && ledger.contains("(“VISA CARD PAYMENT”") && ledger.contains("to Visa (“PAYMENT THANK YOU”"))
    }
}
