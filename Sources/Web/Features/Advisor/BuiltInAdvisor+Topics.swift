import Advisor
import Engine
import Foundation
import Storage

/// What the newer topics answer from, loaded only for the intent that needs it.
struct AdvisorExtras {
    var bills: BillsFigures?
    var limits: [LimitStatus]?
    var forecast: Forecast?
    var lastImport: ImportBatchInfo?
}

extension AdvisorFeature {
    /// The data the answer to `intent` needs beyond the plan (bills, limits, the forecast, the last
    /// import); the limits and the forecast come from `outlook` when the facts already hold them.
    func advisorExtras(for intent: AdvisorIntent, outlook: AdvisorOutlook? = nil, currency: Currency) throws -> AdvisorExtras {
        var extras = AdvisorExtras()
        switch intent {
        case .bills: extras.bills = try billsFigures()
        case .limits: extras.limits = try outlook?.limits ?? currentLimitStatuses(today: today())
        case .forecast, .affordability:
            extras.forecast = try outlook?.forecast ?? currentForecast(days: 30, currency: currency)
        case .imports: extras.lastImport = try database.importBatches(limit: 10).first { $0.status == .committed }
        default: break
        }
        return extras
    }
}

extension BuiltInAdvisor {
    /// Bills and subscriptions: the tracked totals (the /bills totals line), the subscriptions,
    /// the next due, price changes and new suggestions.
    func billsAnswer() -> [String] {
        guard let bills = facts.extras.bills else { return [t["advisor_answer_bills_none"]] }
        let expenses = bills.watch.filter { $0.item.kind == .expense && $0.status != .ended }
        if expenses.isEmpty {
            if bills.suggestions.isEmpty { return [t["advisor_answer_bills_none"]] }
            return [t.format("advisor_answer_bills_suggested", ["count": "\(bills.suggestions.count)"])]
        }
        var lines = [t.plural("advisor_answer_bills_total", count: bills.count, [
            "monthly": facts.money(bills.monthlyTotal), "yearly": facts.money(bills.yearlyTotal)])]
        let subscriptions = expenses.filter(\.isSubscription)
        if !subscriptions.isEmpty {
            let monthly = subscriptions.map { $0.item.periodicity.monthlyAmount($0.item.amount) }.saturatingTotal()
            let biggest = subscriptions.max { a, b in
                let ya = a.item.periodicity.yearlyAmount(a.item.amount), yb = b.item.periodicity.yearlyAmount(b.item.amount)
                return ya != yb ? ya < yb : a.item.name > b.item.name
            }!
            lines.append(t.format("advisor_answer_bills_subscriptions", [
                "count": "\(subscriptions.count)", "monthly": facts.money(monthly),
                "name": biggest.item.name, "yearly": facts.money(biggest.item.periodicity.yearlyAmount(biggest.item.amount))]))
        }
        let due = expenses.compactMap { w in w.nextDue.map { (date: $0, watch: w) } }
        if let next = due.min(by: { $0.date != $1.date ? $0.date < $1.date : $0.watch.item.name < $1.watch.item.name })?.watch,
           let date = next.nextDue {
            lines.append(t.format("advisor_answer_bills_next", ["name": next.item.name, "date": facts.display.day(date),
                                                                "amount": facts.money(next.item.amount)]))
        }
        for changed in expenses where changed.status == .priceChanged {
            if let amount = changed.newAmount {
                lines.append(t.format("advisor_answer_bills_changed", ["name": changed.item.name, "amount": facts.money(amount),
                                                                       "percent": "\(changed.changePercent ?? 0)"]))
            }
        }
        if !bills.suggestions.isEmpty { lines.append(t.format("advisor_answer_bills_suggested", ["count": "\(bills.suggestions.count)"])) }
        return lines
    }

    /// Category limits: the three fullest, with what is left.
    func limitsAnswer() -> [String] {
        guard let limits = facts.extras.limits, !limits.isEmpty else { return [t["advisor_answer_limits_none"]] }
        let sorted = limits.enumerated().sorted { $0.element.percent != $1.element.percent ? $0.element.percent > $1.element.percent : $0.offset < $1.offset }
        var lines: [String] = []
        for status in sorted.prefix(3).map(\.element) {
            let name = facts.display.category(status.limit.category, names: facts.categoryNames)
            let left = status.limit.amount.saturatingSubtracting(status.spent)
            let key = status.state == .exceeded ? "advisor_answer_limit_exceeded" : "advisor_answer_limit_left"
            lines.append(t.format(runtime: key, [
                "name": name, "spent": facts.money(status.spent), "amount": facts.money(status.limit.amount),
                "percent": "\(status.percent)", "left": facts.money(left.minorUnits > 0 ? left : .zero),
                "over": facts.money(left.minorUnits < 0 ? left.saturatingNegated : .zero), "end": facts.display.day(status.periodEnd)]))
        }
        let exceeded = limits.filter { $0.state == .exceeded }.count
        lines.append(t.format("advisor_answer_limits_summary", ["count": "\(limits.count)", "exceeded": "\(exceeded)"]))
        return lines
    }

    /// The 30-day forecast: risk, the low point, safe to spend.
    func forecastAnswer() -> [String] {
        guard let forecast = facts.extras.forecast else { return [t["advisor_answer_forecast_none"]] }
        var lines = [SafeToSpendView.sentence(forecast, display: facts.display),
                     t.format("advisor_answer_forecast_risk", ["risk": t[forecast.risk.advisorKey]])]
        if let negative = forecast.firstNegative {
            lines.append(t.format("advisor_answer_forecast_negative", ["date": facts.display.day(negative.date), "amount": facts.money(negative.amount)]))
        }
        lines.append(t.format("advisor_answer_forecast_low", ["date": facts.display.day(forecast.lowPoint.date),
                                                               "amount": facts.money(forecast.lowPoint.amount)]))
        if forecast.isNetChange { lines.append(t["advisor_answer_forecast_net_change"]) }
        return lines
    }

    /// How to import a statement, and the last import.
    func importsAnswer() -> [String] {
        var lines = [t["advisor_answer_imports_how"]]
        if let last = facts.extras.lastImport {
            lines.append(t.format("advisor_answer_imports_last", [
                "file": last.fileName, "account": last.accountName, "date": String((last.committedAt ?? last.createdAt).prefix(10)),
                "new": "\(last.newCount)", "linked": "\(last.linkedCount)", "skipped": "\(last.skippedCount)"]))
        } else {
            lines.append(t["advisor_answer_imports_never"])
        }
        return lines
    }

    /// The Challenge: what it is, and the link.
    func challengeAnswer() -> [String] { [t["advisor_answer_challenge"]] }

    /// When the router is unsure between two topics: one clarifying question naming them, and a
    /// button for each that asks that topic's question (`advisor_ask_<topic>`); nil when neither
    /// likeliest candidate is a topic.
    func clarifyingAsks(_ candidates: [AdvisorIntent]) -> AdvisorDirectAnswer? {
        let topics = candidates.filter(\.isOnTopic).prefix(2)
        guard !topics.isEmpty else { return nil }
        let names = topics.map { t[runtime: "advisor_topic_\($0.rawValue)"] }.joined(separator: t["advisor_or"])
        return AdvisorDirectAnswer(topic: AdvisorIntent.offTopic.rawValue, lines: [t.format("advisor_clarify_topics", ["topics": names])],
                                   links: [topics.map { AdvisorLink.ask(t[runtime: "advisor_ask_\($0.rawValue)"]) }])
    }

    /// A question it cannot place: one clarifying question, and the questions it can answer as
    /// links to the pages with their figures (this month's spending, safe to spend, goals, bills).
    func clarifyingLinks() -> AdvisorDirectAnswer {
        let month = facts.today.yearMonth.firstDay
        let spending = TransactionsQuery.path(LedgerFilter(kind: .expense, isActual: true, from: month, through: facts.today))
        return AdvisorDirectAnswer(topic: AdvisorIntent.offTopic.rawValue, lines: [t["advisor_clarify_question"]], links: [[
            AdvisorLink(label: t["advisor_clarify_spending"], href: spending),
            AdvisorLink(label: t["advisor_clarify_safe"], href: ExplainRoute.page(.safeToSpend).path),
            AdvisorLink(label: t["advisor_clarify_goals"], href: PlanRoute.page.path),
            AdvisorLink(label: t["advisor_clarify_bills"], href: BillsRoute.page.path)]])
    }

    /// "How much more do I need for the Italy trip?": the amount still missing, the monthly amount
    /// its deadline needs (ceil(missing ÷ months to the deadline)), the plan's monthly amount and
    /// ETA, and the goal's /explain page; nil when the question does not ask what is missing or
    /// names no goal (unless `named` is false and there is one goal: that one).
    func goalMissing(_ question: String, named: Bool = false) -> AdvisorDirectAnswer? {
        let text = AdvisorRouter.normalise(question)
        guard Self.missingCues.contains(where: { text.contains($0) }) else { return nil }
        let goals = namedGoals(question)
        guard let goal = goals.first ?? (!named && plan.goals.count == 1 ? plan.goals.first : nil) else { return nil }
        if goal.finished { return AdvisorDirectAnswer(topic: "goals", lines: [t.format("advisor_answer_goal_done", ["name": goal.name, "target": facts.money(goal.target)])], links: []) }
        var lines = [t.format("advisor_goal_missing", ["name": goal.name, "missing": facts.money(goal.missing),
                                                       "saved": facts.money(goal.saved), "target": facts.money(goal.target)])]
        if let deadline = facts.household.goals.first(where: { $0.id == goal.id })?.deadline, !goal.deadlinePassed {
            let needed = Money(clamping: ceilDivide(Int128(goal.missing.minorUnits), Int128(max(1, goal.monthsToDeadline))))
            lines.append(t.format("advisor_goal_by_deadline", ["deadline": facts.display.day(deadline), "needed": facts.money(needed)]))
        }
        if let eta = goal.etaMonths, goal.monthly.minorUnits > 0 {
            lines.append(t.format("advisor_goal_plan_eta", ["monthly": facts.money(goal.monthly), "eta": facts.display.months(eta)]))
        } else {
            lines.append(t["advisor_goal_plan_none"])
        }
        if goal.deadlinePassed { lines.append(t["advisor_answer_goal_passed"]) }
        return AdvisorDirectAnswer(topic: "goals", lines: lines,
                                   links: [[AdvisorLink(label: t["advisor_goal_explain"], href: ExplainRoute.page(.goalETA(id: goal.id)).path)]])
    }

    /// Words that ask what is still missing for a goal.
    static let missingCues = [" how much more", " how much left", " how much is left", " still need", " still missing", " left to save",
                              " remaining", " need for", " need to save", " to go ", " how far am i", " how far from",
                              " сколько еще", " сколько ещё", " еще нужно", " ещё нужно", " не хватает", " осталось накопить", " осталось собрать",
                              " сколько осталось", " недостает", " wie viel fehlt", " wie viel noch", " noch fehlt", " fehlen noch",
                              " noch sparen", " noch zurücklegen", " muss ich noch", " надо отложить", " нужно отложить",
                              // How near the goal is: "how close am I to", "still short for", "wie weit bin ich von", «далеко ли до».
                              " how close", " how near", " short for", " still short", " wie weit", " wie nah", " далеко ли", " как далеко",
                              " сколько осталось до", " is missing", " am i close", " close to", " short ", " genug gespart", " schon genug",
                              " enough saved", " saved enough", " достаточно накопил",
                              " еще копить", " еще накопить", " еще отложить", " еще собрать", " еще откладывать",
                              " brauche ich noch", " brauch ich noch", " fehlt noch", " fehlt mir", " wieviel fehlt", " wieviel noch", " wieviel muss",
                              // A goal named with its goal word or asked about when or whether it is reached.
                              " genug für", " genug fuer", " genug fur", " enough for", " reicht", " sparziel", " ziel", " goal", " цел", " zusammen",
                              " when will i have", " when will i reach", " wann hab ich", " wann habe ich", " wann erreiche",
                              " on track for", " progress", " far along", " how much until", " left for", " как продвигается", " накоплю", " успею",
                              " хватает ли", " хватит ли мне на"]
}
