import Engine
import HTTPCore
import Storage
/// The addresses under /import: bank statement import (ImportPage.swift).
enum ImportRoute: Equatable, Sendable {
    /// GET /import: the upload form and past imports; POST: upload a statement (multipart) → its preview.
    case page
    /// GET /import/<batch>: the preview (or, once committed, what it did).
    case batch(ID<ImportBatchInfo>)
    /// POST /import/<batch>/choices: save the choices of the rows shown.
    case choices(ID<ImportBatchInfo>)
    /// POST /import/<batch>/reread: read the upload again with another encoding, date order or mapping.
    case reread(ID<ImportBatchInfo>)
    /// POST /import/<batch>/commit: import what the preview shows.
    case commit(ID<ImportBatchInfo>)
    /// POST /import/<batch>/cancel: drop the preview.
    case cancel(ID<ImportBatchInfo>)
    /// POST /import/<batch>/undo: undo a committed import (30 days).
    case undo(ID<ImportBatchInfo>)
    /// GET /import/rules: the payee rules, each editable; POST: add one.
    case rules
    /// GET /import/rules/new?contains=…&category=…&back=…: a new rule's form, filled from a row.
    case newRule
    /// GET /import/rules/<id>: a rule's form; POST: save it.
    case rule(ID<PayeeRule>)
    /// POST /import/rules/<id>/delete: delete a rule.
    case deleteRule(ID<PayeeRule>)

    /// Parses the path components after "import" ([] for /import itself), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0:
            self = .page
        case _ where parts[0] == "rules":
            switch parts.count {
            case 1: self = .rules
            case 2 where parts[1] == "new": self = .newRule
            case 2: guard let id = Route.id(parts[1]) else { return nil }; self = .rule(ID(id))
            case 3 where parts[2] == "delete": guard let id = Route.id(parts[1]) else { return nil }; self = .deleteRule(ID(id))
            default: return nil
            }
        case 1:
            guard let id = Route.id(parts[0]) else { return nil }
            self = .batch(ID(id))
        case 2:
            guard let id = Route.id(parts[0]) else { return nil }
            switch parts[1] {
            case "choices": self = .choices(ID(id))
            case "reread": self = .reread(ID(id))
            case "commit": self = .commit(ID(id))
            case "cancel": self = .cancel(ID(id))
            case "undo": self = .undo(ID(id))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/import"
        case .batch(let id): "/import/\(id)"
        case .choices(let id): "/import/\(id)/choices"
        case .reread(let id): "/import/\(id)/reread"
        case .commit(let id): "/import/\(id)/commit"
        case .cancel(let id): "/import/\(id)/cancel"
        case .undo(let id): "/import/\(id)/undo"
        case .rules: "/import/rules"
        case .newRule: "/import/rules/new"
        case .rule(let id): "/import/rules/\(id)"
        case .deleteRule(let id): "/import/rules/\(id)/delete"
        }
    }

    /// The largest POST body accepted here: the statement upload 50 MB, forms 64 KB.
    var bodyLimit: Int {
        self == .page ? BodyLimit.importFile : BodyLimit.form
    }

    /// True for the POSTs that parse or write many rows: answered on a worker, one at a time.
    var runsLong: Bool {
        switch self {
        case .page, .reread, .commit, .undo: true
        case .batch, .choices, .cancel, .rules, .newRule, .rule, .deleteRule: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [ImportRoute] = [.page, .batch(7), .choices(7), .reread(7), .commit(7), .cancel(7), .undo(7),
                                          .rules, .newRule, .rule(7), .deleteRule(7)]
}

// MARK: - Handlers

/// Bank statement import and payee rules (ImportPage.swift, ImportPreview.swift, ImportCommit.swift, PayeeRulesPage.swift).
struct ImportFeature: Handler {
    let services: Services
}

extension ImportFeature {
    /// The handler of each address under /import, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: ImportRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /import: the statement upload form and past imports.
        case (.get, .page): return try importPage(context)
        // POST /import: upload a statement (multipart) and preview it.
        case (.post(let form), .page): return try uploadStatement(form, context)
        // GET /import/<batch>: the preview, or what the import did.
        case (.get, .batch(let id)): return try importPreviewPage(id, context)
        // POST /import/<batch>/choices: save the choices of the rows shown.
        case (.post(let form), .choices(let id)): return try saveImportChoices(id, form, context)
        // POST /import/<batch>/reread: read the upload again (encoding, date order, columns).
        case (.post(let form), .reread(let id)): return try rereadStatement(id, form, context)
        // POST /import/<batch>/commit: import what the preview shows.
        case (.post(let form), .commit(let id)): return try commitStatement(id, form, context)
        // POST /import/<batch>/cancel: drop the preview.
        case (.post(let form), .cancel(let id)): return try cancelStatement(id, form, context)
        // POST /import/<batch>/undo: undo an import (30 days).
        case (.post(let form), .undo(let id)): return try undoStatement(id, form, context)
        // The payee rules: the list (and a new one's form), one rule's form, add, save, delete.
        case (.get, .rules): return try payeeRulesPage(context)
        case (.get, .newRule): return try payeeRuleForm(nil, context)
        case (.get, .rule(let id)): return try payeeRuleForm(id, context)
        case (.post(let form), .rules): return try submitPayeeRule(nil, form, context)
        case (.post(let form), .rule(let id)): return try submitPayeeRule(id, form, context)
        case (.post(let form), .deleteRule(let id)): return try deletePayeeRule(id, form, context)
        // Any other method on these addresses: 405.
        case (.post, .batch), (.get, .choices), (.get, .reread), (.get, .commit), (.get, .cancel),
             (.get, .undo), (.post, .newRule), (.get, .deleteRule):
            throw AppError(.methodNotAllowed)
        }
    }
}
