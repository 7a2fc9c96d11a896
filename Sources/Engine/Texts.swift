// The plan's sentences in Russian and English: one plain sentence per allocation and
// per note, quoting real figures formatted with `MoneyFormat`.

// MARK: - Allocations

extension Allocation {
    /// The line's title: the loan's or goal's name, or "Emergency fund" / "Unallocated".
    public func title(_ l: Language) -> String {
        switch kind {
        case .emergency: return l == .ru ? "Резервный фонд" : "Emergency fund"
        case .unallocated: return l == .ru ? "Не распределено" : "Unallocated"
        case .debt, .goal: return name
        }
    }

    /// The one-sentence rationale of this line.
    public func text(_ l: Language, _ c: Currency) -> String {
        let money = { (m: Money) in MoneyFormat.format(m, c, l) }
        let amount = money(self.amount)
        let quoted = quote(name, l)
        switch (rationale, l) {
        case let (.emergency(missing, target, months), .en):
            return "Puts \(amount) a month into the emergency fund, which is \(money(missing)) short of its target of \(money(target)) (\(monthsPhrase(months, .en)) of expenses)."
        case let (.emergency(missing, target, months), .ru):
            return "\(amount) в месяц идёт в резервный фонд: до цели \(money(target)) (\(monthsPhrase(months, .ru)) расходов) не хватает \(money(missing))."
        case let (.debt(strategy, rank, apr, balance), .en):
            let method = strategy == .avalanche ? "avalanche" : "snowball"
            let reason = rank > 1 ? "it is next in line under the \(method) method"
                : strategy == .avalanche ? "it has the highest rate (\(apr.formatted(.en))) and is paid first under the avalanche method"
                : "it has the smallest balance (\(money(balance))) and is paid first under the snowball method"
            return "Adds \(amount) a month on top of the minimum payment to \(quoted), because \(reason)."
        case let (.debt(strategy, rank, apr, balance), .ru):
            let method = strategy == .avalanche ? "лавины" : "снежного кома"
            let reason = rank > 1 ? "он следующий в очереди по методу \(method)"
                : strategy == .avalanche ? "у него самая высокая ставка (\(apr.formatted(.ru))), и по методу лавины он гасится первым"
                : "у него самый маленький остаток (\(money(balance))), и по методу снежного кома он гасится первым"
            return "\(amount) в месяц сверх минимального платежа идёт на \(quoted): \(reason)."
        case let (.goal(missing, eta, _), .en):
            let when = eta.map { ", so it is reached in \(monthsPhrase($0, .en))" } ?? ""
            return "Saves \(amount) a month for \(quoted), which still needs \(money(missing))\(when)."
        case let (.goal(missing, eta, _), .ru):
            let when = eta.map { ", цель будет достигнута через \(monthsPhrase($0, .ru))" } ?? ""
            return "\(amount) в месяц откладывается на \(quoted): не хватает \(money(missing))\(when)."
        case (.unallocated, .en):
            return "\(amount) a month is left over because the emergency fund, the debts and the goals already get all they need."
        case (.unallocated, .ru):
            return "\(amount) в месяц остаются свободными: резервный фонд, долги и цели уже получают всё, что им нужно."
        }
    }
}

// MARK: - Notes

extension PlanNote {
    /// The note as one sentence.
    public func text(_ l: Language, _ c: Currency) -> String {
        let money = { (m: Money) in MoneyFormat.format(m, c, l) }
        switch (self, l) {
        case let (.deficit(amount), .en) where amount == .zero:
            return "Income exactly covers expenses: nothing is left for the fund, debts or goals."
        case let (.deficit(amount), .ru) where amount == .zero:
            return "Доход ровно покрывает расходы: на резервный фонд, долги и цели ничего не остаётся."
        case let (.deficit(amount), .en):
            return "Your monthly expenses exceed your recurring income by \(money(amount)), so there is nothing to split."
        case let (.deficit(amount), .ru):
            return "Ежемесячные расходы превышают регулярный доход на \(money(amount)), поэтому распределять нечего."
        case let (.fundComplete(saved, target), .en):
            return "The emergency fund is complete: \(money(saved)) saved against a target of \(money(target))."
        case let (.fundComplete(saved, target), .ru):
            return "Резервный фонд собран: накоплено \(money(saved)) при цели \(money(target))."
        case let (.goalUnreachable(name, eta?, months), .en):
            return "\(quote(name, .en)) will not be reached by its deadline at this pace: it needs \(monthsPhrase(eta, .en)), but only \(monthsPhrase(months, .en)) remain."
        case let (.goalUnreachable(name, nil, _), .en):
            return "\(quote(name, .en)) will not be reached by its deadline: nothing is set aside for it at the moment."
        case let (.goalUnreachable(name, eta?, months), .ru):
            return "Цель \(quote(name, .ru)) не будет достигнута к сроку при таком темпе: нужно \(monthsPhrase(eta, .ru)), а осталось \(monthsPhrase(months, .ru))."
        case let (.goalUnreachable(name, nil, _), .ru):
            return "Цель \(quote(name, .ru)) не будет достигнута к сроку: сейчас на неё ничего не откладывается."
        case let (.deadlinePassed(name, deadline), .en):
            return "The deadline of \(quote(name, .en)) (\(DateFormat.long(deadline, .en))) has passed; set a new one."
        case let (.deadlinePassed(name, deadline), .ru):
            return "Срок цели \(quote(name, .ru)) (\(DateFormat.long(deadline, .ru))) прошёл; назначьте новый."
        case let (.minimumBelowInterest(loans), .en):
            let which = loans.isEmpty ? "" : ": raise the minimum payment of " + loans.map { quote($0, .en) }.joined(separator: ", ")
            return "The payments do not cover the interest, so the debts would not be paid off within 100 years\(which)."
        case let (.minimumBelowInterest(loans), .ru):
            let which = loans.isEmpty ? "" : ": увеличьте минимальный платёж по " + loans.map { quote($0, .ru) }.joined(separator: ", ")
            return "Платежи не покрывают проценты, и долги не будут погашены за 100 лет\(which)."
        case let (.unallocated(amount), .en):
            return "\(money(amount)) a month is left unallocated; you could raise a goal or add a new one."
        case let (.unallocated(amount), .ru):
            return "\(money(amount)) в месяц остаются нераспределёнными: можно увеличить цель или добавить новую."
        }
    }
}

// MARK: - Words

/// "3 months" / "3 месяца" with the right plural form.
public func monthsPhrase(_ count: Int, _ l: Language) -> String {
    switch l {
    case .en: return "\(count) \(count == 1 ? "month" : "months")"
    case .ru:
        let lastTwo = abs(count) % 100, last = abs(count) % 10
        let word = (11...14).contains(lastTwo) ? "месяцев" : last == 1 ? "месяц" : (2...4).contains(last) ? "месяца" : "месяцев"
        return "\(count) \(word)"
    }
}

/// A name in the language's quotation marks: “Car” / «Машина».
func quote(_ name: String, _ l: Language) -> String { l == .ru ? "«\(name)»" : "“\(name)”" }

/// Dates and months in words.
public enum DateFormat {
    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July",
                                        "August", "September", "October", "November", "December"]
    private static let russianMonths = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль",
                                        "август", "сентябрь", "октябрь", "ноябрь", "декабрь"]
    private static let russianMonthsGenitive = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля",
                                                "августа", "сентября", "октября", "ноября", "декабря"]

    /// "March 5, 2027" / "5 марта 2027 г.".
    public static func long(_ day: Day, _ l: Language) -> String {
        switch l {
        case .en: return "\(englishMonths[day.month - 1]) \(day.day), \(day.year)"
        case .ru: return "\(day.day) \(russianMonthsGenitive[day.month - 1]) \(day.year) г."
        }
    }

    /// "March 2027" / "март 2027".
    public static func month(_ month: YearMonth, _ l: Language) -> String {
        (l == .ru ? russianMonths : englishMonths)[month.month - 1] + " \(month.year)"
    }
}
