import Engine
import HTTPCore
import QuickEntry
import Statements
import Storage

// Routes:
//   GET  /quick[?text=…&back=…]   the box; with text, the confirmation card(s): each draft as the entry form,
//                                 pre-filled, one line of "why" under each field, doubtful fields highlighted
//   POST /quick                   save every draft in one transaction (422 with the input kept), 303 to back
//                                 with "Saved: …" and an Undo button
//   POST /quick/undo              delete exactly what that save wrote (single-use form token)
//   GET  /api/v1/quick?text=…     the parse as JSON, nothing saved
// The page and the API share QuickEntryParser (docs/engine-rules.md, "Quick entry in plain words").

extension QuickFeature {
    // MARK: - Parsing with the household's data

    /// The parse of `text` with the household's accounts, categories and learned payees.
    func quickParse(_ text: String, _ context: RequestContext) throws -> (parse: QuickParse, accounts: [Account]) {
        let t = context.t
        let currency = try householdSettings().currency(for: t.language)
        let accounts = try database.accounts().filter { !$0.closed }
        let names = try categoryNames()
        let display = Display(t: t, currency: currency)
        let custom = names.map { QuickCustomCategory(key: $0.key, name: $0.value) }.sorted { $0.key < $1.key }
        let categoryName: @Sendable (String) -> String = { display.category($0, names: names) }
        var quickContext = QuickContext(today: today(), language: t.language, currency: currency, accounts: accounts.map(\.name),
                                        customCategories: custom, categoryName: categoryName)
        let first = QuickEntryParser.parse(text, quickContext)
        let keys = Set(try database.categories().map(\.key))
        let learned = try database.learnedCategories(forNames: first.drafts.map(\.name)).filter { keys.contains($0.value) }
        guard !learned.isEmpty else { return (first, accounts) }
        quickContext.learnedCategory = { learned[PayeeCategories.payeeKey($0)] }
        return (QuickEntryParser.parse(text, quickContext), accounts)
    }

    /// The message for a part that could not be read.
    func quickProblem(_ problem: QuickProblem, _ t: Translations) -> String {
        switch problem {
        case .empty: t["quick_problem_empty"]
        case .tooLong: t.format("quick_problem_long", ["max": String(QuickEntryParser.maximumLength)])
        case .noAmount(let part): t.format("quick_problem_amount", ["text": part])
        }
    }

    // MARK: - GET

    /// The box, or the card(s) for `?text=`. A text with no amount re-renders with the message (422).
    func quickPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let back = context.query["back"].flatMap(Self.localPath) ?? Route.budget(.page).path
        let text = String((context.query["text"] ?? "").prefix(QuickEntryParser.maximumLength + 1))
        var view = QuickPageView(heading: t["quick_title"], back: back, text: text, cancelHref: back,
                                 quickBox: QuickBoxView(t, back: back, value: text))
        view.autoSave = try householdSettings().stored[HouseholdSettings.Key.quickAutoSave] == "on"
        guard !text.allSatisfy(\.isWhitespace) else { return try page(.quick, .today, context, view, title: t["quick_title"]) }
        let (parse, accounts) = try quickParse(text, context)
        view.problems = parse.problems.map { quickProblem($0, t) }
        let currency = try householdSettings().currency(for: t.language)
        let defaultAccount = try defaultAccountValue()
        view.drafts = try parse.drafts.enumerated().map { index, draft in
            var values = quickValues(draft, accounts: accounts, language: t.language)
            if draft.account == nil { values["account"] = defaultAccount }
            // The planned item this one fulfils (a salary typed on its payday): confirmed by default.
            if draft.periodicity == nil, !draft.isPlanned,
               let match = try plannedMatch(for: NewEntry(date: draft.date, kind: draft.kind, name: draft.name, amount: draft.amount, isActual: true)) {
                values["matchcode"] = Self.matchCode(match)
                values["match"] = "1"
            }
            return try quickDraftView(index, state: FormState(t, values: values), guesses: draft.fields, draft: draft, back: back,
                                      context, currency: currency)
        }
        view.count = String(view.drafts.count)
        view.confident = !view.drafts.isEmpty && parse.drafts.allSatisfy { $0.confidence >= QuickEntryParser.doubtful }
        let status: HTTPStatus = parse.drafts.isEmpty ? .unprocessable : .ok
        return try page(.quick, .today, context, view, title: t["quick_title"], status: status)
    }

    /// A draft's form values.
    func quickValues(_ draft: QuickDraft, accounts: [Account], language: Language) -> [String: String] {
        var values = ["kind": draft.kind.rawValue, "name": String(draft.name.prefix(80)), "amount": MoneyFormat.formatPlain(draft.amount, language),
                      "date": draft.date.iso, "status": draft.isPlanned ? "planned" : "actual", "category": draft.category ?? "other",
                      "account": draft.account.map { String(accounts[$0].id) } ?? "", "periodicity": draft.periodicity?.rawValue ?? "",
                      "confidence": String(draft.confidence)]
        // What the parser proposed, to tell which fields the user corrected.
        for field in ["kind", "amount", "date", "category", "account"] { values["guess_" + field] = values[field] }
        return values
    }

    /// One card: the entry form's fields with a "why" under each, doubtful ones marked.
    func quickDraftView(_ index: Int, state: FormState, guesses: [QuickField: QuickGuess], draft: QuickDraft?, back: String,
                        _ context: RequestContext, currency: Currency) throws -> QuickDraftView {
        let t = context.t
        let display = Display(t: t, currency: currency)
        let names = try categoryNames()
        let prefix = "d\(index)_"
        func field(_ name: String, _ kind: FieldKind, _ quick: QuickField, options: [(String, String)] = [], maxLength: Int? = nil) -> QuickFieldView {
            let value = state.values[name] ?? ""
            let guess = guesses[quick]
            return QuickFieldView(field: FieldView(name: prefix + name, label: t[runtime: "quick_field_" + name], kind: kind, value: value,
                                                   error: state.errors[name], hint: guess?.why, required: kind != .select,
                                                   maxLength: maxLength,
                                                   options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) }),
                                  doubtful: (guess?.confidence ?? 100) < QuickEntryParser.doubtful)
        }
        var fields = [
            field("kind", .select, .kind, options: FlowKind.allCases.map { ($0.rawValue, t[$0.quickKey]) }),
            field("name", .text, .name, maxLength: 80),
            field("amount", .money, .amount),
            field("date", .date, .date),
            field("status", .select, .status, options: [("actual", t["quick_status_actual"]), ("planned", t["quick_status_planned"])]),
        ]
        if state.values["kind"] != FlowKind.income.rawValue {
            fields.append(field("category", .select, .category,
                                options: try database.categories().map { ($0.key, display.category($0.key, names: names)) }))
        }
        let accounts = try accountChoices(including: nil)
        if !accounts.isEmpty {
            fields.append(field("account", .select, .account, options: [("", t["quick_no_account"])] + accounts.map { ($0.key, $0.label) }))
        }
        var match: FieldView?
        if let code = state.values["matchcode"], !code.isEmpty,
           let planned = try Self.plannedMatch(code: code, kind: state.values["kind"] ?? "", app: self) {
            var box = FieldView(name: prefix + "match", label: t.format("quick_match", [
                "name": planned.name, "date": display.day(planned.date), "amount": display.money(planned.amount)]), kind: .checkbox)
            box.checked = state.values["match"] != nil
            match = box
        }
        var recurring: FieldView?
        if let periodicity = state.values["periodicity"].flatMap(Periodicity.init(rawValue:)) {
            var box = FieldView(name: prefix + "recurring", label: t.format("quick_recurring", ["periodicity": display.periodicity(periodicity)]),
                                kind: .checkbox, hint: guesses[.periodicity]?.why)
            box.checked = state.values["recurring"] != nil
            recurring = box
        }
        let hidden = ["periodicity", "confidence", "guess_kind", "guess_amount", "guess_date", "guess_category", "guess_account", "matchcode"].map {
            HiddenField(name: prefix + $0, value: state.values[$0] ?? "")
        }
        var edit = Route.budget(.new(.entry)).path + "?kind=" + FormEncoding.encode(state.values["kind"] ?? "expense")
        for name in ["name", "amount", "date", "category", "account"] {
            edit += "&\(name)=" + FormEncoding.encode(state.values[name] ?? "")
        }
        edit += "&back=" + FormEncoding.encode(back)
        let confidence = Int(state.values["confidence"] ?? "") ?? 0
        return QuickDraftView(legend: t.format("quick_draft_legend", ["number": String(index + 1), "text": draft?.text ?? state.values["name"] ?? ""]),
                              confidence: t.format("quick_confidence", ["percent": String(confidence)]),
                              fields: fields, match: match, recurring: recurring, hidden: hidden, editHref: edit)
    }

    // MARK: - POST

    /// Saves every draft of the card in one transaction; 422 with the input kept on a
    /// refused field; 303 to `back` with "Saved: …", the limit feedback and Undo.
    func submitQuick(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.budget(.page).path
        guard let count = Int(form.fields["count"] ?? ""), (1...QuickEntryParser.maximumDrafts).contains(count) else {
            throw AppError(.malformed)
        }
        let currency = try householdSettings().currency(for: t.language)
        let today = today()
        let categoryKeys = Set(try database.categories().map(\.key))
        let offered = Set(try accountChoices(including: nil).compactMap { ID<Account>($0.key) })
        var states: [FormState] = []
        var entries: [NewEntry] = []
        var matches: [RecordedMatch?] = []
        var recurring: [NewRecurringItem] = []
        var corrected = Set<String>()
        var confidences: [Int] = []
        for index in 0..<count {
            let prefix = "d\(index)_"
            var values: [String: String] = [:]
            for (key, value) in form.fields.pairs where key.hasPrefix(prefix) { values[String(key.dropFirst(prefix.count))] = value }
            values["note"] = ""
            var state = FormState(t, values: values)
            state.currency = currency
            let parsed = ItemForms.parse(.entry, &state, today: today, categories: categoryKeys, accounts: offered.isEmpty ? nil : offered)
            for field in ["kind", "amount", "date", "category", "account"] where (values["guess_" + field] ?? "") != (values[field] ?? "") {
                if field == "category" && values["kind"] == FlowKind.income.rawValue { continue }
                corrected.insert(field)
            }
            confidences.append(Int(values["confidence"] ?? "") ?? 0)
            states.append(state)
            guard case .entry(let entry)? = parsed else { continue }
            if values["recurring"] != nil, let periodicity = values["periodicity"].flatMap(Periodicity.init(rawValue:)) {
                recurring.append(NewRecurringItem(kind: entry.kind, name: entry.name, amount: entry.amount, periodicity: periodicity,
                                                  start: entry.date, category: entry.category))
            } else {
                entries.append(entry)
                // Confirmed when the card's box stayed ticked and the match is still the one it showed.
                let current = try plannedMatch(for: entry)
                matches.append(values["match"] != nil && current.map(Self.matchCode) == values["matchcode"] ? current.map(Self.recordedMatch) : nil)
            }
        }
        guard states.allSatisfy(\.isValid) else {
            return try quickCard(states, back: back, text: form.fields["text"] ?? "", context, currency: currency)
        }
        let lowest = confidences.min() ?? 0
        let bucket = lowest >= 80 ? "high" : lowest >= 50 ? "medium" : "low"
        let properties: [String: EventValue] = ["confidence": .text(bucket), "corrected": .text(corrected.sorted().joined(separator: ",")),
                                                "drafts": .integer(Int64(count))]
        guard case .written(let saved) = try database.addQuickEntries(entries, matches: matches, recurring: recurring, properties: properties,
                                                                     formToken: token) else {
            return context.redirect(to: back, flash: nil)
        }
        let display = Display(t: t, currency: currency)
        let named = entries.map { "\($0.name) \(display.money($0.amount))" } + recurring.map { "\($0.name) \(display.money($0.amount))" }
        var flash = t.format("quick_flash_saved", ["items": named.joined(separator: ", ")])
        for entry in entries { flash = try withLimitFeedback(flash, after: entry, context) }
        let undo = Self.quickUndoThing(saved)
        return context.redirect(to: back, flash: flash, undo: undo.map { (thing: $0, name: named.joined(separator: ", ")) })
    }

    /// A match as the card carries it: "r<item>@<date>", "d<debt>@<date>" or "e<planned entry>".
    static func matchCode(_ match: PlannedMatch) -> String {
        switch match {
        case .occurrence(let o):
            switch o.key.source {
            case .recurring(let id): "r\(id)@\(o.date.iso)"
            case .debt(let id): "d\(id)@\(o.date.iso)"
            }
        case .plannedEntry(let e): "e\(e.id)"
        }
    }

    /// The planned item a card's match code names (for its label), nil when it is gone.
    static func plannedMatch(code: String, kind: String, app: some Handler) throws -> PlannedMatch? {
        let today = app.today()
        if code.hasPrefix("e"), let id = ID<Entry>(String(code.dropFirst())) {
            guard let stored = try app.database.storedEntry(id: id), !stored.entry.isActual else { return nil }
            return .plannedEntry(stored.entry)
        }
        let parts = code.dropFirst().split(separator: "@")
        guard parts.count == 2, let id = Int64(parts[0]), let date = Day(iso: String(parts[1])), Limits.days.contains(date) else { return nil }
        let household = try app.database.household(settings: try app.householdSettings().plan, entriesFrom: date, through: date, today: today)
        return plannedOccurrences(household, from: date, through: date, today: today).first {
            switch $0.key.source {
            case .recurring(let item): code.hasPrefix("r") && item.rawValue == id
            case .debt(let debt): code.hasPrefix("d") && debt.rawValue == id
            }
        }.map { .occurrence($0) }
    }

    /// The card again with the posted values and the messages (422).
    func quickCard(_ states: [FormState], back: String, text: String, _ context: RequestContext, currency: Currency) throws -> Response {
        let t = context.t
        var view = QuickPageView(heading: t["quick_title"], back: back, text: text, cancelHref: back,
                                 quickBox: QuickBoxView(t, back: back, value: text))
        view.drafts = try states.enumerated().map { index, state in
            try quickDraftView(index, state: state, guesses: [:], draft: nil, back: back, context, currency: currency)
        }
        view.count = String(states.count)
        view.hasErrors = true
        return try page(.quick, .today, context, view, title: t["quick_title"], status: .unprocessable)
    }

    /// "quick-<first entry>-<last entry>-<first item>-<last item>" (0 for none), or nil when
    /// it would not fit the flash's 40 characters.
    static func quickUndoThing(_ saved: QuickSaved) -> String? {
        let parts = [saved.entryIDs.min()?.rawValue ?? 0, saved.entryIDs.max()?.rawValue ?? 0, saved.recurringIDs.min()?.rawValue ?? 0,
                     saved.recurringIDs.max()?.rawValue ?? 0]
        let thing = "quick-" + parts.map(String.init).joined(separator: "-")
        return thing.utf8.count <= 40 ? thing : nil
    }

    // MARK: - API

    /// GET /api/v1/quick?text=…: the drafts as JSON (amounts in minor units); 422 with the
    /// problems when nothing could be read.
    func quickAPI(_ context: RequestContext) throws -> Response {
        guard let text = context.query["text"], text.count <= QuickEntryParser.maximumLength else { throw AppError(.malformed) }
        let (parse, accounts) = try quickParse(text, context)
        func decimal(_ percent: Int) -> JSON { .number(percent == 100 ? "1.0" : "0." + (percent < 10 ? "0" : "") + String(percent)) }
        let drafts: [JSON] = parse.drafts.map { draft in
            .object([
                ("kind", .string(draft.kind.rawValue)),
                ("name", .string(draft.name)),
                ("amount", .integer(draft.amount.minorUnits)),
                ("date", .string(draft.date.iso)),
                ("status", .string(draft.isPlanned ? "planned" : "actual")),
                ("category", .optional(draft.category)),
                ("periodicity", .optional(draft.periodicity?.rawValue)),
                ("account", .optional(draft.account.map { accounts[$0].name })),
                ("confidence", decimal(draft.confidence)),
                ("fields", .object(QuickField.allCases.compactMap { field in
                    draft.fields[field].map { (field.rawValue, JSON.object([("confidence", decimal($0.confidence)), ("why", .string($0.why))])) }
                })),
            ])
        }
        var response = JSON.object([
            ("drafts", .array(drafts)),
            ("problems", .array(parse.problems.map { .string(quickProblem($0, context.t)) })),
        ]).response()
        if parse.drafts.isEmpty { response.status = .unprocessable }
        return response
    }
}

extension Handler {
    /// The local path of a same-server Referer, or nil.
    static func refererPath(_ referer: String) -> String? {
        guard let scheme = referer.range(of: "://") else { return nil }
        let afterHost = referer[scheme.upperBound...].drop { $0 != "/" }
        return localPath(String(afterHost))
    }
}

extension Handler {
    /// The id ranges of a "quick-…" undo thing, or nil.
    static func quickUndoRanges(_ thing: String?) -> (entries: ClosedRange<Int64>?, recurring: ClosedRange<Int64>?)? {
        guard let thing, thing.hasPrefix("quick-") else { return nil }
        let numbers = thing.dropFirst("quick-".count).split(separator: "-", omittingEmptySubsequences: false).map { Int64($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else { return nil }
        let n = numbers.map { $0! }
        func range(_ a: Int64, _ b: Int64) -> ClosedRange<Int64>? { a > 0 && b >= a && b - a < Int64(QuickEntryParser.maximumDrafts) ? a...b : nil }
        let entries = range(n[0], n[1]), recurring = range(n[2], n[3])
        guard entries != nil || recurring != nil else { return nil }
        return (entries, recurring)
    }

    /// POST /quick/undo (and the flash's Undo button): deletes what one quick entry saved.
    func undoQuick(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let ranges = Self.quickUndoRanges(form.fields["thing"]) else { throw AppError(.malformed) }
        let back = form.fields["back"].flatMap(Self.localPath) ?? context.request.headers["Referer"].flatMap(Self.refererPath)
            ?? Route.budget(.page).path
        guard case .written(let count) = try database.undoQuickEntries(entries: ranges.entries, recurring: ranges.recurring, formToken: token) else {
            return context.redirect(to: back, flash: nil)
        }
        return context.redirect(to: back, flash: context.t[count > 0 ? "quick_flash_undone" : "flash_undo_expired"])
    }
}
