import Engine
import Storage

// MARK: - The account controls of the entry, goal and emergency-fund forms

extension ItemForms {
    /// An entry's account select ("No account" first) and "cleared" box, a goal's "saved so
    /// far follows" select; nothing when no account is offered.
    static func accountFields(_ kind: ItemKind, _ state: FormState, t: Translations,
                              accounts: [(key: String, label: String)]) -> [FieldView] {
        guard !accounts.isEmpty else { return [] }
        switch kind {
        case .entry:
            let value = state.values["account"] ?? ""
            let options = [OptionView(value: "", label: t["account_none"], selected: value.isEmpty)]
                + accounts.map { OptionView(value: $0.key, label: $0.label, selected: $0.key == value) }
            return [FieldView(name: "account", label: t["field_account"], kind: .select, value: value,
                              error: state.errors["account"], options: options),
                    FieldView(name: "cleared", label: t["field_cleared"], kind: .checkbox, checked: state.flag("cleared"))]
        case .goal:
            return savedAccountField(state, t: t, accounts: accounts)
        default:
            return []
        }
    }

    /// The "saved so far follows" select of a goal or the emergency fund (nothing without accounts).
    static func savedAccountField(_ state: FormState, t: Translations, accounts: [(key: String, label: String)]) -> [FieldView] {
        guard !accounts.isEmpty else { return [] }
        let value = state.values["savedAccount"] ?? ""
        let options = [OptionView(value: "", label: t["account_saved_typed"], selected: value.isEmpty)]
            + accounts.map { OptionView(value: $0.key, label: $0.label, selected: $0.key == value) }
        return [FieldView(name: "savedAccount", label: t["field_savedAccount"], kind: .select, value: value,
                          error: state.errors["savedAccount"], hint: t["hint_saved_account"], options: options)]
    }

    /// The account id chosen in `field`: `.some(nil)` for none (""), nil with a message when
    /// it is not one of `offered`.
    static func accountChoice(_ field: String, _ state: inout FormState, offered: Set<ID<Account>>) -> ID<Account>?? {
        let text = state.text(field)
        if text.isEmpty { return .some(nil) }
        guard let id: ID<Account> = Route.id(text), offered.contains(id) else { state.fail(field, "validation_choice"); return nil }
        return .some(id)
    }

    /// `parsed` with the entry's account and cleared flag, or the goal's followed account,
    /// as posted, when the form offered `accounts`; nil with a message for an account not offered.
    static func withAccount(_ parsed: ParsedItem?, _ state: inout FormState, accounts: Set<ID<Account>>?) -> ParsedItem? {
        guard let accounts else { return parsed }
        switch parsed {
        case .entry(var entry):
            guard case .some(let id) = accountChoice("account", &state, offered: accounts) else { return nil }
            entry.account = EntryAccount(accountID: id, cleared: state.flag("cleared"))
            return .entry(entry)
        case .goal(var goal):
            guard case .some(let id) = accountChoice("savedAccount", &state, offered: accounts) else { return nil }
            goal.savedAccountID = id
            return .goal(goal)
        case nil:
            // Still check the choice, so its message shows beside the field.
            _ = accountChoice(state.values["account"] != nil ? "account" : "savedAccount", &state, offered: accounts)
            return nil
        default:
            return parsed
        }
    }
}

extension Handler {
    /// The accounts an entry's or a goal's form offers: the open ones, and `state`'s current
    /// choice even when closed (so editing keeps it). Empty for other kinds or with no account.
    func accountChoices(for kind: ItemKind, _ state: FormState) throws -> [(key: String, label: String)] {
        switch kind {
        case .entry: try accountChoices(including: state.values["account"].flatMap(Route.id))
        case .goal: try accountChoices(including: state.values["savedAccount"].flatMap(Route.id))
        default: []
        }
    }

    /// The open accounts (id, name), and `current` even when closed.
    func accountChoices(including current: ID<Account>?) throws -> [(key: String, label: String)] {
        try database.accounts().filter { !$0.closed || $0.id == current }.map { (String($0.id), $0.name) }
    }
}

// MARK: - Accounts in an import of an export

extension BackupRules {
    /// An account row as the account form would store it: the name through the form's
    /// name rule (trimmed, NFC, no control characters), a known type. Other columns are
    /// left to the schema's checks.
    static func account(_ row: [(String, BackupValue)], t: Translations) -> Result<[(String, BackupValue)], Refusal> {
        let value = Dictionary(row, uniquingKeysWith: { a, _ in a })
        guard case .string(let name)? = value["name"] else { return .success(row) }
        var state = FormState(t, values: ["name": name])
        guard let normalised = state.name("name") else {
            return .failure(Refusal("name", state.errors["name"] ?? t["validation_choice"]))
        }
        if case .string(let type)? = value["type"], AccountType(rawValue: type) == nil {
            return .failure(Refusal("type", t["validation_choice"]))
        }
        return .success(row.map { $0.0 == "name" ? ("name", .string(normalised)) : $0 })
    }
}
