import Engine

// CAMT.053 (ISO 20022 bank-to-customer statement, `camt.053.001.02` … `.08`): XML with one
// `Stmt` per account and day, its `Bal`ances and its `Ntry`entries. Elements are read by
// their local names, whatever the namespace or prefix. docs/engine-rules.md, "Bank
// statements: CAMT.053".

enum CAMTReader {
    /// Reads CAMT.053 XML (UTF-8). Throws `.unrecognised` for XML it cannot read (see
    /// `XMLScanner`), without a `Stmt`, or with statements of more than one account;
    /// `.otherCurrency` when an amount is in another currency than the household's; `.tooManyRows`.
    static func read(_ text: [UInt8], encoding: TextEncoding, options: ParseOptions) throws(StatementError) -> ParsedStatement {
        var reading = Reading(options: options)
        try XMLScanner.scan(text) { event throws(StatementError) in try reading.handle(event) }
        guard reading.sawStatement else { throw .unrecognised("a CAMT file without a Stmt (statement)") }
        return try BookedStatement.assemble(reading.statements, format: .camt, encoding: encoding, options: options)
    }

    /// An entry's fields as the XML gave them.
    struct Entry {
        var line: Int
        var amount = "", currency = "", direction = "", status = "", reversal = ""
        var bookingDate = "", valueDate = ""
        /// Parties by their element (`Cdtr`, `Dbtr`, `UltmtCdtr`, `UltmtDbtr`): the first name of each.
        var names: [String: String] = [:]
        var unstructured: [String] = []
        var additional = ""
    }

    struct Balance {
        var line: Int
        var code = "", amount = "", currency = "", direction = "", date = ""
    }

    /// What the scan has read so far.
    struct Reading {
        let options: ParseOptions
        let dates: BankDate
        var statements: [BookedStatement] = []
        var sawStatement = false
        var path: [String] = []
        var entry: Entry?
        var balance: Balance?
        var rowCount = 0
        /// The innermost open element's attributes (`Amt`'s `Ccy`).
        var attributes: [String: String] = [:]

        init(options: ParseOptions) { self.options = options; dates = BankDate(today: options.today) }

        /// True when the open elements end with `names` (the innermost last).
        func at(_ names: String...) -> Bool {
            guard path.count >= names.count else { return false }
            let offset = path.count - names.count
            for (position, name) in names.enumerated() where path[offset + position] != name { return false }
            return true
        }

        mutating func handle(_ event: XMLScanner.Event) throws(StatementError) {
            switch event {
            case .open(let name, let attributes, let line):
                path.append(name)
                self.attributes = attributes
                switch name {
                case "Stmt" where path.count >= 2 && path[path.count - 2] == "BkToCstmrStmt":
                    statements.append(BookedStatement()); sawStatement = true
                case "Ntry" where at("Stmt", "Ntry"):
                    rowCount += 1
                    if rowCount > options.rowLimit { throw .tooManyRows(limit: options.rowLimit) }
                    try options.budget.check(rowCount)
                    entry = Entry(line: line)
                case "Bal" where at("Stmt", "Bal"): balance = Balance(line: line)
                default: break
                }
            case .text(let value):
                text(value, attributes)
            case .close(let name):
                if name == "Ntry", at("Stmt", "Ntry"), let finished = entry, !statements.isEmpty {
                    statements[statements.count - 1].entries.append(row(finished))
                    if !finished.currency.isEmpty { statements[statements.count - 1].currencies.append(finished.currency) }
                    entry = nil
                } else if name == "Bal", at("Stmt", "Bal"), let finished = balance, !statements.isEmpty {
                    try keep(finished)
                    balance = nil
                }
                path.removeLast()
            }
        }

        /// A leaf's text, filed by where it is.
        mutating func text(_ value: String, _ attributes: [String: String]) {
            // Only these leaves are read: the rest is skipped before any path is compared.
            guard let leaf = path.last, ["Amt", "CdtDbtInd", "RvslInd", "Sts", "Cd", "Dt", "DtTm", "AddtlNtryInf", "Ustrd", "Nm", "IBAN", "Id"]
                .contains(leaf) else { return }
            if entry != nil {
                if at("Ntry", "Amt") { entry!.amount = value; entry!.currency = attributes["Ccy"] ?? "" }
                else if at("Ntry", "CdtDbtInd") { entry!.direction = value }
                else if at("Ntry", "RvslInd") { entry!.reversal = value }
                else if at("Ntry", "Sts") || at("Ntry", "Sts", "Cd") { entry!.status = value }
                else if at("Ntry", "BookgDt", "Dt") || at("Ntry", "BookgDt", "DtTm") { entry!.bookingDate = value }
                else if at("Ntry", "ValDt", "Dt") || at("Ntry", "ValDt", "DtTm") { entry!.valueDate = value }
                else if at("Ntry", "AddtlNtryInf") { entry!.additional = value }
                else if at("RmtInf", "Ustrd") { entry!.unstructured.append(value) }
                else if at("Nm"), let party = ["Cdtr", "Dbtr", "UltmtCdtr", "UltmtDbtr"].first(where: {
                    // `RltdPties/Cdtr/Nm` (001.02) or `RltdPties/Cdtr/Pty/Nm` (001.08).
                    at("RltdPties", $0, "Nm") || at("RltdPties", $0, "Pty", "Nm") }), entry!.names[party] == nil {
                    entry!.names[party] = value
                }
            } else if balance != nil {
                if at("Bal", "Tp", "CdOrPrtry", "Cd") { balance!.code = value }
                else if at("Bal", "Amt") { balance!.amount = value; balance!.currency = attributes["Ccy"] ?? "" }
                else if at("Bal", "CdtDbtInd") { balance!.direction = value }
                else if at("Bal", "Dt", "Dt") || at("Bal", "Dt", "DtTm") { balance!.date = value }
            } else if !statements.isEmpty, statements[statements.count - 1].account == nil,
                      at("Stmt", "Acct", "Id", "IBAN") || at("Stmt", "Acct", "Id", "Othr", "Id") {
                statements[statements.count - 1].account = value
            }
        }

        /// An opening (`OPBD`, or `PRCD`: the previous statement's closing) or closing (`CLBD`)
        /// balance; others (available, interim) are not the statement's.
        mutating func keep(_ found: Balance) throws(StatementError) {
            let isOpening = found.code == "OPBD" || found.code == "PRCD"
            guard isOpening || found.code == "CLBD" else { return }
            guard let day = isoDay(found.date), let magnitude = BookedStatement.amount(found.amount, mark: ".", minorDigits: options.minorDigits),
                  found.direction == "CRDT" || found.direction == "DBIT", !found.currency.isEmpty else {
                throw .unrecognised("the \(found.code) balance on line \(found.line) has no date, amount, currency or CRDT/DBIT")
            }
            let value = BookedStatement.Balance(label: found.code, line: found.line, date: day, currency: found.currency,
                                                amount: found.direction == "DBIT" ? -magnitude : magnitude)
            let last = statements.count - 1
            if isOpening { if statements[last].opening == nil { statements[last].opening = value } } else { statements[last].closing = value }
        }

        /// An entry as a row, or why not. The sign is `CdtDbtInd`'s: a reversal (`RvslInd`) is
        /// booked in the direction it moves the money, so it needs no flip.
        func row(_ found: Entry) -> BookedStatement.Entry {
            func failure(_ column: String, _ reason: String, skipped: Bool = false) -> BookedStatement.Entry {
                .error(RowError(line: found.line, column: column, reason: reason, skipped: skipped))
            }
            if !found.status.isEmpty, found.status != "BOOK" {
                return failure("Sts", "the bank has not booked it (\(found.status))", skipped: true)
            }
            guard found.direction == "CRDT" || found.direction == "DBIT" else { return failure("CdtDbtInd", "no CRDT or DBIT") }
            guard let magnitude = BookedStatement.amount(found.amount, mark: ".", minorDigits: options.minorDigits) else {
                return failure("Amt", "“\(found.amount)” is not an amount")
            }
            guard magnitude != 0 else { return failure("Amt", "the amount is zero") }
            let dateText = found.bookingDate.isEmpty ? found.valueDate : found.bookingDate
            guard let day = isoDay(dateText) else { return failure("BookgDt", dateText.isEmpty ? "no date" : "“\(dateText)” is not a date") }
            if case .failure(let problem) = dates.day(.fixed(day), text: dateText, order: nil) { return failure("BookgDt", problem.reason) }
            let debit = found.direction == "DBIT"
            let party = (debit ? found.names["Cdtr"] ?? found.names["UltmtCdtr"] : found.names["Dbtr"] ?? found.names["UltmtDbtr"]) ?? ""
            let purpose = MT940Reader.collapse(found.unstructured.joined(separator: " "))
            let memo = purpose.isEmpty ? MT940Reader.collapse(found.additional) : purpose
            let payee = party.isEmpty ? BookedStatement.firstWords(memo) : MT940Reader.collapse(party)
            return .row(StatementRow(line: found.line, date: day, amount: debit ? -magnitude : magnitude, payee: payee, memo: memo,
                                     mcc: BankLayouts.mccInText(memo)))
        }

        /// `2026-11-02`, or the day of `2026-11-02T10:15:00+01:00`.
        func isoDay(_ text: String) -> Day? {
            guard text.count >= 10 else { return nil }
            return Day(iso: String(text.prefix(10)))
        }
    }
}

/// A strict reader for the XML a statement is: elements, attributes, text, CDATA, comments and
/// processing instructions. A DTD or any other `<!` declaration, a closer that does not match,
/// text or a second element outside the root, or a file that ends inside an element is refused
/// (`.unrecognised`). Entities: `&amp; &lt; &gt; &quot; &apos;` and numeric references.
enum XMLScanner {
    enum Event {
        /// An element opens: its local name (the namespace prefix dropped), its attributes by local name.
        case open(String, attributes: [String: String], line: Int)
        /// Character data, trimmed, when it is not only blanks.
        case text(String)
        case close(String)
    }

    /// How deep elements may nest.
    static let deepest = 256

    static func scan(_ text: [UInt8], _ handle: (Event) throws(StatementError) -> Void) throws(StatementError) {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), lf = UInt8(ascii: "\n")
        var index = 0, line = 1
        var open: [String] = []
        var sawRoot = false
        let count = text.count
        func lines(_ from: Int, _ to: Int) { for position in from..<min(to, count) where text[position] == lf { line += 1 } }
        func starts(_ word: String) -> Bool { StatementParser.starts(text, at: index, with: word) }
        func find(_ word: String, from: Int) throws(StatementError) -> Int {
            let needle = Array(word.utf8)
            var position = from
            while position + needle.count <= count {
                if text[position] == needle[0], text[position..<position + needle.count].elementsEqual(needle) { return position }
                position += 1
            }
            throw .unrecognised("the XML ends inside a markup opened on line \(line)")
        }
        func characters(_ raw: ArraySlice<UInt8>) throws(StatementError) {
            guard raw.count <= CSVTokenizer.longestCell else { throw .unrecognised("a text longer than 64 KB on line \(line)") }
            guard raw.contains(where: { !StatementParser.isBlank($0) }) else { return }
            guard !open.isEmpty else { throw .unrecognised("text outside the root element on line \(line)") }
            try handle(.text(OFXTokenizer.decodeEntities(OFXTokenizer.trim(raw))))
        }
        while index < count {
            if text[index] != lt {
                let end = text[index...].firstIndex(of: lt) ?? count
                try characters(text[index..<end])
                lines(index, end)
                index = end
                continue
            }
            if starts("<?") || starts("<!--") {
                let end = try find(starts("<?") ? "?>" : "-->", from: index + 2)
                lines(index, end)
                index = end + (starts("<?") ? 2 : 3)
            } else if starts("<![CDATA[") {
                let end = try find("]]>", from: index + 9)
                guard !open.isEmpty else { throw .unrecognised("text outside the root element on line \(line)") }
                try handle(.text(String(decoding: OFXTokenizer.trim(text[(index + 9)..<end]), as: UTF8.self)))
                lines(index, end)
                index = end + 3
            } else if starts("<!") {
                throw .unrecognised("a DTD or declaration (<!…) on line \(line): not read in a statement")
            } else {
                // To the tag's '>' outside quoted attribute values.
                var end = index + 1, quote: UInt8?
                while end < count, quote != nil || text[end] != gt {
                    if let open = quote { if text[end] == open { quote = nil } } else if text[end] == 0x22 || text[end] == 0x27 { quote = text[end] }
                    end += 1
                }
                guard end < count else { throw .unrecognised("the XML ends inside a tag opened on line \(line)") }
                guard end - index <= CSVTokenizer.longestCell else { throw .unrecognised("a tag longer than 64 KB on line \(line)") }
                let inner = String(decoding: text[(index + 1)..<end], as: UTF8.self)
                let tagLine = line
                lines(index, end)
                index = end + 1
                if inner.hasPrefix("/") {
                    let name = String(inner.dropFirst()).trimmed
                    guard let last = open.last, last == name else {
                        throw .unrecognised("</\(name)> on line \(tagLine) closes no open element\(open.last.map { " (<\($0)> is open)" } ?? "")")
                    }
                    open.removeLast()
                    try handle(.close(local(name)))
                    continue
                }
                let empty = inner.hasSuffix("/")
                let (name, attributes) = try tag(empty ? String(inner.dropLast()) : inner, line: tagLine)
                guard !(open.isEmpty && sawRoot) else { throw .unrecognised("a second root element <\(name)> on line \(tagLine)") }
                guard open.count < deepest else { throw .unrecognised("XML nested deeper than \(deepest) levels") }
                sawRoot = true
                try handle(.open(local(name), attributes: attributes, line: tagLine))
                if empty { try handle(.close(local(name))) } else { open.append(name) }
            }
        }
        if let last = open.last { throw .unrecognised("the XML ends before </\(last)>") }
        guard sawRoot else { throw .unrecognised("no XML element") }
    }

    /// A start tag's name and attributes (`Amt Ccy="EUR"`).
    static func tag(_ inner: String, line: Int) throws(StatementError) -> (String, [String: String]) {
        var rest = Substring(inner)
        let name = rest.prefix { !$0.isWhitespace }
        guard !name.isEmpty else { throw .unrecognised("a tag without a name on line \(line)") }
        rest = rest.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard !rest.isEmpty else { break }
            let key = rest.prefix { $0 != "=" && !$0.isWhitespace }
            rest = rest.dropFirst(key.count).drop(while: \.isWhitespace)
            guard rest.first == "=" else { throw .unrecognised("the attribute \(key) on line \(line) has no value") }
            rest = rest.dropFirst().drop(while: \.isWhitespace)
            guard let quote = rest.first, quote == "\"" || quote == "'", let close = rest.dropFirst().firstIndex(of: quote) else {
                throw .unrecognised("the attribute \(key) on line \(line) is not quoted")
            }
            let value = rest[rest.index(after: rest.startIndex)..<close]
            attributes[local(String(key))] = OFXTokenizer.decodeEntities(ArraySlice(value.utf8))
            rest = rest[rest.index(after: close)...]
        }
        return (String(name), attributes)
    }

    /// `ns2:Ntry` → `Ntry`.
    static func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }
}
