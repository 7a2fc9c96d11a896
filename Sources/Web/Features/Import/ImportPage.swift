import Engine
import Foundation
import HTTPCore
import Statements
import Storage

// Bank statement import: upload → preview (every row with its status and reason;
// nothing written to the budget) → commit, one transaction → undo within 30 days.
// The upload is here, the preview in ImportPreview.swift, its forms (choices, re-read, commit,
// cancel, undo) in ImportCommit.swift.
//
//   GET  /import                    the upload form (file, account) and past imports
//   POST /import                    parse the upload, stage a preview, 303 → /import/<batch>
//   GET  /import/<batch>?page=N&show=G  the preview: a summary, then 50 rows a page of group G (or what a committed import did)
//   POST /import/<batch>/choices    save the shown rows' choices and categories
//   POST /import/<batch>/reread     read the kept upload again: encoding, date order, CSV columns
//   POST /import/<batch>/commit     save the shown rows' choices, then import
//   POST /import/<batch>/cancel     drop the preview and its upload
//   POST /import/<batch>/undo       undo a committed import

extension App {
    /// Rows per preview page.
    static let importPageSize = 50

    // MARK: - Upload

    /// GET /import (and its 422 re-render with `state`).
    func importPage(_ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let state = state ?? FormState(t)
        let accounts = try database.accounts().filter { !$0.closed }
        // ?account=<id> (the link on an account's page) picks that account.
        let asked = context.query["account"].flatMap { id in accounts.first { String($0.id) == id } }.map { String($0.id) }
        let chosen = state.values["account"] ?? asked ?? accounts.first.map { String($0.id) } ?? ""
        let batches = try database.importBatches(limit: 50).map { batchRow($0, t) }
        let view = ImportIndexView(
            action: Route.statements(.page).path,
            fileField: FieldView(name: "file", label: t["import_field_file"], kind: .text, error: state.errors["file"],
                                 hint: t["import_hint_file"], required: true),
            accountField: FieldView(name: "account", label: t["import_field_account"], kind: .select, error: state.errors["account"],
                                    options: accounts.map { OptionView(value: String($0.id), label: $0.name, selected: String($0.id) == chosen) }),
            hasAccounts: !accounts.isEmpty,
            errors: ErrorLink.summary(state.errors),
            batches: batches, createAccountHref: Route.accounts(.new).path + "?then=import",
            rulesHref: Route.statements(.rules).path)
        return try page(.importStatement, .importStatement, context, view, title: t["import_title"], status: status)
    }

    /// POST /import: reads the upload, stages its preview, 303 to it. 422 with a message by the
    /// field for a missing file or account, a file that is not a statement (junk, ZIP, another
    /// currency, too many rows) or one with no rows; nothing is written then.
    func uploadStatement(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        var state = FormState(t, fields: form.fields)
        guard importGate.tryEnter() else { return try importBusy(state) { try importPage(context, state: $0, status: $1) } }
        defer { importGate.leave() }
        let accountID: ID<Account>? = Route.id(state.text("account"))
        let accounts = try database.accounts().filter { !$0.closed }
        if accountID == nil || !accounts.contains(where: { $0.id == accountID }) {
            state.fail("account", "import_error_account")
        }
        guard let file = form.files.first(where: { $0.name == "file" }), !file.body.isEmpty else {
            state.fail("file", "import_error_missing")
            return try importPage(context, state: state, status: .unprocessable)
        }
        guard let accountID, state.isValid, let account = accounts.first(where: { $0.id == accountID }) else {
            return try importPage(context, state: state, status: .unprocessable)
        }
        let parsed: ParsedStatement
        switch try readStatement(file.body, encoding: nil, dateOrder: nil, mapping: nil, account: account, context) {
        case .success(let statement): parsed = statement
        case .failure(let message):
            state.errors["file"] = message.text
            return try importPage(context, state: state, status: .unprocessable)
        }
        let hash = Sodium.sha256(file.body).map { String(format: "%02x", $0) }.joined()
        let upload = NewStatementImport(accountID: accountID, fileName: Self.fileName(file.filename), fileHash: hash,
                                        bytes: file.body, parsed: parsed)
        switch try database.createImportPreview(upload, context: try planContext(t), formToken: token) {
        case .written(let batch): return context.redirect(to: Route.statements(.batch(batch)).path, flash: nil)
        case .duplicate: return context.redirect(to: Route.statements(.page).path, flash: nil)
        }
    }

    /// The statement in `bytes` read with the household's currency and language (and a remembered
    /// profile for its header shape when the user gave no mapping), or the message for the user.
    func readStatement(_ bytes: [UInt8], encoding: TextEncoding?, dateOrder: DateOrder?, mapping: ColumnMapping?,
                       account: Account?, _ context: RequestContext) throws -> Result<ParsedStatement, ImportMessage> {
        let t = context.t
        // The amounts count in the account's currency (the household's when the account has none).
        let currency = try account?.currency ?? householdSettings().currency(for: t.language).code
        var options = ParseOptions(today: today(), currency: currency, prefersDayFirst: t.language.prefersDayFirst,
                                   encoding: encoding, dateOrder: dateOrder, mapping: mapping, openedOn: account?.openedOn)
        options.budget = Self.importReadingBudget()
        var parsed: ParsedStatement
        do {
            parsed = try StatementParser.parse(bytes, options: options)
        } catch {
            return .failure(ImportMessage(Self.message(error, t)))
        }
        do {
            if mapping == nil, let shape = parsed.headerShape, let profile = try database.importProfile(headerShape: shape),
               profile.mapping != parsed.mapping {
                options.mapping = profile.mapping
                options.encoding = encoding ?? profile.encoding
                options.dateOrder = dateOrder ?? profile.dateOrder
                if let remembered = try? StatementParser.parse(bytes, options: options) { parsed = remembered }
            }
            guard !parsed.rows.isEmpty || !parsed.errors.isEmpty else { return .failure(ImportMessage(t["import_error_empty"])) }
            return .success(parsed)
        }
    }

    /// The seconds one reading of a statement may take before it stops with a message.
    static let importReadingSeconds = 30

    /// A budget of `importReadingSeconds` from now, on the wall clock.
    static func importReadingBudget() -> ParseBudget {
        let deadline = Date().addingTimeInterval(Double(importReadingSeconds))
        return ParseBudget(seconds: importReadingSeconds) { Date() > deadline }
    }

    /// A statement error in the user's words.
    static func message(_ error: StatementError, _ t: Translations) -> String {
        switch error {
        case .empty: t["import_error_empty"]
        case .binary: t["import_error_binary"]
        case .zip: t["import_error_zip"]
        case .tooManyRows(let limit): t.format("import_error_rows", ["limit": String(limit)])
        case .unrecognised(let detail): t.format("import_error_unrecognised", ["detail": detail])
        case .otherCurrency(let code): t.format("import_error_currency", ["currency": code])
        case .tooSlow(let seconds): t.format("import_error_too_slow", ["seconds": String(seconds)])
        }
    }

    // MARK: - Helpers

    /// The plan's context: today, the plan settings and the name of a row without payee.
    func planContext(_ t: Translations) throws -> ImportPlanContext {
        ImportPlanContext(today: today(), planSettings: try householdSettings().plan, untitled: t["import_untitled"])
    }

    /// True for a committed import within its 30 days.
    func canUndo(_ batch: ImportBatchInfo) -> Bool {
        guard batch.status == .committed, let committed = batch.committedAt.flatMap(Self.timestampDate) else { return false }
        return clock().timeIntervalSince(committed) < Double(AppDatabase.importUndoDays) * 86_400
    }

    /// A past import as a row of the list.
    private func batchRow(_ batch: ImportBatchInfo, _ t: Translations) -> ImportBatchRow {
        let display = Display(t: t, currency: (try? householdSettings().currency(for: t.language)) ?? Currency.defaultFor(t.language))
        let summary = batch.status == .committed
            ? t.format("import_outcome", ["new": String(batch.newCount), "linked": String(batch.linkedCount), "skipped": String(batch.skippedCount)])
            : t.format("import_rows", ["rows": String(batch.rowCount)])
        return ImportBatchRow(href: Route.statements(.batch(batch.id)).path, number: String(batch.id),
                              date: Self.timestampDay(batch.committedAt ?? batch.createdAt, display), account: batch.accountName,
                              fileName: batch.fileName, status: t[batch.status.stringKey], summary: summary,
                              canUndo: canUndo(batch), undoAction: Route.statements(.undo(batch.id)).path)
    }

    /// The day of a stored timestamp ("2026-05-28T10:00:00Z") in words.
    static func timestampDay(_ stamp: String?, _ display: Display) -> String {
        guard let stamp, let day = Day(iso: String(stamp.prefix(10))) else { return stamp ?? "" }
        return display.day(day)
    }

    static func timestampDate(_ stamp: String) -> Date? {
        ISO8601DateFormatter().date(from: stamp)
    }

    /// `text` as a query value: letters, digits and `-._~` kept, every other byte %-escaped.
    static func queryEscaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    /// The uploaded file's name as shown: its last path component, control characters dropped, ≤ 255.
    static func fileName(_ name: String?) -> String {
        let last = (name ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return String(kept.unicodeScalars.prefix(255))
    }
}

/// A message for the user about an upload.
struct ImportMessage: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
