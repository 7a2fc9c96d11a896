import Engine
import Foundation
import HTTPCore
import Statements
import Storage

// Bank statement import: upload → preview (every row with its status and reason;
// nothing written to the budget) → commit, one transaction → undo within 30 days.
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
            errors: state.errors.sorted { $0.key < $1.key }.map { ErrorLink(field: $0.key, text: $0.value) },
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
        guard importGate.tryEnter() else {
            state.fail("file", "your_data_import_busy")
            var response = try importPage(context, state: state, status: .serviceUnavailable)
            response.headers.add("Retry-After", "10")
            return response
        }
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

    // MARK: - Preview

    /// GET /import/<batch>?page=N&show=G.
    func importPreviewPage(_ id: ID<ImportBatchInfo>, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        guard let batch = try database.importBatch(id: id) else { throw AppError(.notFound) }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let openedOn = try database.account(id: batch.accountID)?.openedOn
        let group = context.query["show"].flatMap(ImportRowGroup.init(rawValue:)) ?? .all
        let filter = (statuses: group.statuses, before: group == .before ? openedOn : nil)
        let total = group == .before && openedOn == nil ? 0
            : try database.importRowCount(batchID: id, statuses: filter.statuses, before: filter.before)
        let pages = max(1, (total + Self.importPageSize - 1) / Self.importPageSize)
        let pageNumber = min(max(Int(context.query["page"] ?? "") ?? 1, 1), pages)
        let offset = (pageNumber - 1) * Self.importPageSize
        let staged = group == .before && openedOn == nil ? []
            : try database.importRows(batchID: id, statuses: filter.statuses, before: filter.before, offset: offset, limit: Self.importPageSize)
        let categories = try database.categories()
        let names = Dictionary(categories.compactMap { record in record.name.map { (record.key, $0) } }, uniquingKeysWith: { a, _ in a })
        let isPreview = batch.status == .preview
        let upload = isPreview ? try database.importUpload(batchID: id) : nil
        let parserErrors = try database.importParserErrors(batchID: id)
        var earlier: String?
        if let past = try database.earlierImport(ofFileHash: batch.fileHash, excluding: id) {
            earlier = t.format("import_earlier", ["date": Self.timestampDay(past.committedAt, display), "rows": String(past.rowCount)])
        }
        let path = Route.statements(.batch(id)).path
        let pageHref = { (number: Int) in path + "?page=\(number)" + (group == .all ? "" : "&show=" + group.rawValue) }
        let willImport = isPreview ? try database.importChosenCount(batchID: id) : 0
        var outcome: String?
        switch batch.status {
        case .preview: break
        case .committed: outcome = t.format("import_outcome", ["new": String(batch.newCount), "linked": String(batch.linkedCount),
                                                                "skipped": String(batch.skippedCount)])
        case .undone: outcome = t["import_outcome_undone"]
        }
        let summary = try database.importSummary(batchID: id)
        let beforeCount = try openedOn.map { try database.importRowCount(batchID: id, before: $0) } ?? 0
        func line(_ group: ImportRowGroup) -> ImportSummaryRow? {
            let parts = (group.statuses ?? RowStatus.allCases).map { summary[$0] ?? (0, 0, 0) }
            let count = parts.reduce(0) { $0 + $1.count }
            guard count > 0 || group == .all else { return nil }
            let inflow = parts.reduce(0) { $0 + $1.inflow }, outflow = parts.reduce(0) { $0 + $1.outflow }
            return ImportSummaryRow(group: group.rawValue, label: t[group.stringKey], count: String(count),
                                    inflow: display.money(Money(minorUnits: inflow)), outflow: display.money(Money(minorUnits: outflow)),
                                    href: path + (group == .all ? "" : "?show=" + group.rawValue), isTotal: group == .all)
        }
        let evidence = upload?.dateOrderEvidence
        let orderWords = t[runtime: "import_order_" + (upload?.dateOrder?.rawValue ?? "dayMonth")]
        let view = ImportPreviewView(
            number: String(id), fileName: batch.fileName, account: batch.accountName,
            format: batch.format.rawValue.uppercased(), encoding: t[runtime: "import_encoding_" + batch.encoding],
            bankLayout: upload?.layout.map { t.format("import_layout", ["name": $0]) },
            period: upload?.period.map { t.format("import_period", ["from": display.day($0.lowerBound), "through": display.day($0.upperBound)]) },
            dateOrderEvidence: evidence.flatMap(\.noteKey).map { t.format($0, ["order": orderWords]) },
            earlier: earlier,
            summary: ImportRowGroup.summaryOrder.compactMap(line),
            transfers: try transferNote(batchID: id, isPreview: isPreview, display: display),
            beforeOpening: beforeCount > 0 ? t.plural("import_before_opening", count: beforeCount, ["date": openedOn.map(display.day) ?? ""]) : nil,
            filters: ImportRowGroup.allCases.compactMap { candidate in
                guard candidate == .all || candidate == group || (candidate == .before ? beforeCount > 0 : line(candidate) != nil) else { return nil }
                return ImportFilterLink(label: t[candidate.stringKey], href: path + (candidate == .all ? "" : "?show=" + candidate.rawValue),
                                        current: candidate == group)
            },
            balance: batch.statementBalance.map { amount in
                t.format("import_balance", ["amount": display.money(Money(minorUnits: amount)),
                                            "date": batch.statementDate.map(display.day) ?? ""])
            },
            isPreview: isPreview, outcome: outcome, canUndo: canUndo(batch),
            undoAction: Route.statements(.undo(id)).path, backHref: Route.statements(.page).path,
            ledgerHref: Route.transactions(.page).path + "?account=\(batch.accountID)",
            rereadAction: Route.statements(.reread(id)).path,
            encodingField: FieldView(name: "encoding", label: t["import_field_encoding"], kind: .select, options:
                [OptionView(value: "", label: t["import_detect"], selected: upload?.encoding == nil)]
                + TextEncoding.allCases.map { OptionView(value: $0.rawValue, label: t[$0.stringKey], selected: upload?.encoding == $0) }),
            dateOrderField: FieldView(name: "dateOrder", label: t["import_field_date_order"], kind: .select, options:
                [OptionView(value: "", label: t["import_detect"], selected: upload?.dateOrder == nil)]
                + DateOrder.allCases.map { OptionView(value: $0.rawValue, label: t[$0.stringKey], selected: upload?.dateOrder == $0) }),
            dateOrderNote: upload?.dateOrderAmbiguous == true ? t.format("import_ambiguous", ["order": orderWords]) : nil,
            mappingFields: mappingFields(upload, t),
            parserErrors: parserErrors.map { ImportErrorRow(line: String($0.line), column: $0.column, reason: $0.reason) },
            rows: staged.map { previewRow($0, isPreview: isPreview, openedOn: openedOn, categories: categories, names: names,
                                          display: display, t: t, back: pageHref(pageNumber)) },
            choicesAction: Route.statements(.choices(id)).path, commitAction: Route.statements(.commit(id)).path,
            cancelAction: Route.statements(.cancel(id)).path, rowsPage: String(pageNumber), rowsGroup: group.rawValue,
            pageLabel: t.format("import_page", ["page": String(pageNumber), "pages": String(pages)]),
            previousHref: pageNumber > 1 ? pageHref(pageNumber - 1) : nil,
            nextHref: pageNumber < pages ? pageHref(pageNumber + 1) : nil,
            commitLabel: t.plural("import_commit", count: willImport))
        return try page(.importPreview, .importStatement, context, view, title: t.format("import_preview_title", ["number": String(id)]), status: status)
    }

    /// One staged row with its controls.
    private func previewRow(_ row: StagedImportRow, isPreview: Bool, openedOn: Day?, categories: [CategoryRecord], names: [String: String],
                            display: Display, t: Translations, back: String) -> ImportPreviewRow {
        let amount = row.amount ?? 0
        var reason: String?
        let beforeOpening = openedOn.map { opened in row.date.map { $0 < opened } ?? false } ?? false
        switch row.status {
        case .new: reason = nil
        case .reusedID: reason = t["import_reason_reused"]
        case .duplicate: reason = row.seenInBatch.map { t.format("import_reason_seen", ["number": String($0)]) } ?? t["import_status_duplicate"]
        case .deleted: reason = t.format("import_reason_deleted", ["date": row.deletedOn.map { Self.timestampDay($0, display) } ?? ""])
        case .link: reason = t.format("import_reason_link", ["name": row.matchName ?? "", "date": row.matchDate.map(display.day) ?? ""])
        case .confirm: reason = t.format("import_reason_confirm", ["name": row.matchName ?? "", "date": row.matchDate.map(display.day) ?? ""])
        case .error, .skipped: reason = [row.errorColumn, row.reason].compactMap { $0 }.joined(separator: ": ")
        }
        let selectable = isPreview && (row.status == .link || row.status == .confirm)
        var options: [OptionView] = []
        if selectable {
            let main: ImportChoice = row.status == .link ? .link : .confirm
            options = [main, .importRow, .skip].map { choice in
                OptionView(value: choice.rawValue, label: t[runtime: "import_choice_" + (choice == .importRow ? "separate" : choice.rawValue)],
                           selected: row.choice == choice)
            }
        }
        let canCategorise = isPreview && amount < 0 && [RowStatus.new, .reusedID, .duplicate, .deleted].contains(row.status)
        let chosen = row.category ?? AppDatabase.permanentCategory
        var result: String?
        if !isPreview {
            switch row.choice {
            case .importRow: result = t["import_result_new"]
            case .link, .confirm: result = t[runtime: "import_result_" + row.choice.rawValue]
            case .skip: result = t["import_result_skipped"]
            }
        }
        if beforeOpening, let openedOn, row.status != .error, row.status != .skipped {
            reason = [reason, t.format("import_reason_before", ["date": display.day(openedOn)])].compactMap { $0 }.joined(separator: " ")
        }
        let ruleText = PayeeCategories.payeeKey(row.payee)
        var ruleHref: String?
        if isPreview, !ruleText.isEmpty, row.status != .error, row.status != .skipped {
            ruleHref = Route.statements(.newRule).path + "?" + [("contains", ruleText), ("category", amount < 0 ? row.category ?? "" : ""),
                                                            ("back", back)].map { $0.0 + "=" + Self.queryEscaped($0.1) }.joined(separator: "&")
        }
        return ImportPreviewRow(
            position: row.position, line: String(row.line), date: row.date.map(display.day) ?? "",
            amount: row.amount.map { display.money(Money(minorUnits: $0)) } ?? "", isIncome: amount > 0,
            payee: row.name ?? row.payee, memo: row.name == nil ? row.memo : [row.payee, row.memo].filter { !$0.isEmpty }.joined(separator: " · "),
            split: row.parts.isEmpty ? nil : display.split(row.parts, names: names),
            status: row.status.rawValue, statusLabel: t[row.status.stringKey], beforeOpening: beforeOpening,
            ruleHref: ruleHref, ruleLabel: t.format("import_rule_link_label", ["payee": ruleText]),
            reason: reason, isCheckbox: isPreview && [RowStatus.new, .reusedID, .duplicate, .deleted].contains(row.status),
            checked: row.choice == .importRow, isSelect: selectable, options: options,
            categoryOptions: canCategorise ? categories.map {
                OptionView(value: $0.key, label: display.category($0.key, names: names), selected: $0.key == chosen)
            } : [],
            uncategorised: amount < 0 && row.category == nil && row.status != .error && row.status != .link && row.status != .confirm,
            result: result)
    }

    /// The CSV column selects (date, amount, in, out, payee, memo, id), when the file has a header.
    private func mappingFields(_ upload: ImportUpload?, _ t: Translations) -> [FieldView] {
        guard let upload, let mapping = upload.mapping, let header = upload.header, !header.isEmpty else { return [] }
        let fields: [(String, Int?)] = [("date", mapping.date), ("amount", mapping.amount), ("inflow", mapping.inflow),
                                        ("outflow", mapping.outflow), ("payee", mapping.payee), ("memo", mapping.memo),
                                        ("externalID", mapping.externalID)]
        return fields.map { name, column in
            FieldView(name: "map-" + name, label: t[runtime: "import_map_" + name], kind: .select, options:
                (name == "date" ? [] : [OptionView(value: "", label: t["import_map_none"], selected: column == nil)])
                + header.enumerated().map { index, text in
                    OptionView(value: String(index), label: text.isEmpty ? "#\(index + 1)" : text, selected: column == index)
                })
        }
    }

    // MARK: - Choices, re-read, commit, cancel, undo

    /// POST /import/<batch>/choices: saves the shown rows' choices, 303 back to the page.
    func saveImportChoices(_ id: ID<ImportBatchInfo>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let (choices, page) = try postedChoices(id, form)
        do {
            _ = try database.saveImportChoices(batchID: id, choices, formToken: token)
        } catch ImportStorageError.wrongState {
            throw AppError(.notFound)
        }
        let show = form.fields["show"].flatMap(ImportRowGroup.init(rawValue:)).map { $0 == .all ? "" : "&show=" + $0.rawValue } ?? ""
        return context.redirect(to: Route.statements(.batch(id)).path + "?page=\(page)" + show, flash: context.t["import_flash_saved"])
    }

    /// POST /import/<batch>/reread: reads the kept upload again with the chosen encoding, date
    /// order and columns, and re-stages the preview (the choices start again from the defaults).
    func rereadStatement(_ id: ID<ImportBatchInfo>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        guard let upload = try database.importUpload(batchID: id) else { throw AppError(.notFound) }
        let account = try database.importBatch(id: id).flatMap { try database.account(id: $0.accountID) }
        guard importGate.tryEnter() else { throw AppError(.unavailable, message: t["your_data_import_busy"]) }
        defer { importGate.leave() }
        let encoding = form.fields["encoding"].flatMap(TextEncoding.init(rawValue:))
        let dateOrder = form.fields["dateOrder"].flatMap(DateOrder.init(rawValue:))
        var mapping = upload.mapping
        if var posted = mapping, form.fields["map-date"] != nil {
            func column(_ name: String) -> Int? { form.fields["map-" + name].flatMap { Int($0) }.flatMap { (0...999).contains($0) ? $0 : nil } }
            posted.date = column("date") ?? posted.date
            posted.amount = column("amount"); posted.inflow = column("inflow"); posted.outflow = column("outflow")
            posted.payee = column("payee"); posted.memo = column("memo"); posted.externalID = column("externalID")
            guard posted.amount != nil || posted.inflow != nil || posted.outflow != nil else {
                throw AppError(.invalid, message: t["import_error_mapping"])
            }
            mapping = posted
        }
        switch try readStatement(upload.bytes, encoding: encoding, dateOrder: dateOrder, mapping: mapping, account: account, context) {
        case .success(let parsed):
            do {
                _ = try database.restageImport(batchID: id, parsed: parsed, encoding: encoding, dateOrder: dateOrder,
                                               context: try planContext(t), formToken: token)
            } catch ImportStorageError.wrongState {
                throw AppError(.notFound)
            }
            return context.redirect(to: Route.statements(.batch(id)).path, flash: t["import_flash_reread"])
        case .failure(let message):
            throw AppError(.invalid, message: message.text)
        }
    }

    /// POST /import/<batch>/commit: saves the shown rows' choices and imports; back to /import
    /// with what it did, or to the preview when the household changed since.
    func commitStatement(_ id: ID<ImportBatchInfo>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        let (choices, _) = try postedChoices(id, form)
        guard importGate.tryEnter() else { throw AppError(.unavailable, message: t["your_data_import_busy"]) }
        defer { importGate.leave() }
        let outcome: WriteOutcome<ImportCommitOutcome>
        do {
            outcome = try database.commitImport(batchID: id, choices: choices, context: try planContext(t), formToken: token)
        } catch ImportStorageError.wrongState {
            return context.redirect(to: Route.statements(.batch(id)).path, flash: t["import_flash_not_preview"])
        }
        switch outcome {
        case .written(.committed(let new, let linked, let skipped)):
            // To the account's ledger, where the imported rows now are, with what the import did.
            let ledger = try database.importBatch(id: id).map { Route.transactions(.page).path + "?account=\($0.accountID)" }
                ?? Route.statements(.page).path
            return context.redirect(to: ledger, flash: try withLimitLevels(t.format("import_flash_committed", [
                "new": String(new), "linked": String(linked), "skipped": String(skipped)]), categories: nil, context))
        case .written(.planChanged):
            return context.redirect(to: Route.statements(.batch(id)).path, flash: t["import_flash_changed"])
        case .duplicate:
            return context.redirect(to: Route.statements(.batch(id)).path, flash: nil)
        }
    }

    /// POST /import/<batch>/cancel: drops the preview.
    func cancelStatement(_ id: ID<ImportBatchInfo>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        do {
            _ = try database.cancelImport(batchID: id, formToken: token)
        } catch ImportStorageError.wrongState {
            throw AppError(.notFound)
        }
        return context.redirect(to: Route.statements(.page).path, flash: context.t["import_flash_cancelled"])
    }

    /// POST /import/<batch>/undo: removes the import's entries and unlinks what it linked.
    func undoStatement(_ id: ID<ImportBatchInfo>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        guard importGate.tryEnter() else { throw AppError(.unavailable, message: t["your_data_import_busy"]) }
        defer { importGate.leave() }
        do {
            _ = try database.undoImport(batchID: id, formToken: token)
        } catch ImportStorageError.wrongState {
            throw AppError(.notFound)
        } catch ImportStorageError.undoExpired {
            return context.redirect(to: Route.statements(.page).path, flash: t["import_flash_undo_expired"])
        }
        return context.redirect(to: Route.statements(.page).path, flash: t.format("import_flash_undone", ["number": String(id)]))
    }

    // MARK: - Helpers

    /// The choices posted for the rows of the page named by the form's `page` field: a checkbox
    /// row unticked is skipped; a select's value is kept when valid; `cat-N` is the category.
    private func postedChoices(_ id: ID<ImportBatchInfo>, _ form: PostedForm) throws -> ([Int: (choice: ImportChoice, category: String?)], Int) {
        let page = max(1, Int(form.fields["page"] ?? "") ?? 1)
        guard page <= 1_000_000 else { throw AppError(.malformed) }
        let group = form.fields["show"].flatMap(ImportRowGroup.init(rawValue:)) ?? .all
        var before: Day?
        if group == .before {
            guard let batch = try database.importBatch(id: id), let opened = try database.account(id: batch.accountID)?.openedOn else { return ([:], page) }
            before = opened
        }
        let rows = try database.importRows(batchID: id, statuses: group.statuses, before: before,
                                           offset: (page - 1) * Self.importPageSize, limit: Self.importPageSize)
        var choices: [Int: (choice: ImportChoice, category: String?)] = [:]
        for row in rows where row.status != .error && row.status != .skipped {
            let posted = form.fields["row-\(row.position)"]
            let category = form.fields["cat-\(row.position)"]
            switch row.status {
            case .link, .confirm:
                let choice = posted.flatMap(ImportChoice.init(rawValue:)) ?? row.choice
                choices[row.position] = (choice, category)
            default:
                choices[row.position] = (posted == ImportChoice.importRow.rawValue ? .importRow : .skip, category)
            }
        }
        return (choices, page)
    }

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

extension App {
    /// The preview's note on rows that would pair with an entry in another own account as a
    /// transfer (a card repayment imported from both statements), or nil when there are none.
    /// Committed, the ledger's "Possible transfers" links them in one tap.
    func transferNote(batchID: ID<ImportBatchInfo>, isPreview: Bool, display: Display) throws -> String? {
        guard isPreview else { return nil }
        let found = try database.importTransferRows(batchID: batchID)
        guard found.count > 0 else { return nil }
        return display.t.plural("import_transfers_found", count: found.count, ["total": display.money(Money(minorUnits: found.total))])
    }
}
