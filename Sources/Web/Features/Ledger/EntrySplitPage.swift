import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /data/entry/<id>/split    an expense's split form: rows of category + amount
//   POST /data/entry/<id>/split    save (303 back with a flash, or 422 with the rows kept and the
//                                  messages by their fields); "more" adds a row (200, nothing
//                                  saved); "remove" removes the split (303 back with a flash)
// docs/engine-rules.md, "Splits": the parts add up to the entry's amount, 2 to 10 of them, each
// more than zero; a split entry counts each part in its own category.

extension App {
    /// The rows a split form starts with when the entry is not split yet.
    static let splitStartRows = 3

    /// The split form of expense `id`; 404 when it is no live expense outside a transfer.
    func splitPage(_ id: ID<Entry>, _ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        guard try database.canSplit(id: id), let stored = try database.storedEntry(id: id) else { throw AppError(.notFound) }
        let t = context.t
        let entry = stored.entry
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        var state = state ?? FormState(t, values: Self.splitValues(entry.parts, display: display, back: context.query["back"]))
        let rows = Self.splitRows(state)
        state.values["rows"] = String(rows)
        let names = try categoryNames()
        let categories = try database.categories().map { ($0.key, display.category($0.key, names: names)) }
        let back = state.values["back"].flatMap(Self.localPath) ?? ""
        let view = EntrySplitView(
            heading: t.format("split_title", ["name": entry.name]),
            intro: t.format("split_intro", ["amount": display.money(entry.amount), "date": display.day(entry.date)]),
            action: Route.budget(.splitForm(id)).path,
            rows: (0..<rows).map { index in
                let category = state.values["category\(index)"] ?? ""
                return SplitRowView(
                    legend: t.format("split_part", ["number": String(index + 1)]),
                    category: FieldView(name: "category\(index)", label: t["field_category"], kind: .select, value: category,
                                        error: state.errors["category\(index)"],
                                        options: [OptionView(value: "", label: t["split_category_prompt"], selected: category.isEmpty)]
                                            + categories.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == category) }),
                    amount: FieldView(name: "amount\(index)", label: t["field_amount"], kind: .money,
                                      value: state.values["amount\(index)"] ?? "", error: state.errors["amount\(index)"]))
            },
            rowCount: String(rows), canAddRow: rows < AppDatabase.mostEntryParts,
            partsError: state.errors["parts"], hasErrors: !state.isValid,
            errors: ErrorLink.summary(state.errors),
            isSplit: !entry.parts.isEmpty, current: entry.parts.isEmpty ? nil : display.split(entry.parts, names: names),
            back: back, cancelHref: back.isEmpty ? Route.budget(.edit(id)).path : back)
        return try page(.entrySplit, .budget, context, view, title: view.heading, status: status)
    }

    /// How many rows the form shows: the posted count (else `splitStartRows`), 2 to `mostEntryParts`.
    static func splitRows(_ state: FormState) -> Int {
        min(AppDatabase.mostEntryParts, max(2, Int(state.values["rows"] ?? "") ?? splitStartRows))
    }

    /// The form's values for a stored split (empty rows for an entry not split).
    static func splitValues(_ parts: [EntryPart], display: Display, back: String?) -> [String: String] {
        var values = ["rows": String(max(splitStartRows, parts.count + 1)), "back": back.flatMap(localPath) ?? ""]
        for (index, part) in parts.enumerated() {
            values["category\(index)"] = part.category
            values["amount\(index)"] = display.plain(part.amount)
        }
        return values
    }

    /// Saves the split, adds a row, or removes the split.
    func submitSplit(_ id: ID<Entry>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        guard try database.canSplit(id: id), let stored = try database.storedEntry(id: id) else { throw AppError(.notFound) }
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        let back = state.values["back"].flatMap(Self.localPath) ?? Route.budget(.edit(id)).path
        if form.fields["remove"] != nil {
            _ = try database.removeSplit(id: id, formToken: token)
            return context.redirect(to: back, flash: t.format("split_flash_removed", ["name": stored.entry.name]))
        }
        let rows = Self.splitRows(state)
        if form.fields["more"] != nil {
            state.values["rows"] = String(min(AppDatabase.mostEntryParts, rows + 1))
            return try splitPage(id, context, state: state)
        }
        let categories = Set(try database.categories().map(\.key))
        let display = Display(t: t, currency: state.currency ?? Currency.defaultFor(t.language))
        guard let parts = Self.parseSplit(&state, rows: rows, categories: categories, total: stored.entry.amount, display: display) else {
            return try splitPage(id, context, state: state, status: .unprocessable)
        }
        _ = try database.splitEntry(id: id, parts: parts, formToken: token)
        return context.redirect(to: back, flash: t.format("split_flash_saved", ["name": stored.entry.name,
                                                                                "parts": display.split(parts, names: try categoryNames())]))
    }

    /// The parts typed in rows 0..<rows, or nil with the messages in `state`: a row with an
    /// amount needs a category; a row with neither (or a category only) is left out; 2 or more
    /// parts, adding up to `total`.
    static func parseSplit(_ state: inout FormState, rows: Int, categories: Set<String>, total: Money,
                           display: Display) -> [EntryPart]? {
        var parts: [EntryPart] = []
        for index in 0..<rows {
            guard case .some(.some(let amount)) = state.money("amount\(index)", required: false) else { continue }
            let category = state.text("category\(index)")
            guard categories.contains(category) else { state.fail("category\(index)", "split_validation_category"); continue }
            parts.append(EntryPart(category: category, amount: amount))
        }
        guard state.isValid else { return nil }
        guard parts.count >= 2 else { state.fail("parts", "split_validation_count"); return nil }
        let sum = parts.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) }
        guard sum == Int128(total.minorUnits) else {
            let difference = Int128(total.minorUnits) - sum
            state.fail("parts", difference > 0 ? "split_validation_short" : "split_validation_over",
                       ["total": display.money(total), "difference": display.money(Money(clamping: difference < 0 ? -difference : difference))])
            return nil
        }
        return parts
    }
}
