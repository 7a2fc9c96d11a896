import Engine
import Foundation
import GRDB
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

/// Tests Sources/Web/Features/Import/ImportPreview.swift: the preview of a statement import (its
/// helpers, `seedAccount`, `csv` and `TestBrowser.uploadStatement`, are in ImportPageTests.swift).
@Suite("Statement import preview")
struct ImportPreviewTests {
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

    @Test("a refund in the preview: a badge, money back, its category; switched to income it imports as income; committed, the entry form edits it and an export restores it")
    func refundPreview() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database)
        var browser = TestBrowser(app: app)
        let file = csv(["2026-11-03,-60.00,WHOLEFDS MKT 10234", "2026-11-12,12.50,WHOLEFDS MKT 10234", "2026-11-16,25.99,AMAZON MARKETPLACE REFUND"])
        let preview = try #require(try browser.uploadStatement(file, account: account).headers["Location"])
        let page = HTML.unescape(browser.get(preview).text)
        #expect(page.components(separatedBy: "<span class=\"badge refund\">Refund</span>").count - 1 == 2)
        #expect(page.contains("$12.50 back") && page.contains("Money back: it lowers Food spending, not income."))
        // The Amazon refund switched to income with the row's category select.
        let form = try #require(HTML.form(in: page, action: preview + "/choices"))
        let posted = browser.post(preview + "/commit", form.hidden + browser.checkedRows(page) + [("cat-2", "")], formToken: form.token)
        #expect(posted.status == 303)
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, amount, category FROM entry ORDER BY id").map {
                "\($0["kind"] as String) \($0["amount"] as Int64) \(($0["category"] as String?) ?? "-")"
            }
        }
        #expect(rows == ["expense 6000 food", "expense -1250 food", "income 2599 -"])
        // The refund's form keeps its minus sign and moves it to another category.
        let refund = try #require(try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM entry WHERE amount < 0") })
        let edit = browser.get("/data/entry/\(refund)/edit").text
        #expect(edit.contains("value=\"-12.50\""))
        #expect(try browser.submit("/data/entry/\(refund)/edit", to: "/data/entry/\(refund)", [
            ("kind", "expense"), ("name", "WHOLEFDS MKT 10234"), ("amount", "-12.50"), ("date", "2026-11-12"), ("category", "other"),
            ("status", "actual"), ("note", ""), ("account", String(account))]).status == 303)
        #expect(try database.count("entry", "amount = -1250 AND category = 'other'") == 1)
        // Export → delete all → import keeps the refund.
        let export = browser.get("/api/v1/export").text
        #expect(try browser.submit("/settings/data", to: "/settings/data/delete", [("confirmDelete", "DELETE")]).status == 303)
        let imported = try browser.upload("/settings/data", to: "/settings/data/import",
                                          file: ("file", "export.json", "application/json", Array(export.utf8)))
        #expect(imported.status == 303, "\(imported.text.prefix(2000))")
        #expect(try database.count("entry", "amount = -1250 AND kind = 'expense' AND category = 'other'") == 1)
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
        #expect(page.contains("before-opening") && page.contains("1 row is dated before the account was opened"))
        #expect(try browser.commit(preview).status == 303)
        #expect(try database.count("entry") == 2)
        #expect(try database.count("entry", "category = 'food'") == 2)
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
}
