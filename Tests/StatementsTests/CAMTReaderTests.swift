import Engine
import Testing
@testable import Statements

// CAMT.053 files shaped like the German banks' exports (camt.053.001.02 as Sparkasse and DKB
// give it, camt.053.001.08 with `Pty` and `Sts/Cd`), written for these tests: no real account,
// name or reference.

/// One daily statement of a giro account in camt.053.001.02, the shape Sparkasse exports.
let sparkasseCAMT = """
<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>camt53_20261103</MsgId><CreDtTm>2026-11-04T06:10:00.0+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2026-11-03-001</Id>
      <Acct><Id><IBAN>DE02500502010123456789</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">1234.56</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-02</Dt></Dt>
      </Bal>
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">3688.66</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-03</Dt></Dt>
      </Bal>
      <Ntry>
        <Amt Ccy="EUR">45.90</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-03</Dt></BookgDt><ValDt><Dt>2026-11-02</Dt></ValDt>
        <AcctSvcrRef>2026110312345</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Cdtr><Nm>Bäckerei Müller GmbH</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Einkauf Filiale 12</Ustrd><Ustrd>Karte 2 &amp; Bon 4711</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
        <AddtlNtryInf>KARTENZAHLUNG</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">2500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-03</Dt></BookgDt><ValDt><Dt>2026-11-03</Dt></ValDt>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>Muster Werkzeugbau GmbH &amp; Co. KG</Nm></Dbtr><Cdtr><Nm>Erika Mustermann</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Lohn/Gehalt 11/2026</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
        <AddtlNtryInf>GUTSCHRIFT</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">9.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts>
        <BookgDt><Dt>2026-11-03</Dt></BookgDt>
        <AddtlNtryInf>Vormerkung</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
"""

@Suite("CAMT.053 statements")
struct CAMTReaderTests {
    @Test("a Sparkasse camt.053.001.02: the other party by direction, Ustrd joined, entities, PRCD/CLBD, a pending entry skipped")
    func sparkasse() throws {
        let parsed = try parseText(sparkasseCAMT, statementOptions(currency: "EUR"))
        #expect(parsed.format == .camt)
        #expect(parsed.rows.map(\.amount) == [-4590, 250_000] && parsed.rows.map(\.date) == [isoDay("2026-11-03"), isoDay("2026-11-03")])
        #expect(parsed.rows.map(\.payee) == ["Bäckerei Müller GmbH", "Muster Werkzeugbau GmbH & Co. KG"])
        #expect(parsed.rows.map(\.memo) == ["Einkauf Filiale 12 Karte 2 & Bon 4711", "Lohn/Gehalt 11/2026"])
        #expect(parsed.rows.map(\.line) == [16, 26])
        #expect(parsed.errors.count == 1 && parsed.errors[0].skipped && parsed.errors[0].line == 35)
        #expect(parsed.balance == StatementBalance(amount: 368_866, date: isoDay("2026-11-03")))
        #expect(parsed.period == isoDay("2026-11-02")...isoDay("2026-11-03"))
        #expect(parsed.bankAccountID == "DE02500502010123456789" && parsed.currency == "EUR")
    }

    @Test("camt.053.001.08 with prefixes, Pty/Nm, Sts/Cd, DtTm, UltmtCdtr, a reversal and no remittance text; two Stmt in one document")
    func version8() throws {
        func statement(_ day: String, opening: String, closing: String, _ entries: String) -> String {
            """
            <c:Stmt><c:Acct><c:Id><c:Othr><c:Id>0123456789</c:Id></c:Othr></c:Id></c:Acct>
            <c:Bal><c:Tp><c:CdOrPrtry><c:Cd>OPBD</c:Cd></c:CdOrPrtry></c:Tp><c:Amt Ccy='EUR'>\(opening)</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Dt><c:Dt>\(day)</c:Dt></c:Dt></c:Bal>
            <c:Bal><c:Tp><c:CdOrPrtry><c:Cd>CLBD</c:Cd></c:CdOrPrtry></c:Tp><c:Amt Ccy='EUR'>\(closing)</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Dt><c:DtTm>\(day)T23:59:59+01:00</c:DtTm></c:Dt></c:Bal>
            \(entries)
            </c:Stmt>
            """
        }
        let paypal = """
            <c:Ntry><c:Amt Ccy="EUR">12.00</c:Amt><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:Sts><c:Cd>BOOK</c:Cd></c:Sts>
            <c:BookgDt><c:DtTm>2026-11-05T10:00:00+01:00</c:DtTm></c:BookgDt>
            <c:NtryDtls><c:TxDtls><c:RltdPties><c:UltmtCdtr><c:Pty><c:Nm>Streaming Dienst</c:Nm></c:Pty></c:UltmtCdtr></c:RltdPties></c:TxDtls></c:NtryDtls>
            <c:AddtlNtryInf>Lastschrift</c:AddtlNtryInf></c:Ntry>
            """
        let reversal = """
            <c:Ntry><c:Amt Ccy="EUR">12.00</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:RvslInd>true</c:RvslInd><c:Sts><c:Cd>BOOK</c:Cd></c:Sts>
            <c:BookgDt><c:Dt>2026-11-06</c:Dt></c:BookgDt><c:AddtlNtryInf>Rücklastschrift</c:AddtlNtryInf></c:Ntry>
            """
        let text = "<?xml version='1.0'?><!-- exported --><c:Document xmlns:c='urn:iso:std:iso:20022:tech:xsd:camt.053.001.08'><c:BkToCstmrStmt>"
            + statement("2026-11-05", opening: "100.00", closing: "88.00", paypal)
            + statement("2026-11-06", opening: "88.00", closing: "100.00", reversal) + "</c:BkToCstmrStmt></c:Document>"
        let parsed = try parseText(text, statementOptions(currency: "EUR"))
        #expect(parsed.errors.isEmpty && parsed.rows.map(\.amount) == [-1200, 1200])
        #expect(parsed.rows.map(\.payee) == ["Streaming Dienst", "Rücklastschrift"] && parsed.rows.map(\.memo) == ["Lastschrift", "Rücklastschrift"])
        #expect(parsed.rows.map(\.date) == [isoDay("2026-11-05"), isoDay("2026-11-06")])
        #expect(parsed.balance == StatementBalance(amount: 10000, date: isoDay("2026-11-06")) && parsed.bankAccountID == "0123456789")
    }

    @Test("entries in another currency are refused; entries that miss the closing balance are an error at CLBD")
    func currencyAndArithmetic() throws {
        let usd = sparkasseCAMT.replacingOccurrences(of: "Ccy=\"EUR\"", with: "Ccy=\"USD\"")
        #expect(throws: StatementError.otherCurrency("USD")) { try parseText(usd, statementOptions(currency: "EUR")) }
        let short = sparkasseCAMT.replacingOccurrences(of: "3688.66", with: "3600.00")
        let parsed = try parseText(short, statementOptions(currency: "EUR"))
        #expect(parsed.rows.count == 2 && parsed.errors.filter { !$0.skipped }.map(\.column) == ["CLBD"])
    }

    @Test("the XML reader refuses a DTD, a closer that matches nothing, a second root and a cut file")
    func strictXML() {
        for bad in ["<!DOCTYPE x [<!ENTITY a 'b'>]><Document>camt.053</Document>", "<Document>camt.053<Stmt></Ntry></Document>",
                    "<Document>camt.053</Document><Document/>", "<Document><BkToCstmrStmt>camt.053"] {
            #expect(throws: StatementError.self, "\(bad)") { try CAMTReader.read(Array(bad.utf8), encoding: .utf8, options: statementOptions(currency: "EUR")) }
        }
        var events: [String] = []
        try? XMLScanner.scan(Array("<a:R x='1 > 2' b:y=\"&lt;\"><![CDATA[<t>]]><e/></a:R>".utf8)) { event in
            switch event {
            case .open(let name, let attributes, _): events.append("open \(name) \(attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
            case .text(let text): events.append("text \(text)")
            case .close(let name): events.append("close \(name)")
            }
        }
        #expect(events == ["open R [\"x=1 > 2\", \"y=<\"]", "text <t>", "open e []", "close e", "close R"])
    }
}
