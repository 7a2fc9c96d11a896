import Engine

// OFX 1.x (SGML: leaf tags left open, a leaf's value runs to the next `<`) and 2.x (XML) read
// by one tolerant tokenizer: stray closers are ignored, a closer shuts every aggregate opened
// inside it, entities are decoded. Reads STMTTRN rows, CURDEF, the account id and LEDGERBAL.

enum OFXReader {
    /// Reads OFX text (UTF-8). Throws `.otherCurrency` when CURDEF is not the household's,
    /// `.tooManyRows`, or `.unrecognised` when there is neither a transaction nor a balance.
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        var state = State(options: options)
        try OFXTokenizer.scan(text) { (event) throws(StatementError) in try state.handle(event) }
        try state.finishTransaction()
        if let currency = state.currency, currency != options.currency.uppercased() { throw .otherCurrency(currency) }
        guard state.sawTransactionList || !state.rows.isEmpty || !state.errors.isEmpty || state.balance != nil else {
            throw .unrecognised("an OFX file without transactions")
        }
        return ParsedStatement(format: .ofx, encoding: encoding, rows: state.rows, errors: state.errors,
                               bankAccountID: state.accountID, currency: state.currency, balance: state.balance)
    }

    /// One STMTTRN's leaves as read.
    struct Transaction {
        var line: Int
        var fields: [String: String] = [:]
        var payeeName: String?
    }

    struct State {
        let options: ParseOptions
        let dates: BankDate
        var stack: [String] = []
        var current: Transaction?
        var rows: [StatementRow] = []
        var errors: [RowError] = []
        var count = 0
        var currency: String?
        var accountID: String?
        var balanceAmount: String?, balanceDate: String?
        var sawTransactionList = false

        init(options: ParseOptions) { self.options = options; dates = BankDate(today: options.today) }

        var balance: StatementBalance? {
            guard let balanceAmount, let balanceDate, case let .value(amount) = BankAmount.readSingle(balanceAmount, minorDigits: options.minorDigits),
                  case let .success(day) = dates.day(.fixed(ofxDay(balanceDate)), text: balanceDate, order: nil) else { return nil }
            return StatementBalance(amount: amount, date: day)
        }

        mutating func handle(_ event: OFXTokenizer.Event) throws(StatementError) {
            switch event {
            case let .open(name, line):
                if name == "STMTTRN" {
                    try finishTransaction()
                    count += 1
                    if count > options.rowLimit { throw .tooManyRows(limit: options.rowLimit) }
                    current = Transaction(line: line)
                }
                if name == "BANKTRANLIST" { sawTransactionList = true }
                stack.append(name)
            case let .close(name):
                guard let index = stack.lastIndex(of: name) else { return } // a stray closer
                let closing = stack[index...]
                stack.removeSubrange(index...)
                if closing.contains("STMTTRN") { try finishTransaction() }
            case let .leaf(name, value):
                leaf(name, value)
            }
        }

        mutating func leaf(_ name: String, _ value: String) {
            if current != nil, stack.contains("STMTTRN") {
                if name == "NAME", stack.last == "PAYEE" { current!.payeeName = value; return }
                if current!.fields[name] == nil { current!.fields[name] = value }
                return
            }
            switch name {
            case "CURDEF": if currency == nil, !value.isEmpty { currency = value.uppercased() }
            case "ACCTID":
                if accountID == nil, !value.isEmpty, stack.contains("BANKACCTFROM") || stack.contains("CCACCTFROM") { accountID = value }
            case "BALAMT": if stack.last == "LEDGERBAL", balanceAmount == nil { balanceAmount = value }
            case "DTASOF": if stack.last == "LEDGERBAL", balanceDate == nil { balanceDate = value }
            default: break
            }
        }

        mutating func finishTransaction() throws(StatementError) {
            guard let transaction = current else { return }
            current = nil
            let fields = transaction.fields
            func failure(_ tag: String, _ reason: String) { errors.append(RowError(line: transaction.line, column: tag, reason: reason)) }
            let dateTag = fields["DTPOSTED"].map { _ in "DTPOSTED" } ?? "DTUSER"
            guard let dateText = fields[dateTag], !dateText.isEmpty else { return failure("DTPOSTED", "no date") }
            let day: Day
            switch dates.day(.fixed(ofxDay(dateText)), text: dateText, order: nil) {
            case .success(let found): day = found
            case .failure(let problem): return failure(dateTag, problem.reason)
            }
            guard let amountText = fields["TRNAMT"] else { return failure("TRNAMT", "no amount") }
            let amount: Int64
            switch BankAmount.readSingle(amountText, minorDigits: options.minorDigits) {
            case .value(let value): amount = value
            case .empty: return failure("TRNAMT", "no amount")
            case .failure(let reason): return failure("TRNAMT", reason + ": “\(amountText)”")
            }
            guard amount != 0 else { return failure("TRNAMT", "the amount is zero") }
            var payee = fields["NAME"] ?? transaction.payeeName ?? ""
            var memo = fields["MEMO"] ?? ""
            if payee.isEmpty { (payee, memo) = (memo, "") }
            let fitid = fields["FITID"] ?? ""
            // SIC is OFX's name for the merchant category code.
            let mcc = fields["SIC"].flatMap(BankLayouts.mcc) ?? BankLayouts.mccInText(memo)
            rows.append(StatementRow(line: transaction.line, date: day, amount: amount, payee: payee, memo: memo,
                                     externalID: fitid.isEmpty ? nil : fitid, mcc: mcc))
        }
    }

    /// An OFX date's first eight digits (YYYYMMDD; time and [zone] ignored), if it has them.
    static func ofxDay(_ text: String) -> Day? {
        let digits = Array(text.utf8.prefix(8))
        guard digits.count == 8, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return Day(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }
}

/// OFX's tags and values as events, SGML and XML alike.
enum OFXTokenizer {
    enum Event {
        /// An aggregate opens (a tag followed by another tag, not by text).
        case open(String, line: Int)
        case close(String)
        /// A leaf and its trimmed, entity-decoded value ("" for `<MEMO></MEMO>`).
        case leaf(String, String)
    }

    /// Tags that are always leaves, even when empty and unclosed (`<MEMO>` then `<FITID>`).
    static let leaves: Set<String> = [
        "TRNTYPE", "DTPOSTED", "DTUSER", "DTAVAIL", "TRNAMT", "FITID", "CHECKNUM", "REFNUM", "NAME", "MEMO", "SIC",
        "PAYEEID", "CURDEF", "ACCTID", "BANKID", "BRANCHID", "ACCTTYPE", "BALAMT", "DTASOF", "DTSTART", "DTEND",
        "CODE", "SEVERITY", "DTSERVER", "LANGUAGE", "TRNUID", "CORRECTFITID", "CORRECTACTION", "SRVRTID",
        "ADDR1", "ADDR2", "ADDR3", "CITY", "STATE", "POSTALCODE", "COUNTRY", "PHONE", "CURRATE", "CURSYM", "MESSAGE",
    ]

    /// Calls `handle` for each tag and value, in order. Processing instructions, comments and
    /// the header before the first `<` are skipped.
    static func scan(_ text: [UInt8], _ handle: (Event) throws(StatementError) -> Void) throws(StatementError) {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), lf = UInt8(ascii: "\n")
        var index = 0, line = 1
        let count = text.count
        func advanceLines(_ from: Int, _ to: Int) { for position in from..<to where text[position] == lf { line += 1 } }
        while index < count {
            // To the next '<' (past the OFXHEADER lines, or the blanks after a tag).
            while index < count, text[index] != lt { if text[index] == lf { line += 1 }; index += 1 }
            guard index < count else { return }
            let tagLine = line
            guard let end = text[index...].firstIndex(of: gt) else { return }
            let inner = text[(index + 1)..<end]
            advanceLines(index, end)
            index = end + 1
            guard let first = inner.first else { continue }
            if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
            if first == slash {
                try handle(.close(tagName(inner.dropFirst())))
                continue
            }
            if inner.last == slash { continue } // <EMPTY/>
            let name = tagName(inner)
            // The text up to the next '<'.
            let valueEnd = text[index...].firstIndex(of: lt) ?? count
            let raw = text[index..<valueEnd]
            let hasText = raw.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            if hasText || leaves.contains(name) {
                advanceLines(index, valueEnd)
                index = valueEnd
                try handle(.leaf(name, decodeEntities(trim(raw))))
                // A closed leaf: skip its closer.
                if index + 1 < count, text[index + 1] == slash, let close = text[index...].firstIndex(of: gt),
                   tagName(text[(index + 2)..<close]) == name {
                    index = close + 1
                }
            } else {
                try handle(.open(name, line: tagLine))
            }
        }
    }

    /// The tag's name, uppercased, without attributes.
    static func tagName(_ bytes: ArraySlice<UInt8>) -> String {
        let name = bytes.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: "/") }
        return String(decoding: name.map(StatementParser.asciiUpper), as: UTF8.self)
    }

    static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return bytes[first...last]
    }

    /// `&amp; &lt; &gt; &quot; &apos; &nbsp;` and numeric references; anything else stays as written.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else { out += "&"; rest = after; continue }
            let entity = String(after[..<semicolon]).lowercased()
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            case "nbsp": replacement = "\u{00A0}"
            default:
                if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    replacement = String(scalar)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                    replacement = String(scalar)
                }
            }
            if let replacement {
                out += replacement; rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"; rest = after
            }
        }
        return out + rest
    }
}
