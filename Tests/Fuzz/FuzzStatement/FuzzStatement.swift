// libFuzzer target: bank statement files (Statements: encodings, CSV, OFX, QIF).
// The first input byte picks the options (day-first or month-first, a forced encoding).
// scripts/fuzz statement SECONDS.
import Engine
import FuzzSupport
import Statements

@main enum FuzzStatement {
    static func main() {
        runFuzzer { data, size in
            let bytes = fuzzBytes(data, size)
            let selector = bytes.first ?? 0
            let today = Day(year: 2026, month: 11, day: 24)!
            let encodings: [TextEncoding?] = [nil] + TextEncoding.allCases
            let options = ParseOptions(today: today, currency: selector & 1 == 0 ? "RUB" : "USD",
                                       prefersDayFirst: selector & 2 == 0,
                                       encoding: encodings[Int(selector >> 2) % encodings.count],
                                       rowLimit: 5_000)
            let body = Array(bytes.dropFirst())
            do {
                let parsed = try StatementParser.parse(body, options: options)
                precondition(parsed.rows.count <= options.rowLimit, "never more rows than the limit")
                precondition((try? StatementParser.parse(body, options: options)) == parsed, "deterministic")
                for row in parsed.rows {
                    precondition(row.amount != Int64.min, "an amount always has a negation")
                    _ = ImportKeys.fingerprint(row)
                }
            } catch {
                // A refusal is a clear StatementError; nothing else may happen.
            }
            _ = StatementParser.sniffFormat(body)
            return 0
        }
    }
}
