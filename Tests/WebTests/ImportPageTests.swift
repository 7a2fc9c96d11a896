import Engine
import Foundation
import GRDB
import HTTPCore
import Testing
import TestSupport
@testable import Storage
@testable import Web

/// An account made with plain SQL (the accounts pages are another helper's).
func seedAccount(_ database: AppDatabase, name: String = "Card", currency: String = "USD") throws -> Int64 {
    try database.write { db in
        try db.execute(sql: """
            INSERT INTO account (name, type, currency, openingBalance, openedOn, spendable, createdAt)
            VALUES (:name, 'card', :currency, 0, '2026-01-01', 1, '2026-01-01T00:00:00Z')
            """, arguments: ["name": name, "currency": currency])
        return db.lastInsertedRowID
    }
}

func csv(_ lines: [String], header: String = "Date,Amount,Payee") -> [UInt8] {
    Array(([header] + lines).joined(separator: "\n").utf8)
}

extension AppDatabase {
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

    @Test("an MT940 file in ISO-8859-1 imports through the form: its rows and balance in the preview, the commit, the account's statement balance")
    func mt940() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database, name: "Giro", currency: "EUR")
        var browser = TestBrowser(app: app)
        let text = [
            ":20:STARTUMSE", ":25:50050201/0123456789", ":28C:00000/001", ":60F:C261030EUR1234,56",
            ":61:2611021102DR45,90N005NONREF",
            ":86:106?00KARTENZAHLUNG?20SVWZ+Einkauf Filiale 12?32Bäckerei Müller GmbH?34000",
            ":61:2611031103CR2500,00N051NONREF",
            ":86:166?00GUTSCHRIFT?20SVWZ+Lohn/Gehalt 11/2026?32Muster Werkzeugbau GmbH",
            ":62F:C261103EUR3688,66", "-",
        ].joined(separator: "\r\n")
        let bytes = text.unicodeScalars.map { UInt8($0.value) } // ISO-8859-1
        let uploaded = try browser.uploadStatement(bytes, account: account, filename: "umsaetze.sta")
        let preview = try #require(uploaded.headers["Location"])
        let page = browser.get(preview)
        #expect(page.status == 200 && page.text.contains("MT940"))
        #expect(page.text.contains("Bäckerei Müller GmbH") && page.text.contains("Einkauf Filiale 12"))
        #expect(page.text.contains("3,688.66 on November 3, 2026."))
        #expect(try database.count("entry") == 0)
        #expect(try browser.commit(preview).status == 303)
        #expect(try database.count("entry", "accountID = \(account) AND importBatchID IS NOT NULL") == 2)
        #expect(try database.count("entry", "name = 'Bäckerei Müller GmbH' AND amount = 4590 AND kind = 'expense' AND date = '2026-11-02'") == 1)
        #expect(try database.count("account", "id = \(account) AND statementBalance = 368866 AND statementDate = '2026-11-03'") == 1)
    }

    @Test("a CAMT.053 file imports through the form: the other party and purpose in the preview, the commit, the closing balance")
    func camt() throws {
        let (app, database) = try makeTestApp()
        let account = try seedAccount(database, name: "Giro", currency: "EUR")
        var browser = TestBrowser(app: app)
        func balance(_ code: String, _ amount: String, _ day: String) -> String {
            "<Bal><Tp><CdOrPrtry><Cd>\(code)</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">\(amount)</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>\(day)</Dt></Dt></Bal>"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt><Stmt>"
            + "<Acct><Id><IBAN>DE02500502010123456789</IBAN></Id></Acct>" + balance("OPBD", "100.00", "2026-11-01") + balance("CLBD", "54.10", "2026-11-02")
            + "<Ntry><Amt Ccy=\"EUR\">45.90</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>"
            + "<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Bäckerei Müller GmbH</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Einkauf Filiale 12</Ustrd></RmtInf>"
            + "</TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>"
        let preview = try #require(try browser.uploadStatement(Array(xml.utf8), account: account, filename: "camt.xml").headers["Location"])
        let page = browser.get(preview)
        #expect(page.status == 200 && page.text.contains("CAMT") && page.text.contains("Bäckerei Müller GmbH") && page.text.contains("Einkauf Filiale 12"))
        #expect(page.text.contains("54.10 on November 2, 2026."))
        #expect(try browser.commit(preview).status == 303)
        #expect(try database.count("entry", "name = 'Bäckerei Müller GmbH' AND amount = 4590 AND kind = 'expense' AND accountID = \(account)") == 1)
        #expect(try database.count("account", "id = \(account) AND statementBalance = 5410 AND statementDate = '2026-11-02'") == 1)
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
}
