import Engine
import Foundation
import HTTPCore
import Statements
import Storage

// The preview's forms (ImportPage.swift lists the family's routes): save the shown rows' choices,
// read the kept upload again, commit, cancel, and undo a committed import.

extension ImportFeature {
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
}
