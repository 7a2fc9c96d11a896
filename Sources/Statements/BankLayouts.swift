// The export layouts of the banks households use most, recognised by their header row so no
// mapping by hand is needed, each with its quirks (which of two amounts is the one charged,
// which column is the merchant, an MCC hiding under another name). Built from the banks'
// public format descriptions; each layout's quirks are in docs/engine-rules.md, "Bank layouts".

/// A bank's CSV export layout: the header cells that identify it and what to read where.
/// Column names are normalised header cells (`CSVHeader.normalise`).
struct BankLayout: Sendable {
    /// The name the preview shows ("T-Bank", "Revolut").
    let name: String
    /// Cells that must all be in the header.
    let signature: [String]
    var date: String?
    var amount: String?
    /// Separate money-in and money-out columns, read instead of an amount (Soll/Haben).
    var inflow: String?
    var outflow: String?
    /// The payee is the first of these columns that is not empty on the row.
    var payee: [String] = []
    /// For money in, the payee is the first of these that is not empty (the payer's column),
    /// before `payee`.
    var payeeWhenIn: [String] = []
    /// Two columns, one the account holder's own name and the other the counterparty's.
    var holderPair: [String] = []
    var memo: String?
    var mcc: String?
    var fee: String?
    var category: String?
    var externalID: String?
    /// The account's currency column; nil keeps what detection found.
    var currency: String?
    /// True when the file's only currency column is the operation's (foreign) currency: the
    /// amount read is already the account's, so no row is refused for its currency.
    var noCurrency = false
    /// True when the amount already includes the fee (the fee column is only informative).
    var feeIncluded = false
    /// The column saying whether the operation is booked or pending.
    var status: String?
    /// The amount column has the card issuer's sign: a purchase positive, a payment to the
    /// card or a refund negative (American Express, Discover, Apple Card): every amount is negated.
    var chargesPositive = false
    /// The unnamed column right after the amount holds S (Soll: money out) or H (Haben: in).
    var directionAfterAmount = false
    /// The payee column is labelled text to split ("Empfänger: … Buchungstext: …").
    var splitText = false
    /// The memo's first line names the operation's kind (UEBERWEISUNG, BASISLASTSCHRIFT): it is
    /// dropped, and the purpose's lines are joined with spaces.
    var kindFirstInMemo = false
    /// A row with a zero amount is the bank's notice (a Rechnungsabschluss, a change of terms),
    /// not a transaction: left out silently instead of a row error.
    var zeroIsNotice = false
    /// A line whose first cell starts with this (normalised) opens the file's next section,
    /// another account's: reading stops there (comdirect's "Umsätze Visa-Karte").
    var nextSection: String?
}

enum BankLayouts {
    /// The known layouts, most specific first.
    static let all: [BankLayout] = russianAndEnglish + american + british + german

    static let russianAndEnglish: [BankLayout] = [
        // T-Bank (Tinkoff): cp1251, `;`, "31.10.2026 19:34:12"; "Сумма платежа" is what the card was
        // charged in the account's currency ("Сумма операции" is the purchase's own currency); Статус OK/FAILED.
        BankLayout(name: "T-Bank", signature: ["дата операции", "дата платежа", "статус", "сумма операции", "валюта операции",
                                               "сумма платежа", "валюта платежа", "mcc", "описание"],
                   amount: "сумма платежа", payee: ["описание"], mcc: "mcc", category: "категория", currency: "валюта платежа"),
        // Sber (statement by e-mail as a table): the column headed "Тип операции" holds the MCC; the
        // operation's currency columns are empty for roubles; "Сумма в валюте счета" is signed.
        BankLayout(name: "Sber", signature: ["дата совершения операции", "дата обработки операции", "код авторизации", "тип операции",
                                             "описание", "сумма в валюте счета"],
                   date: "дата совершения операции", amount: "сумма в валюте счета", payee: ["описание"], mcc: "тип операции",
                   noCurrency: true),
        // Alfa-Bank (current account): dd.mm.yy dates, Приход/Расход columns, RUR, the MCC inside the description.
        BankLayout(name: "Alfa-Bank", signature: ["тип счета", "номер счета", "дата операции", "референс проводки", "описание операции",
                                                  "приход", "расход"],
                   payee: ["описание операции"], externalID: "референс проводки"),
        // VTB (debit card): period lines in the preamble, ISO dates with a time; "Сумма пересчитанная в
        // валюту счета" is the charge; Статус "Исполнено" / "В обработке".
        BankLayout(name: "VTB", signature: ["дата операции", "дата обработки", "сумма операции", "валюта операции",
                                            "сумма пересчитанная в валюту счета", "валюта счета", "основание", "статус"],
                   date: "дата операции", amount: "сумма пересчитанная в валюту счета", payee: ["основание"], currency: "валюта счета"),
        // Ozon Bank (the statement's table): signed "Сумма операции", the document number as the id.
        BankLayout(name: "Ozon Bank", signature: ["дата операции", "документ", "назначение платежа", "сумма операции"],
                   amount: "сумма операции", payee: ["назначение платежа"], externalID: "документ"),
        // Raiffeisenbank (Russia): cp1251, `;`, "27.09.2024 00:00", a decimal point; "Сумма в
        // валюте счета" is the charge, "Сумма в валюте операции" the purchase's own currency.
        BankLayout(name: "Raiffeisenbank (Russia)", signature: ["дата транзакции", "описание", "валюта операции",
                                                               "сумма в валюте операции", "валюта счета", "сумма в валюте счета"],
                   date: "дата транзакции", amount: "сумма в валюте счета", payee: ["описание"], currency: "валюта счета"),
        // Chase credit card: MM/DD/YYYY, purchases negative, Chase's own Category.
        BankLayout(name: "Chase (card)", signature: ["transaction date", "post date", "description", "category", "type", "amount"],
                   date: "transaction date", amount: "amount", payee: ["description"], memo: "memo", category: "category"),
        // Chase checking: Details DEBIT/CREDIT, a signed Amount, a Balance column.
        BankLayout(name: "Chase (checking)", signature: ["details", "posting date", "description", "amount", "type", "balance"],
                   date: "posting date", amount: "amount", payee: ["description"], externalID: "check or slip #"),
        // Bank of America: a summary block above the header, "Beginning balance as of …" as the first row.
        BankLayout(name: "Bank of America", signature: ["date", "description", "amount", "running bal."],
                   date: "date", amount: "amount", payee: ["description"]),
        // Revolut: one file per currency pocket; the Started Date is the purchase's (Completed Date is
        // empty while pending); State COMPLETED/PENDING/REVERTED/DECLINED/FAILED; Fee is charged on top of Amount.
        BankLayout(name: "Revolut", signature: ["type", "product", "started date", "completed date", "description", "amount", "fee",
                                                "currency", "state"],
                   date: "started date", amount: "amount", payee: ["description"], fee: "fee", currency: "currency"),
        // Monzo: dd/mm/yyyy; Name is the merchant, Description the raw text; Amount in the account's
        // currency, Local amount in the purchase's; Monzo's own Category.
        BankLayout(name: "Monzo", signature: ["transaction id", "date", "time", "type", "name", "category", "amount", "currency",
                                              "local amount", "local currency"],
                   date: "date", amount: "amount", payee: ["name", "description"], memo: "notes and #tags", category: "category",
                   externalID: "transaction id", currency: "currency"),
        // Wise: dd-mm-yyyy; the merchant, payee or payer column names the other side; Amount already
        // includes "Total fees".
        BankLayout(name: "Wise", signature: ["transferwise id", "date", "amount", "currency", "description", "running balance"],
                   date: "date", amount: "amount", payee: ["merchant", "payee name", "payer name", "description"],
                   memo: "payment reference", externalID: "transferwise id", currency: "currency", feeIncluded: true),
        // N26 (2023 on): Booking Date, Partner Name, Amount (EUR); Original Amount/Currency are the purchase's.
        BankLayout(name: "N26", signature: ["booking date", "partner name", "payment reference", "amount (eur)", "original currency"],
                   date: "booking date", amount: "amount (eur)", payee: ["partner name"], memo: "payment reference", noCurrency: true),
        // N26 (before 2023): Date, Payee, Amount (EUR), Amount (Foreign Currency), Type Foreign Currency.
        BankLayout(name: "N26", signature: ["date", "payee", "transaction type", "payment reference", "amount (eur)"],
                   date: "date", amount: "amount (eur)", payee: ["payee"], memo: "payment reference", category: "category",
                   noCurrency: true),
    ]

    /// The first layout whose signature cells are all in `names` (normalised header cells).
    static func recognise(_ names: [String]) -> BankLayout? {
        let present = Set(names)
        return all.first { $0.signature.allSatisfy(present.contains) }
    }

    /// `mapping` and `extras` with the layout's columns put in (only where the header has them).
    static func apply(_ layout: BankLayout, names: [String], to mapping: inout ColumnMapping,
                      extras: inout CSVStatementReader.Extras) {
        func column(_ name: String?) -> Int? { name.flatMap { names.firstIndex(of: $0) } }
        if let date = column(layout.date) { mapping.date = date }
        if let amount = column(layout.amount) { mapping.amount = amount; mapping.inflow = nil; mapping.outflow = nil }
        if let inflow = column(layout.inflow), let outflow = column(layout.outflow) {
            mapping.amount = nil; mapping.inflow = inflow; mapping.outflow = outflow
        }
        let payees = layout.payee.compactMap(column)
        if let first = payees.first { mapping.payee = first }
        extras.payeeFallbacks = Array(payees.dropFirst())
        extras.payeeWhenIn = layout.payeeWhenIn.compactMap(column)
        let pair = layout.holderPair.compactMap(column)
        if pair.count == 2 { extras.holderPair = (pair[0], pair[1]) }
        if let status = column(layout.status) { extras.status = status }
        if layout.directionAfterAmount, let amount = mapping.amount, amount + 1 < names.count { extras.direction = amount + 1 }
        extras.splitText = layout.splitText
        extras.kindFirstInMemo = layout.kindFirstInMemo
        extras.zeroIsNotice = layout.zeroIsNotice
        extras.nextSection = layout.nextSection
        if let memo = column(layout.memo) { mapping.memo = memo }
        // A payee column a synonym took for the memo (Barclays' "Memo") is not the memo too.
        if mapping.memo == mapping.payee { mapping.memo = nil }
        if layout.chargesPositive { mapping.negate = true; extras.direction = nil }
        if let mcc = column(layout.mcc) {
            mapping.mcc = mcc
            if extras.direction == mcc { extras.direction = nil }
        }
        if let fee = column(layout.fee) { mapping.fee = fee }
        if layout.feeIncluded { mapping.fee = nil }
        if let category = column(layout.category) { mapping.category = category }
        if let id = column(layout.externalID) { mapping.externalID = id }
        if let currency = column(layout.currency) { mapping.currency = currency }
        if layout.noCurrency { mapping.currency = nil }
        extras.layout = layout.name
    }

    /// The MCC written inside a bank's text ("… RUR MCC5411", "MCC: 5812"), if any.
    static func mccInText(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 7 else { return nil }
        var index = 0
        while index + 3 < bytes.count {
            if (bytes[index] | 0x20) == 0x6D, (bytes[index + 1] | 0x20) == 0x63, (bytes[index + 2] | 0x20) == 0x63 {
                var next = index + 3
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x3A { next += 1 }
                let digits = bytes[next...].prefix(while: { $0 >= 0x30 && $0 <= 0x39 })
                if digits.count == 4, next + 4 == bytes.count || !(bytes[next + 4] >= 0x30 && bytes[next + 4] <= 0x39) {
                    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                }
            }
            index += 1
        }
        return nil
    }

    /// An MCC cell: four digits (leading zeros allowed), else nil.
    static func mcc(_ cell: String) -> Int? {
        let text = cell.trimmed
        guard (1...4).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else { return nil }
        return value
    }
}
