// The header row of a bank's CSV: which cell names which field, in Russian, English and German,
// and the normalised "header shape" a confirmed mapping is remembered under.

/// What a CSV column holds.
enum CSVField: CaseIterable {
    case date, amount, inflow, outflow, payee, memo, category, currency, externalID
    /// "Тип операции" / "Kind": Списание/Зачисление, Debit/Credit, expense/income.
    case direction
    /// "Статус" / "Status": a failed or declined operation is not a transaction.
    case status
    /// "MCC": the merchant category code.
    case mcc
    /// "Комиссия" / "Fee": charged on top of the amount.
    case fee
}

enum CSVHeader {
    /// A header cell as compared: lowercase, ё → е, a BOM and quotes dropped, a trailing
    /// colon or asterisk dropped, runs of spaces collapsed, trimmed.
    static func normalise(_ cell: String) -> String {
        var out = ""
        var pendingSpace = false
        for character in cell.lowercased() {
            if character == "\u{FEFF}" || character == "\"" { continue }
            if character == " " || character == "\t" || character == "\u{00A0}" || character == "\r" || character == "\n" || character == "_" {
                pendingSpace = !out.isEmpty; continue
            }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(character == "ё" ? "е" : character)
        }
        while let last = out.last, last == ":" || last == "*" || last == " " { out.removeLast() }
        return out
    }

    /// The header shape: every cell normalised, joined with "|".
    static func shape(_ cells: [String]) -> String { cells.map(normalise).joined(separator: "|") }

    /// Synonyms per field, best first (a lower index wins when two columns claim a field).
    static let synonyms: [CSVField: [String]] = [
        .date: ["дата операции", "дата транзакции", "дата совершения операции", "дата и время операции", "дата",
                "дата проводки", "дата обработки", "дата списания", "дата платежа", "date", "transaction date",
                "trans. date", "trans date", "posted date", "posting date", "posted", "booking date", "value date",
                "date posted", "operation date",
                // German: the booking day first, the value date ("Valuta", "Wert") only without one.
                "buchungstag", "buchungsdatum", "buchung", "datum", "belegdatum", "valutadatum", "valuta", "wertstellung",
                "wertstellungsdatum", "wert"],
        .amount: ["сумма в валюте счета", "сумма операции в валюте счета", "сумма пересчитанная в валюте счета",
                  "сумма пересчитанная в валюту счета",
                  "сумма в валюте карты", "сумма платежа",
                  "сумма операции", "сумма", "сумма в рублях", "приход/расход", "amount", "transaction amount",
                  "amount in account currency", "sum", "value", "debit/credit", "credit/debit", "signed amount",
                  "betrag", "betrag (eur)", "betrag (€)", "betrag in eur", "umsatz", "umsatz in eur"],
        .inflow: ["приход", "зачисление", "зачисления", "поступление", "поступления", "сумма зачисления",
                  "сумма поступления", "сумма прихода", "кредит", "credit", "credits", "credit amount", "deposit",
                  "deposits", "money in", "paid in", "in", "inflow", "haben"],
        .outflow: ["расход", "списание", "списания", "сумма списания", "сумма расхода", "дебет", "debit", "debits",
                   "debit amount", "withdrawal", "withdrawals", "money out", "paid out", "out", "outflow", "soll"],
        .payee: ["описание операции", "описание", "назначение платежа", "получатель", "контрагент",
                 "наименование контрагента", "плательщик/получатель", "получатель/плательщик", "торговая точка",
                 "место совершения операции", "основание", "payee", "description", "merchant", "merchant name", "name",
                 "counterparty", "beneficiary", "details", "transaction details", "narrative", "payee name",
                 "auftraggeber/empfänger", "auftraggeber / empfänger", "beguenstigter/zahlungspflichtiger",
                 "begünstigter/zahlungspflichtiger", "begünstigter / auftraggeber", "auftraggeber / begünstigter",
                 "name zahlungsbeteiligter", "zahlungsempfänger*in", "zahlungsempfänger", "empfänger", "sender / empfänger",
                 "auftraggeber/zahlungsempfänger", "zahlungspflichtige*r", "auftraggeber", "buchungstext"],
        .memo: ["комментарий", "примечание", "дополнительная информация", "memo", "notes", "note", "comment", "comments",
                "verwendungszweck", "vorgang/verwendungszweck", "buchungsdetails", "bemerkung", "notiz"],
        .category: ["категория", "категория операции", "category", "transaction category", "kategorie"],
        .currency: ["валюта счета", "валюта платежа", "валюта операции", "валюта", "currency", "ccy", "currency code", "währung", "waehrung"],
        .externalID: ["номер операции", "номер документа", "номер транзакции", "номер", "№", "№ п/п", "id",
                      "transaction id", "reference", "reference number", "ref", "референс", "референс проводки", "fitid",
                      "код операции", "transferwise id"],
        .direction: ["тип операции", "вид операции", "тип", "направление", "type", "transaction type", "kind",
                     "dr/cr", "cr/dr", "credit/debit indicator", "soll/haben", "s/h"],
        .status: ["статус", "статус операции", "status", "state"],
        .mcc: ["mcc", "mcc код", "код mcc", "mcc code", "merchant category code"],
        .fee: ["комиссия", "сумма комиссии", "комиссия банка", "fee", "fees", "commission", "fee amount"],
    ]

    /// Looser matches for cells no synonym names exactly, by first word ("Сумма операции в
    /// валюте карты", "Amount (RUB)"); never a fee, cashback or balance column.
    static let prefixes: [(String, CSVField)] = [
        ("дата", .date), ("date", .date), ("сумма", .amount), ("amount", .amount),
        ("описание", .payee), ("description", .payee), ("назначение", .payee), ("категория", .category),
        ("category", .category), ("валюта", .currency), ("currency", .currency), ("betrag", .amount), ("datum", .date),
        ("verwendungszweck", .memo), ("kategorie", .category), ("währung", .currency),
    ]

    static let neverAmount = ["комисс", "кэшбэк", "кешбэк", "cashback", "fee", "balance", "остаток", "баланс",
                              "бонус", "округлен", "mcc", "saldo", "kontostand", "gebühr", "entgelt",
                              "ursprungsbetrag", "auslagenersatz", "fremdwährung"]

    /// The rank of `cell` for `field`: lower is better, nil when it does not name it.
    static func rank(_ normalised: String, for field: CSVField) -> Int? {
        let bare = stripParenthesis(normalised)
        if let index = synonyms[field]?.firstIndex(of: normalised) { return index }
        if let index = synonyms[field]?.firstIndex(of: bare) { return index + 50 }
        if [.amount, .inflow, .outflow].contains(field), neverAmount.contains(where: { bare.contains($0) }) { return nil }
        for (prefix, prefixField) in prefixes where prefixField == field {
            if bare.hasPrefix(prefix + " ") || bare.hasPrefix(prefix + ",") { return 100 }
        }
        // "Started Date", "Completed Date", "Booking date".
        if field == .date, bare.hasSuffix(" date") { return 101 }
        return nil
    }

    /// "amount (rub)" → "amount"; "сумма, руб." → "сумма".
    static func stripParenthesis(_ text: String) -> String {
        var out = text
        if let open = out.firstIndex(of: "("), out.last == ")" { out = String(out[..<open]) }
        if let comma = out.firstIndex(of: ",") { out = String(out[..<comma]) }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Fields found in a header row: each field's best column (a column serves one field).
    static func fields(_ cells: [String]) -> [CSVField: Int] {
        let names = cells.map(normalise)
        var claims: [(rank: Int, field: CSVField, column: Int)] = []
        for (column, name) in names.enumerated() where !name.isEmpty {
            for field in CSVField.allCases {
                if let rank = rank(name, for: field) { claims.append((rank, field, column)) }
            }
        }
        // A column an exact synonym names belongs to that field (ranks under 100 first).
        claims.sort { ($0.rank, $0.column) < ($1.rank, $1.column) }
        var found: [CSVField: Int] = [:]
        var used = Set<Int>()
        for claim in claims where found[claim.field] == nil && !used.contains(claim.column) {
            found[claim.field] = claim.column; used.insert(claim.column)
        }
        // The currency of the chosen amount: "Сумма платежа" goes with "Валюта платежа".
        if let amount = found[.amount], names[amount].hasPrefix("сумма ") {
            let paired = "валюта " + names[amount].dropFirst("сумма ".count)
            if let column = names.firstIndex(of: paired), !used.contains(column) || found[.currency] == column {
                found[.currency] = column
            }
        }
        // Without an amount, in/out need each other's company; with one, they are not used.
        if found[.amount] != nil { found[.inflow] = nil; found[.outflow] = nil }
        return found
    }

    /// The mapping a header row names, or nil without a date or an amount (or in/out) column.
    static func mapping(_ fields: [CSVField: Int]) -> ColumnMapping? {
        guard let date = fields[.date], fields[.amount] != nil || fields[.inflow] != nil || fields[.outflow] != nil else { return nil }
        return ColumnMapping(date: date, amount: fields[.amount], inflow: fields[.inflow], outflow: fields[.outflow],
                             payee: fields[.payee], memo: fields[.memo], externalID: fields[.externalID],
                             category: fields[.category], currency: fields[.currency], mcc: fields[.mcc], fee: fields[.fee])
    }

    // MARK: - Cell values

    /// A direction cell: -1 for money out, +1 for money in, nil when it says neither.
    static func direction(_ value: String) -> Int? {
        switch normalise(value) {
        case "списание", "расход", "дебет", "debit", "dr", "d", "withdrawal", "expense", "out", "-", "покупка", "оплата",
             "s", "soll", "ausgang", "belastung":
            return -1
        case "зачисление", "приход", "кредит", "credit", "cr", "c", "deposit", "income", "in", "+", "поступление", "пополнение", "доход",
             "h", "haben", "eingang", "gutschrift":
            return 1
        default: return nil
        }
    }

    /// What a status cell says about the operation: nil when it happened (or the cell says
    /// nothing we know), else why it is skipped, in words for the preview.
    static func skipReason(_ value: String) -> String? {
        let text = normalise(value)
        if ["failed", "declined", "rejected", "reverted", "cancelled", "canceled", "отклонена", "отклонено", "отказ", "отменена",
            "отменено", "ошибка", "неуспешно", "не исполнено", "abgelehnt", "storniert", "fehlgeschlagen", "zurückgewiesen"].contains(text) {
            return "the bank marks this operation “\(value.trimmed)”: it did not happen"
        }
        if ["pending", "in progress", "processing", "hold", "on hold", "в обработке", "обрабатывается", "ожидает", "в процессе",
            "авторизация", "заблокировано", "холд", "vorgemerkt", "umsatz vorgemerkt", "offen", "in bearbeitung", "ausstehend",
            "noch nicht gebucht"].contains(text) {
            return "the bank marks this operation “\(value.trimmed)”: not final yet, it will be in a later statement"
        }
        return nil
    }

    /// A currency cell as an ISO code: RUR, руб., ₽ → RUB; $ → USD; € → EUR; other text uppercased.
    static func currencyCode(_ value: String) -> String? {
        let text = normalise(value).filter { $0 != "." }
        switch text {
        case "": return nil
        case "rur", "rub", "руб", "р", "₽", "рубль", "рубли": return "RUB"
        case "$", "usd", "долл", "доллар": return "USD"
        case "€", "eur", "евро": return "EUR"
        default: return text.uppercased()
        }
    }
}
