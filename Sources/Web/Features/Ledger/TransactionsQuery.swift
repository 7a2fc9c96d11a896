import Engine
import HTTPCore
import Storage

/// The ledger's query parameters, checked: the filter, the page position and the canonical
/// text of each parameter (links and chips print them back in one order). An empty
/// parameter is absent (the filter form sends every field).
struct TransactionsQuery: Equatable {
    /// The parameters in the order links print them.
    static let names = ["q", "amount", "account", "category", "kind", "status", "from", "to"]
    /// The longest search text.
    static let maximumText = 100
    /// The shortest search text that filters.
    static let minimumText = 3

    var filter = LedgerFilter()
    var position = LedgerPosition.newest
    /// The filter's parameters as given (trimmed), by name; only those in effect.
    var given: [String: String] = [:]
    /// True when `q` was too short to search with (shown with a note, not applied).
    var shortText = false
    /// What a person typed in the filter form and FinMind could not use (an amount such as "over
    /// 100", a date outside the limits, To before From), by field: the message by the field. The
    /// page shows the ledger without it (422); the API refuses the request (`checked()`).
    var problems: [String: String] = [:]
    /// The refused fields' text, kept in the form.
    var typed: [String: String] = [:]
    /// `all=1` (or a page position): every entry, 50 a page, with the bulk actions; else the
    /// summary: the totals and the newest `summaryCount` entries, with "Show all N entries".
    var showsAll = false
    /// How many entries the summary shows.
    static let summaryCount = 10

    private init() {}

    /// Checks every parameter. Throws `AppError(.malformed)` naming the first one at fault
    /// (400) for what no form field sends: unknown values, an account or category that does not
    /// exist, a bad page position, a parameter twice. Typed ones (amount, dates) go to `problems`.
    init(_ query: FormFields, currency: Currency, language: Language, t: Translations,
         accounts: Set<ID<Account>>, categories: Set<String>) throws {
        func value(_ name: String) -> String? {
            let all = query.values(name).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            return all.first
        }
        func refuse(_ name: String) -> AppError {
            AppError(.malformed, message: t.format("tx_error_parameter", ["name": name]))
        }
        for name in Self.names + ["before", "after", "all"] where query.values(name).filter({ !$0.isEmpty }).count > 1 {
            throw refuse(name)
        }
        if let text = value("q") {
            let text = text.precomposedStringWithCanonicalMapping
            guard text.count <= Self.maximumText, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw refuse("q") }
            given["q"] = text
            // The search index works on runs of three characters: a shorter text is kept in the
            // field with a note, and filters nothing (a full scan of every entry would be slow).
            if text.count >= Self.minimumText { filter.text = text } else { shortText = true }
        }
        if let text = value("amount") {
            if let range = Self.amounts(text, currency: currency, language: language) {
                filter.amounts = range
                given["amount"] = text
            } else {
                problems["amount"] = t["tx_error_amount"]
                typed["amount"] = text
            }
        }
        if let text = value("account") {
            if text == "none" {
                filter.account = LedgerFilter.AccountChoice.none
            } else if let id: ID<Account> = Route.id(text), accounts.contains(id) {
                filter.account = .id(id)
            } else {
                throw refuse("account")
            }
            given["account"] = text
        }
        if let text = value("category") {
            if text == "none" {
                filter.category = .uncategorised
            } else if categories.contains(text) {
                filter.category = .key(text)
            } else {
                throw refuse("category")
            }
            given["category"] = text
        }
        if let text = value("kind") {
            guard let kind = LedgerFilter.Kind(rawValue: text) else { throw refuse("kind") }
            filter.kind = kind
            given["kind"] = text
        }
        if let text = value("status") {
            switch text {
            case "planned": filter.isActual = false
            case "actual": filter.isActual = true
            default: throw refuse("status")
            }
            given["status"] = text
        }
        for name in ["from", "to"] {
            guard let text = value(name) else { continue }
            guard let day = Day(iso: text), Limits.days.contains(day) else {
                problems[name] = t["tx_error_date"]
                typed[name] = text
                continue
            }
            if name == "from" { filter.from = day } else { filter.through = day }
            given[name] = text
        }
        if let from = filter.from, let through = filter.through, from > through {
            problems["to"] = t["tx_error_range"]
            typed["to"] = given.removeValue(forKey: "to")
            filter.through = nil
        }
        switch (value("before"), value("after")) {
        case (nil, nil): break
        case (let text?, nil):
            guard let cursor = Self.cursor(text) else { throw refuse("before") }
            position = .olderThan(cursor)
        case (nil, let text?):
            guard let cursor = Self.cursor(text) else { throw refuse("after") }
            position = .newerThan(cursor)
        default: throw refuse("after")
        }
        switch value("all") {
        case nil: showsAll = position != .newest
        case "1": showsAll = true
        default: throw refuse("all")
        }
    }

    /// This query when nothing was refused; else `AppError(.malformed)` naming the first field
    /// refused (the API's 400).
    func checked(_ t: Translations) throws -> Self {
        guard let name = Self.names.first(where: { problems[$0] != nil }) else { return self }
        throw AppError(.malformed, message: t.format("tx_error_parameter", ["name": name]))
    }

    /// The ledger's address showing exactly the entries of `filter` (its text, account, category,
    /// kind, status and dates; the amount is not written): what the Advisor links as evidence.
    static func path(_ filter: LedgerFilter) -> String {
        var query = TransactionsQuery()
        if let text = filter.text { query.given["q"] = text }
        switch filter.account {
        case .id(let id)?: query.given["account"] = String(id.rawValue)
        case .none?: query.given["account"] = "none"
        case nil: break
        }
        switch filter.category {
        case .key(let key)?: query.given["category"] = key
        case .uncategorised?: query.given["category"] = "none"
        case nil: break
        }
        if let kind = filter.kind { query.given["kind"] = kind.rawValue }
        if let isActual = filter.isActual { query.given["status"] = isActual ? "actual" : "planned" }
        if let from = filter.from { query.given["from"] = from.iso }
        if let through = filter.through { query.given["to"] = through.iso }
        return TransactionsRoute.page.path + query.queryString()
    }

    /// "250" (exactly) or "100-500" (both ends included), each typed as forms take amounts;
    /// nil when malformed, outside the limits of docs/product-rules.md, "Ground limits", or the wrong way round.
    static func amounts(_ text: String, currency: Currency, language: Language) -> ClosedRange<Int64>? {
        func one(_ text: String) -> Int64? {
            guard case .success(let money) = Money.parse(text.trimmingCharacters(in: .whitespaces), household: currency, language: language),
                  Limits.amounts.contains(money) else { return nil }
            return money.minorUnits
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "–", omittingEmptySubsequences: false) }
        switch parts.count {
        case 1: return one(text).map { $0...$0 }
        case 2:
            guard let low = one(String(parts[0])), let high = one(String(parts[1])), low <= high else { return nil }
            return low...high
        default: return nil
        }
    }

    /// "2026-11-20.1234" → that position.
    static func cursor(_ text: String) -> LedgerCursor? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = Day(iso: String(parts[0])), Limits.days.contains(day), let id = Route.id(String(parts[1]))
        else { return nil }
        return LedgerCursor(date: day, id: ID(id))
    }

    /// The text a cursor travels as.
    static func text(_ cursor: LedgerCursor) -> String { "\(cursor.date.iso).\(cursor.id)" }

    /// The query string of this filter (without `leaving` and without the position; `all=1` when
    /// it shows all), "" when none; then `extra` parameters appended.
    func queryString(leaving: String? = nil, _ extra: [(String, String)] = []) -> String {
        let pairs = Self.names.compactMap { name in given[name].flatMap { name == leaving ? nil : (name, $0) } }
            + (showsAll ? [("all", "1")] : []) + extra
        return pairs.isEmpty ? "" : "?" + pairs.map { FormEncoding.encode($0.0) + "=" + FormEncoding.encode($0.1) }.joined(separator: "&")
    }
}
