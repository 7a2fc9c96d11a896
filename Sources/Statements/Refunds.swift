// Which inflows of a statement are refunds — money back from a shop, imported as a negative
// expense in the shop's category — and which stay incomes. Pure data and functions; the rule
// and its worked examples are in docs/engine-rules.md, "Refunds in a statement".

/// Why an inflow is taken for a refund.
public enum RefundReason: String, Sendable, Codable, CaseIterable {
    /// Its text (payee, memo or the bank's category column) says so: "REFUND", «Возврат покупки»,
    /// "Erstattung", "Gutschrift" with a shop.
    case word
    /// It comes from a merchant the household has spent at, no more than its largest purchase there.
    case merchant
}

public enum Refunds {
    /// The words that make an inflow a refund (`*` a stem: the word starts with it). Phrases are
    /// consecutive words.
    static let refundWords: [[String]] = [
        ["refund*"], ["rfnd"], ["return"], ["returns"], ["returned"], ["reversal"], ["chargeback*"], ["charge", "back"],
        ["credit", "voucher"], ["merchant", "credit"],
        ["возврат*"], ["отмена", "покупк*"], ["отмена", "операц*"], ["отмена", "оплат*"], ["отмена", "платеж*"],
        ["erstattung*"], ["rückerstattung*"], ["rueckerstattung*"], ["storno*"], ["stornierung*"],
        ["rückbuchung*"], ["rueckbuchung*"], ["rückgabe*"], ["rueckgabe*"], ["retoure*"],
    ]

    /// "Gutschrift" (a credit) is a refund only with a return word or from a shop.
    static let creditWords: [[String]] = [["gutschrift*"], ["gutschr"]]

    /// Words of money that is no refund, whatever else the text says: pay, pensions, tax
    /// refunds, interest, cashback, dividends, loans and debts repaid.
    static let incomeWords: [[String]] = [
        ["salary"], ["payroll"], ["wage*"], ["pension*"], ["interest"], ["dividend*"], ["cashback"], ["cash", "back"],
        ["tax"], ["irs"], ["hmrc"], ["treas"], ["loan*"], ["bonus"], ["deposit"],
        ["зарплат*"], ["заработн*"], ["зп"], ["пенси*"], ["стипенди*"], ["процент*"], ["кэшбэк*"], ["кешбэк*"], ["кэшбек*"],
        ["кешбек*"], ["налог*"], ["вычет*"], ["долг*"], ["займ*"], ["заем*"], ["кредит*"], ["дивиденд*"], ["вклад*"],
        ["lohn*"], ["gehalt*"], ["gehälter"], ["rente*"], ["zins*"], ["dividende*"], ["steuer*"], ["finanzamt*"], ["darlehen*"],
    ]

    /// Words of money moved between people or own accounts: never a refund by the merchant rule,
    /// nor by a refund word (a transfer sent back is a transfer, not a shop's money back).
    static let movementWords: [[String]] = [
        ["transfer*"], ["xfer"], ["zelle"], ["venmo"], ["autopay"], ["thank", "you"], ["payment", "received"],
        ["pmt"], ["top", "up"], ["topup"],
        ["перевод*"], ["пополнение*"], ["погашение*"], ["внесение*"],
        ["umbuchung*"], ["übertrag*"], ["einzahlung*"],
    ]

    /// The words of `text` as the lists compare them: normalised (`ImportKeys.normalised`),
    /// split at anything that is not a letter or digit.
    static func words(_ text: String) -> [String] {
        ImportKeys.normalised(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// True when one of `phrases` is found in `words` as consecutive words.
    static func contains(_ words: [String], _ phrases: [[String]]) -> Bool {
        guard !words.isEmpty else { return false }
        for phrase in phrases where phrase.count <= words.count {
            for start in 0...(words.count - phrase.count)
                where zip(phrase, words[start...]).allSatisfy({ pattern, word in matches(pattern, word) }) {
                return true
            }
        }
        return false
    }

    /// `word` is `pattern`, or starts with it when `pattern` ends with `*`.
    static func matches(_ pattern: String, _ word: String) -> Bool {
        pattern.hasSuffix("*") ? word.hasPrefix(pattern.dropLast()) : word == pattern
    }

    /// The payee's words with the words of the refund and credit phrases left out: the
    /// merchant's name ("AMAZON MARKETPLACE REFUND" → "amazon marketplace", «Возврат покупки
    /// OZON» → "ozon").
    public static func merchantText(_ payee: String) -> String {
        let patterns = (refundWords + creditWords).flatMap { $0 }
        return words(payee).filter { word in !patterns.contains { matches($0, word) } }.joined(separator: " ")
    }

    /// The merchant a payee is compared by: `PayeeCategories.payeeKey` of its `merchantText`, so
    /// "AMAZON MARKETPLACE REFUND" and "AMAZON MARKETPLACE" are one merchant.
    public static func merchantKey(_ payee: String) -> String {
        PayeeCategories.payeeKey(merchantText(payee))
    }

    /// Why the inflow (`amount` > 0) with `payee`, `memo` and the bank's category column is a
    /// refund, or nil when it is an income. `largestSpent` is the largest expense of its
    /// merchant (`merchantKey`) the household has recorded or the statement holds, nil when it
    /// has none. In order:
    /// 1. an income word (salary, tax, interest, cashback, a loan…) or a money-movement word
    ///    (a transfer, a card payment, a top-up) → nil;
    /// 2. a refund word → `.word`; "Gutschrift" with a return word, a merchant the household has
    ///    spent at or a chain the merchant directory files in a category → `.word`;
    /// 3. a merchant the household has spent at, the amount at most its largest expense there →
    ///    `.merchant`;
    /// otherwise nil.
    public static func reason(payee: String, memo: String, bankCategory: String?, amount: Int64,
                              largestSpent: Int64?) -> RefundReason? {
        guard amount > 0 else { return nil }
        let text = payee + " " + memo + " " + (bankCategory ?? "")
        let found = words(text)
        if contains(found, incomeWords) || contains(found, movementWords) { return nil }
        if contains(found, refundWords) { return .word }
        if contains(found, creditWords), largestSpent != nil || PayeeCategories.keyword(payee + " " + memo) != nil {
            return .word
        }
        if let largestSpent, !merchantKey(payee).isEmpty, amount <= largestSpent { return .merchant }
        return nil
    }
}
