import Engine

// The contract between the statement parsers (CSV, OFX, QIF: `StatementParser`) and the
// import that plans, previews and commits their rows. Pure: no database, no clock ("today"
// comes in the options), no Foundation networking. The rules are in docs/engine-rules.md,
// "Bank statements".

/// What kind of file a statement is, decided from its content, never its name.
public enum StatementFormat: String, Sendable, Codable, CaseIterable {
    case csv, ofx, qif
    /// SWIFT MT940 (German banks' "MT940" / "STA" export).
    case mt940
    /// ISO 20022 CAMT.053 XML (`urn:iso:std:iso:20022:tech:xsd:camt.053.001.xx`).
    case camt
}

/// The text encodings a statement may come in; the preview can override the detected one.
public enum TextEncoding: String, Sendable, Codable, CaseIterable {
    case utf8, utf16le, utf16be, cp1251, cp1252
}

/// How an all-numeric date like 05/04/2026 is read.
public enum DateOrder: String, Sendable, Codable, CaseIterable {
    /// 05/04/2026 is 5 April (Russian banks, most of Europe).
    case dayMonth
    /// 05/04/2026 is 4 May (US banks).
    case monthDay
}

/// One transaction as the bank wrote it, before any rule or category of ours.
public struct StatementRow: Equatable, Sendable, Codable {
    /// Where it is in the file: the 1-based line (CSV, QIF: the record's first line; OFX: the
    /// line its STMTTRN opens on), for messages.
    public var line: Int
    public var date: Day
    /// Signed minor units: positive is money in, negative money out.
    public var amount: Int64
    /// The bank's payee or description text, trimmed; may be empty.
    public var payee: String
    /// The bank's memo or comment, trimmed; may be empty.
    public var memo: String
    /// The bank's own id for the transaction (OFX FITID, a CSV id/reference column), if any.
    public var externalID: String?
    /// The bank's category text, if the file has one.
    public var category: String?
    /// The merchant category code (ISO 18245) the bank gives, if any: an MCC column, OFX `SIC`,
    /// or "MCC5411" inside the bank's text.
    public var mcc: Int?
    /// A QIF transaction's split lines (category, memo, signed amount), in the file's order.
    public var splits: [StatementSplit]

    public init(line: Int, date: Day, amount: Int64, payee: String, memo: String = "",
                externalID: String? = nil, category: String? = nil, mcc: Int? = nil, splits: [StatementSplit] = []) {
        self.line = line; self.date = date; self.amount = amount; self.payee = payee; self.memo = memo
        self.externalID = externalID; self.category = category; self.mcc = mcc; self.splits = splits
    }
}

/// One split line of a transaction (QIF `S`/`E`/`$`).
public struct StatementSplit: Equatable, Sendable, Codable {
    public var category: String
    public var memo: String
    /// Signed minor units, in the transaction's direction.
    public var amount: Int64

    public init(category: String, memo: String = "", amount: Int64) {
        self.category = category; self.memo = memo; self.amount = amount
    }
}

/// A row the parser could not read: where, and why in words a user understands
/// (English; the web layer shows it as it is, beside the line number).
public struct RowError: Equatable, Sendable, Codable {
    public var line: Int
    /// The column's header text (CSV) or the field's tag (OFX, QIF), if the fault is in one.
    public var column: String?
    public var reason: String
    /// True when the bank itself says the operation did not (or not yet) happen — failed,
    /// declined, reverted, pending: the row is *skipped*, not faulty.
    public var skipped: Bool

    public init(line: Int, column: String? = nil, reason: String, skipped: Bool = false) {
        self.line = line; self.column = column; self.reason = reason; self.skipped = skipped
    }
}

/// Which CSV column holds what (0-based indexes into a row's cells). Either `amount` (signed)
/// or at least one of `inflow` / `outflow` is set. Remembered per header shape once the user
/// confirms it, so the next statement from the same bank maps itself.
public struct ColumnMapping: Equatable, Sendable, Codable {
    public var date: Int
    public var amount: Int?
    public var inflow: Int?
    public var outflow: Int?
    public var payee: Int?
    public var memo: Int?
    public var externalID: Int?
    public var category: Int?
    public var currency: Int?
    /// The merchant category code column (MCC).
    public var mcc: Int?
    /// A fee column: its magnitude is charged on top of the amount (Revolut's `Fee`).
    public var fee: Int?
    /// Flip every amount's sign (a card statement that lists spending as positive).
    public var negate: Bool

    public init(date: Int, amount: Int? = nil, inflow: Int? = nil, outflow: Int? = nil, payee: Int? = nil,
                memo: Int? = nil, externalID: Int? = nil, category: Int? = nil, currency: Int? = nil,
                mcc: Int? = nil, fee: Int? = nil, negate: Bool = false) {
        self.date = date; self.amount = amount; self.inflow = inflow; self.outflow = outflow; self.payee = payee
        self.memo = memo; self.externalID = externalID; self.category = category; self.currency = currency
        self.mcc = mcc; self.fee = fee; self.negate = negate
    }
}

/// What the user (or a remembered profile) says about how to read a file; nil means "detect".
public struct ParseOptions: Equatable, Sendable {
    public var encoding: TextEncoding?
    public var dateOrder: DateOrder?
    public var mapping: ColumnMapping?
    /// Picks the date order when both readings are valid: Russian → day first, English → month first.
    public var prefersDayFirst: Bool
    /// Dates are accepted within [today − 20 years, today + 1 year].
    public var today: Day
    /// The household currency (ISO code): an OFX whose CURDEF differs is refused.
    public var currency: String
    /// Digits after the decimal mark in the household currency (2 for RUB, USD, EUR).
    public var minorDigits: Int
    /// At most this many rows; more is an error, nothing is read.
    public var rowLimit: Int
    /// When reading must give up (`.tooSlow`): asked as rows and tags are read.
    public var budget = ParseBudget.unlimited
    /// The day the account was opened, if known: evidence for the date order (its rows should
    /// not come before it).
    public var openedOn: Day?

    public init(today: Day, currency: String, prefersDayFirst: Bool, encoding: TextEncoding? = nil,
                dateOrder: DateOrder? = nil, mapping: ColumnMapping? = nil, minorDigits: Int = 2, rowLimit: Int = 200_000,
                openedOn: Day? = nil) {
        self.today = today; self.currency = currency; self.prefersDayFirst = prefersDayFirst; self.encoding = encoding
        self.dateOrder = dateOrder; self.mapping = mapping; self.minorDigits = minorDigits; self.rowLimit = rowLimit
        self.openedOn = openedOn
    }
}

/// When a reading must stop: the caller's clock says, the readers only ask (every
/// `ParseBudget.stride` steps, so asking costs nothing). Budgets never make options differ:
/// they say when to stop, not how to read.
public struct ParseBudget: Sendable, Equatable {
    private let isSpent: @Sendable () -> Bool
    /// The seconds the caller allows, for the message.
    public let seconds: Int

    /// A budget of `seconds` that `isSpent` says is used up.
    public init(seconds: Int, isSpent: @escaping @Sendable () -> Bool) {
        self.seconds = seconds
        self.isSpent = isSpent
    }

    /// Never spent.
    public static let unlimited = ParseBudget(seconds: 0) { false }

    /// Steps between two questions.
    static let stride = 1024

    /// Throws `.tooSlow` when the budget is spent and `step` is a multiple of the stride.
    func check(_ step: Int) throws(StatementError) {
        if step % Self.stride == 0, isSpent() { throw .tooSlow(seconds: seconds) }
    }

    public static func == (_: ParseBudget, _: ParseBudget) -> Bool { true }
}

/// A bank's closing balance as the statement states it (OFX LEDGERBAL, MT940 :62F:, CAMT CLBD).
public struct StatementBalance: Equatable, Sendable, Codable {
    public var amount: Int64
    public var date: Day
    public init(amount: Int64, date: Day) { self.amount = amount; self.date = date }
}

/// Everything read from one file.
public struct ParsedStatement: Equatable, Sendable {
    public var format: StatementFormat
    public var encoding: TextEncoding
    public var rows: [StatementRow]
    public var errors: [RowError]
    /// OFX BANKACCTFROM/CCACCTFROM ACCTID, MT940 :25:, CAMT Acct/Id, if any.
    public var bankAccountID: String?
    /// OFX CURDEF or a CSV currency column's single value, if any.
    public var currency: String?
    public var balance: StatementBalance?
    /// The order numeric dates were read in (nil when every date was unambiguous by its form).
    public var dateOrder: DateOrder?
    /// True when both orders read every date: the preview shows the choice and a switch.
    public var dateOrderAmbiguous: Bool
    /// CSV: the header row's cells as written, and the mapping used to read the rows.
    public var header: [String]?
    public var mapping: ColumnMapping?
    /// CSV: the header row normalised (case, spaces, ё), the key a remembered mapping is stored under.
    public var headerShape: String?
    /// The bank layout recognised from the header ("T-Bank", "Revolut", …), if any.
    public var layout: String?
    /// The statement's period as its preamble states it ("Период: 01.10.2026 - 31.10.2026"), or
    /// from the opening balance's day to the closing balance's (MT940, CAMT).
    public var period: ClosedRange<Day>?
    /// What decided the date order, for the preview (nil when no date needed a decision).
    public var dateOrderEvidence: DateOrderEvidence?

    public init(format: StatementFormat, encoding: TextEncoding, rows: [StatementRow], errors: [RowError] = [],
                bankAccountID: String? = nil, currency: String? = nil, balance: StatementBalance? = nil,
                dateOrder: DateOrder? = nil, dateOrderAmbiguous: Bool = false, header: [String]? = nil,
                mapping: ColumnMapping? = nil, headerShape: String? = nil) {
        self.format = format; self.encoding = encoding; self.rows = rows; self.errors = errors
        self.bankAccountID = bankAccountID; self.currency = currency; self.balance = balance
        self.dateOrder = dateOrder; self.dateOrderAmbiguous = dateOrderAmbiguous; self.header = header
        self.mapping = mapping; self.headerShape = headerShape
    }
}

/// Why the date order is what it is (docs/engine-rules.md, "Dates (CSV and QIF)").
public enum DateOrderEvidence: String, Sendable, Codable, CaseIterable {
    /// The user chose it.
    case chosen
    /// Only one order reads every date.
    case onlyReading
    /// Dotted dates (05.04.2026) are day first wherever they are written.
    case dotted
    /// Only this order puts the rows inside the period the preamble states.
    case period
    /// Only this order keeps the rows on or after the account's opening day.
    case openedOn
    /// Only this order keeps the rows out of the future.
    case future
    /// The file's own language (Cyrillic text) writes day first.
    case fileLanguage
    /// Nothing in the file tells: the household's language decides (ambiguous).
    case householdLanguage
}

/// A file that cannot be read at all (a bad row is a `RowError`, not this).
public enum StatementError: Error, Equatable, Sendable {
    case empty
    /// Binary junk, an image, an executable.
    case binary
    /// A ZIP (or .xlsx, which is one): the user should unpack or export as CSV.
    case zip
    case tooManyRows(limit: Int)
    /// Not CSV, OFX, QIF, MT940 or CAMT, or a CSV with no date or amount column we could find.
    case unrecognised(String)
    /// An OFX, MT940 or CAMT statement in another currency than the household's.
    case otherCurrency(String)
    /// Reading took longer than the caller's budget (`ParseOptions.budget`) and was stopped.
    case tooSlow(seconds: Int)
}
