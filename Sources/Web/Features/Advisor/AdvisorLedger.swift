import Advisor
import Engine
import Foundation
import Storage

// The Advisor's direct answers: a question over the ledger answered with the ledger's
// own totals and a link to /transactions filtered to exactly the entries counted; "how much can I
// safely spend today" answered with the one safe to spend figure and its /explain page. Rules:
// docs/engine-rules.md, "Advisor: questions over the ledger".

/// A link under an answer: the evidence for its figure, or the other reading of the question.
struct AdvisorLink: Equatable {
    var label: String
    var href: String

    /// How a link travels inside a stored answer: `[label](/path)` (only the built-in advisor's
    /// answers are read back as links, and only to paths on this site).
    var markup: String {
        "[" + label.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")") + "](" + href + ")"
    }

    /// A button that asks `question` (the clarifying answer's: "Which debt should I pay first?"):
    /// stored as a link to POST /advisor/ask with the question, shown as a button of a form.
    static func ask(_ question: String) -> AdvisorLink {
        AdvisorLink(label: question, href: AdvisorRoute.ask.path + "?q=" + FormEncoding.encode(question))
    }

    /// A stored answer as a person reads it outside the page: each link as "label (/path)".
    static func readable(_ text: String) -> String {
        parts(text).map { part in part.href.map { part.text + " (" + $0 + ")" } ?? part.text }.joined()
    }

    /// A stored answer as text runs and links: `[label](/path)` becomes a link when the path is
    /// on this site (starts with one "/", no space, quote or angle bracket); anything else stays text.
    static func parts(_ text: String) -> [AdvisorTextPart] {
        var parts: [AdvisorTextPart] = []
        var rest = Substring(text)
        func appendText(_ s: Substring) {
            guard !s.isEmpty else { return }
            if let last = parts.last, !last.isLink { parts[parts.count - 1].text += s } else { parts.append(AdvisorTextPart(text: String(s))) }
        }
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"), rest[close...].hasPrefix("](/"),
                  let end = rest[close...].firstIndex(of: ")") else { break }
            let label = rest[rest.index(after: open)..<close]
            let href = rest[rest.index(close, offsetBy: 2)..<end]
            if label.isEmpty || label.contains("\n") || href.hasPrefix("//") || href.contains(where: { " \n\"'<>\\".contains($0) }) {
                appendText(rest[...open])
                rest = rest[rest.index(after: open)...]
                continue
            }
            appendText(rest[..<open])
            parts.append(AdvisorTextPart(text: String(label), href: String(href)))
            rest = rest[rest.index(after: end)...]
        }
        appendText(rest)
        return parts
    }
}

/// A run of an answer's text, or a link.
struct AdvisorTextPart: ViewModel, Equatable {
    var text: String
    var href: String?
    var isLink: Bool { href != nil }
    /// The question a button of the answer asks (`AdvisorLink.ask`), or nil for text and links.
    var ask: String? {
        guard let href, href.hasPrefix(AdvisorRoute.ask.path + "?q=") else { return nil }
        return String(href.dropFirst(AdvisorRoute.ask.path.count + 3)).removingPercentEncoding
    }
}

/// An answer read directly from the ledger or the forecast: its topic (the advisor_request
/// event's), its lines and its links.
struct AdvisorDirectAnswer {
    var topic: String
    var lines: [String]
    var links: [[AdvisorLink]]

    /// The lines clipped to `limit` characters, then each row of links on its own line (links
    /// are not clipped: they are the evidence).
    func text(limit: Int) -> String {
        ([AdvisorText.clip(lines, limit: limit)] + links.filter { !$0.isEmpty }.map { $0.map(\.markup).joined(separator: " · ") })
            .joined(separator: "\n")
    }
}

extension AdvisorFeature {
    /// The direct answer to `question`, or nil when it is neither "how much can I spend today",
    /// "should I cancel X or Y", "how much more for <goal>" nor a question over the ledger (the
    /// topics answer it then).
    /// An identity or injection question and "can I afford X" (an amount with an afford or
    /// spend verb) are never answered directly: their rules come first.
    func advisorDirectAnswer(_ question: String, facts: AdvisorFacts, routing: AdvisorRouting? = nil) throws -> AdvisorDirectAnswer? {
        let method = (routing ?? AdvisorRouter.route(question)).method
        guard method != .identityRule, method != .affordRule else { return nil }
        if LedgerQuestionReader.asksSafeToSpend(question) {
            let forecast = try facts.outlook?.forecast ?? currentForecast(days: 30, currency: facts.display.currency)
            return AdvisorDirectAnswer(topic: "safeToSpend", lines: [SafeToSpendView.sentence(forecast, display: facts.display)],
                                       links: [[AdvisorLink(label: facts.t["advisor_safe_explain"], href: ExplainRoute.page(.safeToSpend).path)]])
        }
        if LedgerQuestionReader.asksAboutSubscriptions(question) || LedgerQuestionReader.comparesPrices(question) {
            let named = LedgerQuestionReader.subscriptionMerchants(question, vocabulary: try ledgerVocabulary(today: facts.today))
            if !named.isEmpty { return try subscriptionsAnswer(named, facts: facts) }
        }
        // "How much more for the Italy trip?" wherever the router would send it, when it names a goal.
        if let goal = BuiltInAdvisor(facts: facts).goalMissing(question, named: true) { return goal }
        guard LedgerQuestionReader.mayBeLedger(question) else { return nil }
        guard let query = LedgerQuestionReader.read(question, today: facts.today, language: facts.language,
                                                    vocabulary: try ledgerVocabulary(today: facts.today)) else {
            return LedgerQuestionReader.asksSpendingVaguely(question) ? Self.whichSpending(facts) : nil
        }
        return try ledgerAnswer(query, facts: facts)
    }

    /// "How much did I spend?" with nothing to count: which period, as links to the ledger.
    static func whichSpending(_ facts: AdvisorFacts) -> AdvisorDirectAnswer {
        let t = facts.t, today = facts.today
        let weekStart = today.adding(days: -((today.weekday - (facts.language.weekStartsMonday ? 1 : 0) + 7) % 7))
        func link(_ key: StringKey, _ from: Day, _ through: Day) -> AdvisorLink {
            AdvisorLink(label: t[key], href: TransactionsQuery.path(LedgerFilter(kind: .expense, isActual: true, from: from, through: through)))
        }
        let last = today.yearMonth.previous
        return AdvisorDirectAnswer(topic: "ledger", lines: [t["advisor_ledger_which"]], links: [[
            link("advisor_ledger_which_this_month", today.yearMonth.firstDay, today),
            link("advisor_ledger_which_last_month", last.firstDay, last.lastDay),
            link("advisor_ledger_which_this_week", weekStart, today)]])
    }

    /// The household's categories (every name each goes by, in the three languages; "other"
    /// left out: it is an everyday word) and the merchants of its expenses (then incomes) in the last 400 days.
    /// Read once per data version and day (`vocabularyCache`; the conversation's own writes do not
    /// count, so the next question reuses it): a question reads no merchant list.
    func ledgerVocabulary(today: Day) throws -> LedgerVocabulary {
        try vocabularyCache.value(stamp: "\(database.dataVersion) \(today.iso)") { try computeLedgerVocabulary(today: today) }
    }

    private func computeLedgerVocabulary(today: Day) throws -> LedgerVocabulary {
        let tables = Language.allCases.map(Translations.init)
        let categories = try database.categories().filter { $0.key != AppDatabase.permanentCategory }.map { record in
            (key: record.key, names: record.name.map { [$0] } ?? tables.map { $0[runtime: "category_\(record.key)"] })
        }
        // Expenses' names and payees, then incomes' ("what did freelancing bring in": the income's name).
        let merchants = try database.ledgerMerchants(LedgerFilter(kind: .expense, from: today.adding(days: -400), through: today), limit: 3000)
            + database.ledgerMerchants(LedgerFilter(kind: .income, from: today.adding(days: -400), through: today), limit: 200)
        let accounts = try database.accounts().map { (id: $0.id.rawValue, name: $0.name) }
        return LedgerVocabulary(categories: categories, merchants: merchants, accounts: accounts, lastPayday: try lastPayday(today: today))
    }

    /// "Since payday" starts on the last income's date: the latest actual income in the ledger
    /// up to today; with none, the latest day a recurring income was due (the schedule the safe
    /// to spend figure reads its payday from) in the last 400 days; nil with neither.
    func lastPayday(today: Day) throws -> Day? {
        if let row = try database.ledgerPage(LedgerFilter(kind: .income, isActual: true, through: today), at: .newest, limit: 1).rows.first {
            return row.date
        }
        let incomes = try currentPlan().household.incomes
        return occurrences(of: incomes, from: today.adding(days: -400), through: today).map(\.date).max()
    }

    /// The ledger's filter for `query` over `period`: actual expenses (no transfers), the category,
    /// the merchant's text — the filter /transactions applies to the link's parameters.
    static func ledgerFilter(_ query: LedgerQuestion, _ period: LedgerQuestion.Period) -> LedgerFilter {
        LedgerFilter(text: query.merchant, account: query.account.map { .id(ID($0)) }, category: query.category.map { .key($0) },
                     kind: query.income ? .income : .expense, isActual: true, from: period.from, through: period.through)
    }

    /// The figure from `ledgerTotals` (the ledger's own totals) or `ledgerLargest`, and the links.
    func ledgerAnswer(_ query: LedgerQuestion, facts: AdvisorFacts) throws -> AdvisorDirectAnswer {
        let t = facts.t, display = facts.display
        let filter = Self.ledgerFilter(query, query.period)
        // With a merchant, the names its text matches come from the same read as the totals.
        let (totals, names) = try database.ledgerTotals(filter, names: 4)
        let category = query.category.map { display.category($0, names: facts.categoryNames) }
        var what: String
        switch (category, query.merchant) {
        case let (category?, merchant?): what = t.format("advisor_ledger_category_merchant", ["category": category, "name": merchant])
        case let (category?, nil): what = category
        case let (nil, merchant?): what = t.format("advisor_ledger_merchant", ["name": merchant])
        case (nil, nil): what = t[query.income ? "advisor_ledger_income" : "advisor_ledger_everything"]
        }
        if let account = try query.account.flatMap({ id in try database.accounts().first { $0.id.rawValue == id } }) {
            what = t.format("advisor_ledger_account", ["what": what, "account": account.name])
        }
        let spent = query.income ? totals.income : totals.expense
        func periodText(_ period: LedgerQuestion.Period) -> String {
            period.from == period.through ? display.day(period.from)
                : t.format("advisor_ledger_period", ["from": display.day(period.from), "to": display.day(period.through)])
        }
        let countKey: StringKey = query.income ? "advisor_ledger_payments" : "advisor_ledger_purchases"
        let count = t.plural(countKey, count: totals.count)
        var values = ["what": what, "period": periodText(query.period), "count": count, "amount": facts.money(spent)]
        var line: String
        if totals.count == 0 {
            line = t.format(query.income ? "advisor_ledger_none_income" : "advisor_ledger_none", values)
        } else if query.income, query.measure == .sum {
            line = t.format("advisor_ledger_received", values)
        } else {
            switch query.measure {
            case .sum: line = t.format("advisor_ledger_sum", values)
            case .count: line = t.format("advisor_ledger_count", values)
            case .average:
                values["total"] = values["amount"]
                values["amount"] = facts.money(Money(clamping: roundHalfEven(numerator: Int128(spent.minorUnits), denominator: Int128(totals.count))))
                line = t.format(query.income ? "advisor_ledger_average_income" : "advisor_ledger_average", values)
            case .largest:
                if let row = try database.ledgerLargest(filter) {
                    values["amount"] = facts.money(row.amount)
                    values["name"] = row.name
                    values["date"] = display.day(row.date)
                    line = t.format(query.income ? "advisor_ledger_largest_income" : "advisor_ledger_largest", values)
                } else {
                    line = t.format("advisor_ledger_none", values)
                }
            }
        }
        var lines = [line]
        var links = [[AdvisorLink(label: t["advisor_ledger_show"], href: TransactionsQuery.path(filter))]]
        if query.period.name == .sincePayday {
            lines.append(t.format("advisor_ledger_since_payday", ["date": display.day(query.period.from)]))
        }
        switch query.comparison {
        case .period(let before)?:
            // The same entries over the period before: both sums, and which is more.
            let earlier = Self.ledgerFilter(query, before)
            let then = try database.ledgerTotals(earlier)
            let was = query.income ? then.income : then.expense
            let key: StringKey = spent > was ? "advisor_ledger_vs_more" : spent < was ? "advisor_ledger_vs_less" : "advisor_ledger_vs_same"
            lines.append(t.format(key, ["period": periodText(before), "amount": facts.money(was), "count": t.plural(countKey, count: then.count),
                                        "diff": facts.money(spent > was ? spent.saturatingSubtracting(was) : was.saturatingSubtracting(spent))]))
            links[0].append(AdvisorLink(label: periodText(before), href: TransactionsQuery.path(earlier)))
        case .plan?:
            lines.append(try planLine(query, spent: spent, what: what, facts: facts))
            links[0].append(AdvisorLink(label: t["advisor_ledger_limits"], href: LimitsRoute.list.path))
        case nil:
            break
        }
        if !query.periodGiven { lines.append(t["advisor_ledger_no_period"]) }
        if let other = query.otherPeriod {
            lines.append(t["advisor_ledger_this_month_read"])
            links.append([AdvisorLink(label: periodText(other), href: TransactionsQuery.path(Self.ledgerFilter(query, other)))])
        }
        if let merchant = query.merchant {
            // Names of two or more payees: all counted, each other name one tap away (a name that is
            // the text itself, in any case, lists them all: it is the answer's own link).
            let others = names.filter { $0.lowercased() != merchant.lowercased() }.prefix(3)
            if names.count >= 2, !others.isEmpty {
                lines.append(t.format("advisor_ledger_merchants", ["text": merchant, "names": names.joined(separator: ", ")]))
                links.append(others.map { name in
                    var only = filter
                    only.text = name
                    return AdvisorLink(label: name, href: TransactionsQuery.path(only))
                })
            }
        }
        return AdvisorDirectAnswer(topic: "ledger", lines: lines, links: links)
    }

    /// "Compared to my limit / the plan": the category's limit as the Limits page sets it (its
    /// amount and period, the share of it the figure is, what is left or over), else the monthly
    /// amounts of the recurring expenses planned in the category, else that none is set.
    func planLine(_ query: LedgerQuestion, spent: Money, what: String, facts: AdvisorFacts) throws -> String {
        let t = facts.t
        guard let key = query.category else { return t.format("advisor_ledger_vs_none", ["what": what]) }
        func percent(_ of: Money) -> String { of.minorUnits > 0 ? "\(Int128(spent.minorUnits) * 100 / Int128(of.minorUnits))" : "0" }
        if let limit = try database.categoryLimits().first(where: { $0.category == key }) {
            let over = spent > limit.amount
            return t.format(over ? "advisor_ledger_vs_limit_over" : "advisor_ledger_vs_limit_left", [
                "limit": facts.money(limit.amount), "per": t.inSentence(limit.period.stringKey), "percent": percent(limit.amount),
                "left": facts.money(over ? spent.saturatingSubtracting(limit.amount) : limit.amount.saturatingSubtracting(spent))])
        }
        let planned = facts.household.expenses.filter { $0.category == key && $0.isActive(on: facts.today) }
            .reduce(Money.zero) { $0.saturatingAdding($1.periodicity.monthlyAmount($1.amount)) }
        guard planned > .zero else { return t.format("advisor_ledger_vs_none", ["what": what]) }
        return t.format("advisor_ledger_vs_planned", ["planned": facts.money(planned), "percent": percent(planned)])
    }

    /// "Should I cancel Spotify or Hulu?": each merchant's monthly and yearly cost — a tracked
    /// bill's (its periodicity), else a recurring purchase's: the last payment's amount when it is
    /// in the subscriptions category or was paid at the same amount in two of the last three
    /// months and is not food (groceries are never a subscription) — its last payment, and the
    /// one whose cancelling saves the most. Each with a link to its payments in the ledger.
    func subscriptionsAnswer(_ names: [String], facts: AdvisorFacts) throws -> AdvisorDirectAnswer {
        let t = facts.t, today = facts.today
        let bills = try billsFigures().watch.filter { $0.item.kind == .expense && $0.status != .ended }
        var lines: [String] = [], links: [AdvisorLink] = []
        var savings: [(name: String, yearly: Money)] = []
        for name in names {
            let filter = LedgerFilter(text: name, kind: .expense, isActual: true, from: today.adding(days: -365), through: today)
            let link = AdvisorLink(label: t.format("advisor_subs_show", ["name": name]), href: TransactionsQuery.path(filter))
            let bill = bills.first { $0.item.name.lowercased().contains(name.lowercased()) }
            guard let last = try database.ledgerPage(filter, at: .newest, limit: 1).rows.first else {
                if let bill {
                    let yearly = bill.item.periodicity.yearlyAmount(bill.item.amount)
                    lines.append(t.format("advisor_subs_bill", ["name": bill.item.name, "monthly": facts.money(bill.item.periodicity.monthlyAmount(bill.item.amount)),
                                                                 "yearly": facts.money(yearly)]))
                    savings.append((name, yearly))
                } else {
                    lines.append(t.format("advisor_subs_none", ["name": name]))
                }
                continue
            }
            links.append(link)
            let paid = ["date": facts.display.day(last.date), "amount": facts.money(last.amount)]
            if let bill {
                let yearly = bill.item.periodicity.yearlyAmount(bill.item.amount)
                lines.append(t.format("advisor_subs_line", paid.merging(["name": name, "yearly": facts.money(yearly),
                    "monthly": facts.money(bill.item.periodicity.monthlyAmount(bill.item.amount))]) { a, _ in a }))
                savings.append((name, yearly))
                continue
            }
            let recent = LedgerFilter(text: name, kind: .expense, isActual: true, from: today.yearMonth.adding(months: -2).firstDay, through: today)
            let rows = try database.ledgerPage(recent, at: .newest, limit: 60).rows
            let sameMonths = Set(rows.filter { $0.amount == last.amount }.map(\.date.yearMonth)).count
            if last.category != "food", last.category == "subscriptions" || sameMonths >= 2 {
                let yearly = last.amount.saturatingMultiplied(by: 12)
                lines.append(t.format("advisor_subs_line", paid.merging(["name": name, "monthly": facts.money(last.amount), "yearly": facts.money(yearly)]) { a, _ in a }))
                savings.append((name, yearly))
            } else {
                let totals = try database.ledgerTotals(recent)
                lines.append(t.format("advisor_subs_not", ["name": name, "count": t.plural("advisor_ledger_purchases", count: totals.count),
                                                            "total": facts.money(totals.expense), "from": facts.display.day(recent.from!)]))
            }
        }
        if savings.count >= 2, let top = savings.max(by: { $0.yearly != $1.yearly ? $0.yearly < $1.yearly : $0.name > $1.name }) {
            lines.append(t.format("advisor_subs_saves", ["name": top.name, "yearly": facts.money(top.yearly)]))
        }
        return AdvisorDirectAnswer(topic: AdvisorIntent.bills.rawValue, lines: lines, links: [links])
    }
}
