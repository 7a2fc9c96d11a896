// The export layouts of American and British banks and card issuers, recognised by their header
// row like the others (BankLayouts.swift). The card issuers' own sign is the trap: American
// Express, Discover and Apple Card write a purchase as a POSITIVE amount and a payment to the
// card or a refund as negative, so their amounts are negated. Built from public importer code and
// configurations (sources in Tests/StatementsTests/EnglishBankSamples.swift); each layout's
// quirks are in docs/engine-rules.md, "Bank layouts".

extension BankLayouts {
    static let american: [BankLayout] = [
        // American Express with "additional details": MM/DD/YYYY, charges positive, Reference and
        // Amex's Category; "Appears On Your Statement As" repeats the description.
        BankLayout(name: "American Express", signature: ["date", "description", "amount", "extended details",
                                                         "appears on your statement as"],
                   date: "date", amount: "amount", payee: ["description"], category: "category", externalID: "reference",
                   chargesPositive: true),
        // American Express without details: Date, Description, Card Member, Account #, Amount.
        BankLayout(name: "American Express", signature: ["date", "description", "card member", "account #", "amount"],
                   date: "date", amount: "amount", payee: ["description"], chargesPositive: true),
        // Discover: Trans. Date and Post Date, charges positive, Discover's Category.
        BankLayout(name: "Discover", signature: ["trans. date", "post date", "description", "amount", "category"],
                   date: "trans. date", amount: "amount", payee: ["description"], category: "category", chargesPositive: true),
        // Apple Card (Wallet's export): Merchant is the payee, Description the raw text; Amount (USD)
        // positive for purchases; Type Purchase / Payment / Credit / Installment.
        BankLayout(name: "Apple Card", signature: ["transaction date", "clearing date", "description", "merchant", "category",
                                                   "type", "amount (usd)"],
                   date: "transaction date", amount: "amount (usd)", payee: ["merchant", "description"], memo: "description",
                   category: "category", chargesPositive: true),
        // Capital One (card): ISO dates, unsigned Debit (charges) and Credit (payments, refunds).
        BankLayout(name: "Capital One", signature: ["transaction date", "posted date", "card no.", "description", "debit", "credit"],
                   date: "transaction date", inflow: "credit", outflow: "debit", payee: ["description"], category: "category"),
        // Citi (card): Status Cleared / Pending, Debit for charges, Credit for payments written negative.
        BankLayout(name: "Citi", signature: ["status", "date", "description", "debit", "credit"],
                   date: "date", inflow: "credit", outflow: "debit", payee: ["description"], status: "status"),
        // U.S. Bank: ISO dates, Transaction DEBIT / CREDIT beside a signed Amount, Name the payee,
        // Memo the bank's text ("Download from usbank.com.").
        BankLayout(name: "U.S. Bank", signature: ["date", "transaction", "name", "memo", "amount"],
                   date: "date", amount: "amount", payee: ["name"], memo: "memo"),
    ]

    static let british: [BankLayout] = [
        // Lloyds, Halifax and Bank of Scotland (one platform): dd/mm/yyyy, the sort code with a
        // leading apostrophe, unsigned Debit Amount and Credit Amount, a Balance.
        BankLayout(name: "Lloyds / Halifax / Bank of Scotland", signature: ["transaction date", "transaction type", "sort code",
                                                                           "account number", "transaction description",
                                                                           "debit amount", "credit amount"],
                   date: "transaction date", inflow: "credit amount", outflow: "debit amount", payee: ["transaction description"]),
        // Barclays: Number (often empty), dd/mm/yyyy, the account, a signed Amount, Subcategory the
        // kind (Debit, Direct Debit, Counter Credit), the merchant or payer in Memo.
        BankLayout(name: "Barclays", signature: ["number", "date", "account", "amount", "subcategory", "memo"],
                   date: "date", amount: "amount", payee: ["memo"]),
        // Nationwide: "Account Name:", "Account Balance:", "Available Balance:" above the header,
        // "18 Nov 2026", £ amounts in Paid out / Paid in, cp1252.
        BankLayout(name: "Nationwide", signature: ["date", "transaction type", "description", "paid out", "paid in", "balance"],
                   date: "date", inflow: "paid in", outflow: "paid out", payee: ["description"]),
        // NatWest and RBS (one platform): Type (D/D, POS, BAC), a signed Value, Account Name and
        // Number on every row.
        BankLayout(name: "NatWest / RBS", signature: ["date", "type", "description", "value", "balance", "account name",
                                                      "account number"],
                   date: "date", amount: "value", payee: ["description"]),
        // Starling: Counter Party the payee, Reference the memo, Amount (GBP) signed, Spending Category.
        BankLayout(name: "Starling", signature: ["date", "counter party", "reference", "type", "amount (gbp)", "balance (gbp)"],
                   date: "date", amount: "amount (gbp)", payee: ["counter party"], memo: "reference", category: "spending category"),
    ]
}
