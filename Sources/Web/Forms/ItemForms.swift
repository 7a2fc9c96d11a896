import Engine
import Storage

/// What a Data-page form posts, once validated.
enum ParsedItem {
    case recurring(NewRecurringItem)
    case entry(NewEntry)
    case debt(NewDebt)
    case goal(NewGoal)
}

/// The fields of each Data-page form: their controls, their values for an existing
/// item, and validation per docs/product-rules.md, "Ground limits".
enum ItemForms {
    // MARK: - Values

    /// A new form's starting values.
    static func defaults(_ kind: ItemKind, today: Day) -> [String: String] {
        switch kind {
        case .income, .expense: ["periodicity": "monthly", "start": today.iso, "category": "food"]
        case .entry: ["date": today.iso, "status": "actual", "category": "other"]
        case .debt: ["asOf": today.iso, "paymentDay": String(today.day), "start": today.iso]
        case .goal: ["priority": "2"]
        }
    }

    /// An existing item's values as a form shows them, or nil when it does not exist.
    static func values(of kind: ItemKind, id: Int64, database: AppDatabase, t: Translations) throws -> [String: String]? {
        let plain = { (money: Money) in MoneyFormat.formatPlain(money, t.language) }
        switch kind {
        case .income, .expense:
            guard let item = try database.recurringItem(id: ID(id)), item.kind == (kind == .income ? .income : .expense) else { return nil }
            return ["name": item.name, "amount": plain(item.amount), "periodicity": item.periodicity.rawValue,
                    "start": item.start.iso, "end": item.end?.iso ?? "", "category": item.category]
        case .entry:
            guard let stored = try database.storedEntry(id: ID(id)) else { return nil }
            let entry = stored.entry
            var values = ["kind": entry.kind.rawValue, "name": entry.name, "amount": plain(entry.amount), "date": entry.date.iso,
                          "category": entry.category, "status": entry.isActual ? "actual" : "planned", "note": stored.note]
            let link = try database.entryAccounts([ID(id)])[ID(id)]
            values["account"] = link?.accountID.map(String.init) ?? ""
            if link?.cleared == true { values["cleared"] = "1" }
            return values
        case .debt:
            guard let debt = try database.debt(id: ID(id)) else { return nil }
            var values = ["name": debt.name, "paymentDay": String(debt.paymentDay)]
            switch debt.kind {
            case .paymentOnly(let payment):
                values["mode"] = DebtMode.payment.rawValue
                values["monthlyPayment"] = plain(payment)
                values["start"] = debt.createdOn.iso
                values["end"] = debt.endsOn?.iso ?? ""
            case .loan(let loan):
                values["mode"] = DebtMode.loan.rawValue
                values["balance"] = plain(loan.balance)
                values["asOf"] = loan.asOf.iso
                values["apr"] = loan.apr.formatted(t.language).replacingOccurrences(of: "%", with: "")
                    .replacingOccurrences(of: "\u{00A0}", with: "")
                values["term"] = loan.termMonths.map(String.init) ?? ""
                values["grace"] = loan.graceMonths == 0 ? "" : String(loan.graceMonths)
                values["minimum"] = loan.minimumPayment.map(plain) ?? ""
            }
            return values
        case .goal:
            guard let goal = try database.goal(id: ID(id)) else { return nil }
            return ["name": goal.name, "target": plain(goal.target), "saved": plain(goal.saved),
                    "deadline": goal.deadline?.iso ?? "", "priority": String(goal.priority),
                    "savedAccount": try database.savedAccountLinks().goals[ID(id)].map(String.init) ?? ""]
        }
    }

    /// The item's name, or nil when it does not exist.
    static func name(of kind: ItemKind, id: Int64, database: AppDatabase) throws -> String? {
        switch kind {
        case .income: try database.recurringItem(id: ID(id)).flatMap { $0.kind == .income ? $0.name : nil }
        case .expense: try database.recurringItem(id: ID(id)).flatMap { $0.kind == .expense ? $0.name : nil }
        case .entry: try database.storedEntry(id: ID(id))?.entry.name
        case .debt: try database.debt(id: ID(id))?.name
        case .goal: try database.goal(id: ID(id))?.name
        }
    }

    static func thing(_ kind: ItemKind, _ id: Int64) -> DeletedThing {
        switch kind {
        case .income, .expense: .recurring(ID(id))
        case .entry: .entry(ID(id))
        case .debt: .debt(ID(id))
        case .goal: .goal(ID(id))
        }
    }

    /// Where the Budget page shows this kind.
    static func anchor(_ kind: ItemKind) -> String {
        let section = switch kind {
        case .income: "#incomes"
        case .expense: "#expenses"
        case .entry: "#entries"
        case .debt: "#debts"
        case .goal: "#goals"
        }
        return Route.budget(.page).path + section
    }

    /// The key suffix of the form's title ("form_new_" / "form_edit_" + this).
    static func titleKey(_ kind: ItemKind, _ state: FormState) -> String {
        switch kind {
        case .entry: state.values["kind"] == "income" ? "entry_income" : "entry_expense"
        case .debt: state.values["mode"] == DebtMode.payment.rawValue ? "debt_payment" : "debt_loan"
        default: kind.rawValue
        }
    }

    static func intro(_ kind: ItemKind, _ state: FormState, t: Translations) -> String? {
        switch kind {
        case .debt where state.values["mode"] != DebtMode.payment.rawValue: t["form_loan_intro"]
        case .entry: t["form_entry_intro"]
        default: nil
        }
    }

    // MARK: - Controls

    /// The controls of `kind`'s form with the state's values and messages, and the "keep
    /// the past date" box once a past date was questioned.
    /// `accounts` are the account choices (id, name) of an entry's and a goal's form; with
    /// none, those forms show no account control.
    static func fields(_ kind: ItemKind, _ state: FormState, t: Translations, categories: [(key: String, label: String)],
                       accounts: [(key: String, label: String)] = []) -> [FieldView] {
        var fields = baseFields(kind, state, t: t, categories: categories)
        fields += accountFields(kind, state, t: t, accounts: accounts)
        if kind == .entry { fields += App.reconciledField(state, t: t) }
        if state.values[askKeepPast] != nil || state.values[keepPast] != nil {
            let after = fields.firstIndex { $0.name == (kind == .goal ? "deadline" : "date") }.map { $0 + 1 } ?? fields.count
            fields.insert(FieldView(name: keepPast, label: t[kind == .goal ? "field_keep_past_deadline" : "field_keep_past_date"],
                                    kind: .checkbox, checked: state.flag(keepPast)), at: after)
        }
        return fields
    }

    private static func baseFields(_ kind: ItemKind, _ state: FormState, t: Translations, categories: [(key: String, label: String)]) -> [FieldView] {
        func field(_ name: String, _ kind: FieldKind, required: Bool = false, hint: String? = nil,
                   options: [(String, String)] = [], maxLength: Int? = nil) -> FieldView {
            let value = state.values[name] ?? ""
            return FieldView(name: name, label: t[runtime: "field_" + name], kind: kind, value: value, error: state.errors[name],
                             hint: hint, required: required, maxLength: maxLength,
                             options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) })
        }
        let periodicities = Periodicity.allCases.map { ($0.rawValue, t[$0.stringKey]) }
        let categoryOptions = categories.map { ($0.key, $0.label) }
        let name = field("name", .text, required: true, maxLength: 80)
        switch kind {
        case .income:
            return [name, field("amount", .money, required: true, hint: t["hint_amount"]),
                    field("periodicity", .select, options: periodicities),
                    field("start", .date, required: true, hint: t["hint_start_repeats"]), field("end", .date, hint: t["hint_end"])]
        case .expense:
            return [name, field("amount", .money, required: true, hint: t["hint_amount"]),
                    field("category", .select, options: categoryOptions),
                    field("periodicity", .select, options: periodicities),
                    field("start", .date, required: true, hint: t["hint_start_repeats"]), field("end", .date, hint: t["hint_end"])]
        case .entry:
            var fields = [field("kind", .radio, options: [("income", t["kind_income"]), ("expense", t["kind_expense"])]),
                          name, field("amount", .money, required: true, hint: t["hint_amount"]),
                          field("date", .date, required: true)]
            if state.values["kind"] != "income" { fields.append(field("category", .select, options: categoryOptions)) }
            fields.append(field("status", .radio, hint: t["hint_status"],
                                options: [("planned", t["status_planned"]), ("actual", t["status_actual"])]))
            fields.append(field("note", .textarea, maxLength: 500))
            return fields
        case .debt:
            if state.values["mode"] == DebtMode.payment.rawValue {
                return [name, field("monthlyPayment", .money, required: true, hint: t["hint_amount"]),
                        field("paymentDay", .number, required: true, hint: t["hint_payment_day"]),
                        field("start", .date, hint: t["hint_debt_start"]), field("end", .date, hint: t["hint_debt_end"])]
            }
            return [name, field("balance", .money, required: true, hint: t["hint_balance"]),
                    field("asOf", .date, required: true, hint: t["hint_as_of"]),
                    field("apr", .text, required: true, hint: t["hint_apr"], maxLength: 8),
                    field("term", .number, hint: t["hint_term"]), field("grace", .number, hint: t["hint_grace"]),
                    field("minimum", .money, hint: t["hint_minimum"]),
                    field("paymentDay", .number, required: true, hint: t["hint_payment_day"])]
        case .goal:
            return [name, field("target", .money, required: true, hint: t["hint_amount"]),
                    field("saved", .money, hint: t["hint_saved"]), field("deadline", .date, hint: t["hint_deadline"]),
                    field("priority", .radio, options: [("1", t["priority_1"]), ("2", t["priority_2"]), ("3", t["priority_3"])])]
        }
    }

    // MARK: - Past dates

    /// The checkbox that keeps a past date, and the marker that it was asked for.
    static let keepPast = "keepPast", askKeepPast = "askKeepPast"

    /// Questions a goal deadline, or a planned one-off's date, before today that is new
    /// (a new item, or a changed date or status): unless the form carries the ticked
    /// "keep it" box, fails the date field with a question and returns false (422).
    /// `previous` is the stored item's form values when editing.
    static func confirmPastDate(_ parsed: ParsedItem, _ state: inout FormState, today: Day, previous: [String: String]?) -> Bool {
        switch parsed {
        case .goal(let goal):
            guard let deadline = goal.deadline, deadline < today, previous?["deadline"] != deadline.iso else { return true }
            guard !state.flag(keepPast) else { return true }
            state.fail("deadline", "validation_deadline_passed")
        case .entry(let entry):
            guard !entry.isActual, entry.date < today,
                  previous?["date"] != entry.date.iso || previous?["status"] != "planned" else { return true }
            guard !state.flag(keepPast) else { return true }
            state.fail("date", "validation_planned_past")
        default:
            return true
        }
        state.values[askKeepPast] = "1"
        return false
    }

    // MARK: - Validation

    /// The validated values of `kind`'s form, or nil with messages in `state`.
    /// `accounts` are the account ids the form offered (nil: none offered, the stored
    /// account is kept).
    /// With `refunds`, an entry's expense may be negative (a refund kept as it is: an imported
    /// one edited, or a restored export; docs/engine-rules.md, "Refunds in a statement").
    static func parse(_ kind: ItemKind, _ state: inout FormState, today: Day, categories: Set<String>,
                      accounts: Set<ID<Account>>? = nil, refunds: Bool = false) -> ParsedItem? {
        let parsed = parseItem(kind, &state, today: today, categories: categories, refunds: refunds)
        return withAccount(parsed, &state, accounts: accounts)
    }

    private static func parseItem(_ kind: ItemKind, _ state: inout FormState, today: Day, categories: Set<String>,
                                  refunds: Bool) -> ParsedItem? {
        let name = state.name("name")
        switch kind {
        case .income, .expense:
            let amount = state.money("amount")
            let periodicity = state.choice("periodicity", Periodicity.self)
            let start = state.day("start")
            let end = state.day("end", required: false)
            var category: String?
            if kind == .expense {
                category = state.text("category")
                if !categories.contains(category!) { state.fail("category", "validation_choice") }
            }
            if case .some(.some(let s)) = start, case .some(.some(let e)) = end, e < s {
                state.fail("end", "validation_end_before_start")
            }
            guard state.isValid, let name, case .some(.some(let amount)) = amount, let periodicity,
                  case .some(.some(let start)) = start, case .some(let end) = end else { return nil }
            return .recurring(NewRecurringItem(kind: kind == .income ? .income : .expense, name: name, amount: amount,
                                               periodicity: periodicity, start: start, end: end, category: category))
        case .entry:
            let flow = state.choice("kind", FlowKind.self)
            let amount = state.money("amount", allowNegative: refunds && flow == .expense)
            let date = state.day("date")
            let status = state.text("status")
            if status != "planned" && status != "actual" { state.fail("status", "validation_choice") }
            var category: String?
            if flow == .expense {
                category = state.text("category")
                if !categories.contains(category!) { state.fail("category", "validation_choice") }
            }
            if case .some(.some(let day)) = date, day > today, status == "actual" {
                state.fail("status", "validation_future_actual")
            }
            let note = state.note("note")
            guard state.isValid, let name, let flow, case .some(.some(let amount)) = amount,
                  case .some(.some(let date)) = date, let note else { return nil }
            return .entry(NewEntry(date: date, kind: flow, name: name, amount: amount, category: category,
                                   isActual: status == "actual", note: note))
        case .debt:
            let day = state.integer("paymentDay", 1...31)
            if state.values["mode"] == DebtMode.payment.rawValue {
                let payment = state.money("monthlyPayment")
                let start = state.day("start", required: false)
                let end = state.day("end", required: false)
                if case .some(.some(let s)) = start, case .some(.some(let e)) = end, e < s {
                    state.fail("end", "validation_end_before_start")
                }
                guard state.isValid, let name, case .some(.some(let day)) = day, case .some(.some(let payment)) = payment,
                      case .some(let start) = start, case .some(let end) = end
                else { return nil }
                return .debt(NewDebt(name: name, paymentDay: day, kind: .paymentOnly(monthlyPayment: payment),
                                     start: start, end: end))
            }
            let balance = state.money("balance")
            let asOf = state.day("asOf")
            let apr = state.apr("apr")
            let term = state.integer("term", Limits.months600, required: false)
            let grace = state.integer("grace", Limits.graceMonths, required: false)
            let minimum = state.money("minimum", required: false)
            if case .some(.some(let asOf)) = asOf, asOf > today { state.fail("asOf", "validation_as_of_future") }
            if case .some(.none) = term, case .some(.none) = minimum {
                state.fail("minimum", "validation_minimum_or_term")
                state.fail("term", "validation_minimum_or_term")
            }
            guard state.isValid, let name, case .some(.some(let day)) = day, case .some(.some(let balance)) = balance,
                  case .some(.some(let asOf)) = asOf, let apr, case .some(let term) = term, case .some(let grace) = grace,
                  case .some(let minimum) = minimum else { return nil }
            return .debt(NewDebt(name: name, paymentDay: day, kind: .loan(Loan(
                balance: balance, asOf: asOf, apr: apr, termMonths: term, graceMonths: grace ?? 0, minimumPayment: minimum))))
        case .goal:
            let target = state.money("target")
            let saved = state.money("saved", required: false, allowZero: true)
            let deadline = state.day("deadline", required: false)
            let priority = state.integer("priority", 1...3)
            guard state.isValid, let name, case .some(.some(let target)) = target, case .some(let saved) = saved,
                  case .some(let deadline) = deadline, case .some(.some(let priority)) = priority else { return nil }
            return .goal(NewGoal(name: name, target: target, saved: saved ?? .zero, deadline: deadline, priority: priority))
        }
    }
}
