import Engine
import Testing
@testable import Statements

// OFX statements, SGML and XML (OFXReader.swift), and the sample files other suites reuse.


let sgmlOFX = """
OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260315120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STMTRS>
<CURDEF>RUB
<BANKACCTFROM>
<BANKID>044525225
<ACCTID>40817810000000000001
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260301
<DTEND>20260315
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260302120000.000[+3:MSK]
<TRNAMT>-200,00
<FITID>A1
<NAME>Tram &amp; metro
<MEMO>Card *1234
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT</TRNTYPE>
<DTPOSTED>20260303</DTPOSTED>
<TRNAMT>-57.00
<FITID>A2</FITID>
<NAME>Трамвай</NAME>
<MEMO>
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260304
<TRNAMT>85000.00
<FITID>A2
<PAYEE><NAME>Employer</NAME></PAYEE>
</NAME>
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>12345.67
<DTASOF>20260315
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
"""

let xmlOFX = """
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>
    <CURDEF>USD</CURDEF>
    <CCACCTFROM><ACCTID>4000123412341234</ACCTID></CCACCTFROM>
    <BANKTRANLIST>
      <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260110</DTPOSTED><TRNAMT>-12.34</TRNAMT><FITID>X1</FITID><NAME>Caf&#233; &lt;Paris&gt;</NAME></STMTTRN>
      <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTUSER>20260111</DTUSER><TRNAMT>5</TRNAMT><FITID>X2</FITID><MEMO>Refund</MEMO></STMTTRN>
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>-100.50</BALAMT><DTASOF>20260112083000</DTASOF></LEDGERBAL>
  </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
</OFX>
"""

@Suite("Statement OFX")
struct OFXReaderTests {
    @Test("a mixed-closed SGML OFX with TRNAMT -200,00 and a reused FITID keeps every row")
    func sgml() throws {
        let parsed = try parseText(sgmlOFX)
        #expect(parsed.format == .ofx && parsed.errors.isEmpty)
        #expect(parsed.rows == [
            StatementRow(line: 26, date: isoDay("2026-03-02"), amount: -20000, payee: "Tram & metro", memo: "Card *1234", externalID: "A1"),
            StatementRow(line: 34, date: isoDay("2026-03-03"), amount: -5700, payee: "Трамвай", externalID: "A2"),
            StatementRow(line: 42, date: isoDay("2026-03-04"), amount: 8_500_000, payee: "Employer", externalID: "A2"),
        ])
        #expect(parsed.bankAccountID == "40817810000000000001" && parsed.currency == "RUB")
        #expect(parsed.balance == StatementBalance(amount: 1_234_567, date: isoDay("2026-03-15")))
    }

    @Test("an OFX 2 XML credit-card statement in USD reads with the household in USD")
    func xml() throws {
        let parsed = try parseText(xmlOFX, statementOptions(currency: "USD"))
        #expect(parsed.rows == [
            StatementRow(line: 8, date: isoDay("2026-01-10"), amount: -1234, payee: "Café <Paris>", externalID: "X1"),
            StatementRow(line: 9, date: isoDay("2026-01-11"), amount: 500, payee: "Refund", externalID: "X2"),
        ])
        #expect(parsed.bankAccountID == "4000123412341234")
        #expect(parsed.balance == StatementBalance(amount: -10050, date: isoDay("2026-01-12")))
    }

    @Test("an OFX in USD is refused when the household counts in RUB")
    func otherCurrency() throws {
        #expect(throws: StatementError.otherCurrency("USD")) { try parseText(xmlOFX) }
    }

    @Test("an OFX transaction without a real date or amount is a row error with its line")
    func ofxRowErrors() throws {
        let text = "<OFX><BANKTRANLIST>\n<STMTTRN><DTPOSTED>20260231<TRNAMT>-1.00<FITID>1</STMTTRN>\n<STMTTRN><DTPOSTED>20260201<TRNAMT>abc<FITID>2</STMTTRN>\n<STMTTRN><DTPOSTED>20260201<TRNAMT>-3<FITID>3</STMTTRN>\n</BANKTRANLIST></OFX>"
        let parsed = try parseText(text)
        #expect(parsed.rows.map(\.externalID) == ["3"])
        #expect(parsed.errors.map(\.line) == [2, 3] && parsed.errors.map(\.column) == ["DTPOSTED", "TRNAMT"])
    }

    /// `<OFX><CURDEF>RUB` + `<A>`×depth + one transaction + `</A>`×depth: the shape of a reported attack that made the old parser quadratic.
    private func nested(_ depth: Int, strayClosers: Int = 0) -> String {
        "<OFX><CURDEF>RUB" + String(repeating: "<A>", count: depth)
            + "<STMTTRN><DTPOSTED>20260301<TRNAMT>-1.00<NAME>Deep</STMTTRN>" + String(repeating: "</B>", count: strayClosers)
            + String(repeating: "</A>", count: depth)
    }

    @Test("nesting deeper than 256 levels is refused; 250 levels and 100 000 stray closers read")
    func nesting() throws {
        #expect(throws: StatementError.unrecognised("an OFX file nested deeper than 256 levels")) { try parseText(nested(100_000)) }
        let deep = try parseText(nested(250, strayClosers: 100_000))
        #expect(deep.rows.map(\.payee) == ["Deep"])
    }

    @Test("a value or tag over 64 KB is refused")
    func longValues() throws {
        #expect(throws: StatementError.unrecognised("a value longer than 64 KB on line 1")) {
            try parseText("<OFX><CURDEF>RUB<STMTTRN><NAME>" + String(repeating: "x", count: 70_000) + "</STMTTRN>")
        }
        #expect(throws: StatementError.unrecognised("a tag longer than 64 KB on line 1")) {
            try parseText("<OFX><" + String(repeating: "x", count: 70_000) + ">")
        }
    }

    @Test("a reading past its budget stops with .tooSlow")
    func budget() throws {
        var options = statementOptions()
        options.budget = ParseBudget(seconds: 30) { true }
        let many = "<OFX><CURDEF>RUB<BANKTRANLIST>" + String(repeating: "<STMTTRN><DTPOSTED>20260301<TRNAMT>-1<NAME>x</STMTTRN>", count: 300)
        #expect(throws: StatementError.tooSlow(seconds: 30)) { try parseText(many, options) }
        #expect(try parseText(many).rows.count == 300, "an unlimited budget reads it all")
    }
}
