import Engine
import Foundation
import HTTPCore
import Statements
import Storage

// Payee rules: "when the payee contains … set the name to … and the category to …",
// listed and edited in one place, created from a preview's row or a ledger entry in one click
// (a form filled from the row), applied to every import's rows (docs/engine-rules.md,
// "Categories from the bank").
//
//   GET  /import/rules                      every rule, and the form for a new one
//   GET  /import/rules/new?contains=…&category=…&back=…   the form filled from a row
//   POST /import/rules                      add a rule, 303 back
//   GET  /import/rules/<id>                 a rule's form
//   POST /import/rules/<id>                 save it, 303 back
//   POST /import/rules/<id>/delete          delete it, 303 to the list

extension App {
    /// GET /import/rules.
    func payeeRulesPage(_ context: RequestContext) throws -> Response {
        try payeeRuleForm(nil, context, state: FormState(context.t))
    }

    /// GET /import/rules/new (values from the query) or /import/rules/<id>; the 422 re-render with `state`.
    func payeeRuleForm(_ id: ID<PayeeRule>?, _ context: RequestContext, state given: FormState? = nil,
                       status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let rules = try database.payeeRules()
        var state = given ?? FormState(t, values: ["contains": context.query["contains"] ?? "", "category": context.query["category"] ?? "",
                                                   "back": Self.localBack(context.query["back"]) ?? ""])
        if given == nil, let id {
            guard let rule = rules.first(where: { $0.id == id }) else { throw AppError(.notFound) }
            state.values = ["contains": rule.contains, "name": rule.name ?? "", "category": rule.category ?? ""]
        }
        let categories = try database.categories()
        let names = Dictionary(categories.compactMap { record in record.name.map { (record.key, $0) } }, uniquingKeysWith: { a, _ in a })
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let chosen = state.values["category"] ?? ""
        let view = PayeeRulesView(
            heading: t["rules_title"],
            rules: rules.map { rule in
                PayeeRuleRow(summary: t.format("rules_summary", ["contains": rule.contains, "name": rule.name ?? "—",
                                                                  "category": rule.category.map { display.category($0, names: names) } ?? "—"]),
                             editHref: Route.statements(.rule(rule.id)).path,
                             editLabel: t.format("rules_edit", ["contains": rule.contains]))
            },
            action: id.map { Route.statements(.rule($0)).path } ?? Route.statements(.rules).path,
            containsField: FieldView(name: "contains", label: t["rules_field_contains"], kind: .text, value: state.values["contains"] ?? "",
                                     error: state.errors["contains"], hint: t["rules_hint_contains"], required: true, maxLength: 200),
            nameField: FieldView(name: "name", label: t["rules_field_name"], kind: .text, value: state.values["name"] ?? "",
                                 error: state.errors["name"], hint: t["rules_hint_name"], maxLength: 80),
            categoryField: FieldView(name: "category", label: t["rules_field_category"], kind: .select, error: state.errors["category"],
                                     options: [OptionView(value: "", label: t["rules_no_category"], selected: chosen.isEmpty)]
                                        + categories.map { OptionView(value: $0.key, label: display.category($0.key, names: names), selected: $0.key == chosen) }),
            backField: (state.values["back"]).flatMap { $0.isEmpty ? nil : $0 },
            submitLabel: t[id == nil ? "action_add" : "action_save"],
            errors: ErrorLink.summary(state.errors),
            cancelHref: Self.localBack(state.values["back"]) ?? Route.statements(.page).path,
            deleteAction: id.map { Route.statements(.deleteRule($0)).path })
        return try page(.payeeRules, .importStatement, context, view, title: t["rules_title"], status: status)
    }

    /// POST /import/rules (add) or /import/rules/<id> (save): 422 with the input kept, else 303
    /// back where the form came from (a preview page) or to the list.
    func submitPayeeRule(_ id: ID<PayeeRule>?, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        var state = FormState(t, fields: form.fields)
        let contains = state.text("contains").precomposedStringWithCanonicalMapping
        if contains.isEmpty {
            state.fail("contains", "validation_required")
        } else if contains.unicodeScalars.count > 200 || FormState.hasControlCharacters(contains) || PayeeCategories.ruleKey(contains).isEmpty {
            state.fail("contains", "rules_error_contains")
        }
        let typedName = state.text("name")
        let name = typedName.isEmpty ? nil : state.name("name")
        let category = state.text("category").isEmpty ? nil : state.text("category")
        if let category, try !database.categories().contains(where: { $0.key == category }) { state.fail("category", "rules_error_category") }
        if typedName.isEmpty, category == nil { state.fail("name", "rules_error_nothing") }
        guard state.isValid else { return try payeeRuleForm(id, context, state: state, status: .unprocessable) }
        do {
            _ = try database.savePayeeRule(id: id, contains: contains, name: name, category: category, formToken: token)
        } catch PayeeRuleError.duplicate {
            state.fail("contains", "rules_error_duplicate")
            return try payeeRuleForm(id, context, state: state, status: .unprocessable)
        }
        let back = Self.localBack(state.values["back"]) ?? Route.statements(.rules).path
        return context.redirect(to: back, flash: t.format("rules_flash_saved", ["contains": contains]))
    }

    /// POST /import/rules/<id>/delete.
    func deletePayeeRule(_ id: ID<PayeeRule>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        _ = try database.deletePayeeRule(id: id, formToken: token)
        return context.redirect(to: Route.statements(.rules).path, flash: context.t["rules_flash_deleted"])
    }

    /// A "back" address when it is a path of this app (starts with one "/"), at most 300 bytes; else nil.
    static func localBack(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), text.utf8.count <= 300,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        return text
    }
}
