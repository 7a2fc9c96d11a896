// Times the statement parser in release builds: a 50 000-row cp1251 semicolon CSV
// (preamble, Russian headers, decimal commas, no-break-space groups, DD.MM.YYYY dates) and a
// 50 000-row OFX 1.x SGML statement, both generated in memory. Target: well under 1 s each.
// Run: scripts/bench-statements [rows]   (or swift run -c release StatementsBenchmark [rows])
import Engine
import Foundation
import Statements

// `StatementsBenchmark categories FILE [--wrong]`: the categorisation quality of a labelled set
// (scripts/categorisation-quality), then exit.
if CommandLine.arguments.dropFirst().first == "categories", CommandLine.arguments.count >= 3,
   let text = try? String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8) {
    let labelled = CategorisationQuality.rows(tsv: text)
    let (scores, wrong) = CategorisationQuality.evaluate(labelled)
    print("\(labelled.count) labelled rows")
    for (key, score) in scores.sorted(by: { $0.key < $1.key }) {
        print("| \(key) | \(score.right) / \(score.total) | \(String(format: "%.1f", score.share * 100)) % |")
    }
    if CommandLine.arguments.contains("--wrong") {
        for (row, guess) in wrong where row.split == "tune" { print("tune wrong: \(row.payee) [\(row.mcc.map(String.init) ?? "-") \(row.bankCategory ?? "-")] → \(guess), not \(row.expected)") }
    }
    exit(0)
}

let rows = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 50_000
let today = Day(year: 2026, month: 11, day: 23)!
let options = ParseOptions(today: today, currency: "RUB", prefersDayFirst: true)
let payees = ["Пятёрочка", "Трамвай", "Кафе \"Ёлка\"", "ЯНДЕКС.ТАКСИ", "Аптека 36,6", "Зарплата", "Перевод от Иван И.", "OZON.RU"]

/// cp1251 bytes of text made of ASCII, Russian letters, no-break spaces and quotes.
func cp1251(_ text: String) -> [UInt8] {
    var table: [UInt32: UInt8] = [:]
    // Russian letters А…я are 0xC0…0xFF; Ё 0xA8, ё 0xB8, no-break space 0xA0, № 0xB9.
    for offset in 0..<64 { table[0x0410 + UInt32(offset)] = UInt8(0xC0 + offset) }
    table[0x0401] = 0xA8; table[0x0451] = 0xB8; table[0x00A0] = 0xA0; table[0x2116] = 0xB9
    return text.unicodeScalars.map { $0.value < 0x80 ? UInt8($0.value) : table[$0.value] ?? UInt8(ascii: "?") }
}

func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// Row `index` of both generated statements (they hold the same rows): its day, within 600 days
/// before today, and its amount in minor units.
func sampleRow(_ index: Int) -> (day: Day, minor: Int) {
    (today.adding(days: -(index % 600)), (index * 7919) % 5_000_000 + 1)
}

func csvStatement(rows: Int) -> [UInt8] {
    var text = "Выписка по счёту №40817810000000000001\r\nПериод: 01.01.2025 – 23.11.2026\r\n\r\n"
    text += "Дата операции;Дата платежа;Описание операции;Сумма операции;Валюта;Категория\r\n"
    for index in 0..<rows {
        let (day, minor) = sampleRow(index)
        let date = "\(twoDigits(day.day)).\(twoDigits(day.month)).\(day.year)"
        let whole = minor / 100
        let wholeText = whole >= 1000 ? "\(whole / 1000)\u{00A0}\(String(whole % 1000 + 1000).dropFirst())" : "\(whole)"
        let amount = (index % 5 == 0 ? "" : "-") + wholeText + "," + twoDigits(minor % 100)
        let payee = payees[index % payees.count]
        let quoted = payee.contains("\"") || payee.contains(";") ? "\"" + payee.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"" : payee
        text += "\(date);\(date);\(quoted);\(amount);RUB;Прочее\r\n"
    }
    return cp1251(text)
}

func ofxStatement(rows: Int) -> [UInt8] {
    var text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n<CURDEF>RUB\n"
    text += "<BANKACCTFROM><BANKID>1<ACCTID>40817810000000000001<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST>\n"
    for index in 0..<rows {
        let (day, minor) = sampleRow(index)
        let stamp = "\(day.year)\(twoDigits(day.month))\(twoDigits(day.day))120000"
        text += "<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>\(stamp)\n<TRNAMT>-\(minor / 100).\(twoDigits(minor % 100))\n<FITID>\(index)\n<NAME>Shop &amp; Co \(index % 97)\n<MEMO>Card payment\n</STMTTRN>\n"
    }
    text += "</BANKTRANLIST>\n<LEDGERBAL><BALAMT>1000.00<DTASOF>20261123</LEDGERBAL>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
    return Array(text.utf8)
}

/// Parses `bytes` five times after a warm-up; prints the median and the row count.
func measure(_ label: String, _ bytes: [UInt8]) {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    var parsed: ParsedStatement?
    for run in 0..<6 {
        let start = clock.now
        do { parsed = try StatementParser.parse(bytes, options: options) } catch { print("\(label): refused: \(error)"); return }
        if run > 0 { samples.append(clock.now - start) }
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let tenths = Int(median.components.seconds) * 10_000 + Int(median.components.attoseconds / 100_000_000_000_000)
    let ms = tenths / 10
    let rounded = "\(tenths / 10).\(tenths % 10)"
    print("\(label): \(bytes.count / 1024) KiB, \(parsed!.rows.count) rows, \(parsed!.errors.count) errors, encoding \(parsed!.encoding.rawValue): median of 5 \(rounded) ms — \(ms < 1000 ? "OK" : "SLOW") (target < 1000 ms)")
}

measure("CSV (cp1251, ;) \(rows) rows", csvStatement(rows: rows))
measure("OFX 1.x SGML \(rows) rows", ofxStatement(rows: rows))
