import Engine
import Foundation
import HTTPCore
import Statements
import Storage

// The preview of a statement import (ImportPage.swift lists the family's routes): a summary, the
// rows of one group 50 a page with their status, reason and controls, the re-read controls
// (encoding, date order, CSV columns) and the note on rows that look like transfers.

extension ImportFeature {
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
                return NavItem(href: path + (candidate == .all ? "" : "?show=" + candidate.rawValue), label: t[candidate.stringKey],
                               current: candidate == group, within: false)
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
        let canCategorise = isPreview && amount != 0 && [RowStatus.new, .reusedID, .duplicate, .deleted].contains(row.status)
        let chosen = amount > 0 ? row.category ?? AppDatabase.incomeChoice : row.category ?? AppDatabase.permanentCategory
        // An inflow's select: income, or a category (a refund: docs/engine-rules.md, "Refunds in a statement").
        let incomeOption = amount > 0 ? [OptionView(value: AppDatabase.incomeChoice, label: t["import_refund_income"],
                                                    selected: chosen == AppDatabase.incomeChoice)] : []
        let refund = row.isRefund && row.status != .link && row.status != .confirm
        var money = row.amount.map { display.money(Money(minorUnits: $0)) } ?? ""
        if refund { money = t.format("import_refund_amount", ["amount": money]) }
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
            ruleHref = Route.statements(.newRule).path + "?" + [("contains", ruleText), ("category", amount < 0 || refund ? row.category ?? "" : ""),
                                                            ("back", back)].map { $0.0 + "=" + Self.queryEscaped($0.1) }.joined(separator: "&")
        }
        return ImportPreviewRow(
            position: row.position, line: String(row.line), date: row.date.map(display.day) ?? "",
            amount: money, isIncome: amount > 0,
            payee: row.name ?? row.payee, memo: row.name == nil ? row.memo : [row.payee, row.memo].filter { !$0.isEmpty }.joined(separator: " · "),
            split: row.parts.isEmpty ? nil : display.split(row.parts, names: names),
            status: row.status.rawValue, statusLabel: t[row.status.stringKey], beforeOpening: beforeOpening,
            ruleHref: ruleHref, ruleLabel: t.format("import_rule_link_label", ["payee": ruleText]),
            reason: reason, isCheckbox: isPreview && [RowStatus.new, .reusedID, .duplicate, .deleted].contains(row.status),
            checked: row.choice == .importRow, isSelect: selectable, options: options,
            categoryOptions: canCategorise ? incomeOption + categories.map {
                OptionView(value: $0.key, label: display.category($0.key, names: names), selected: $0.key == chosen)
            } : [],
            uncategorised: (amount < 0 && row.category == nil || refund && row.categorySource == CategorySource.none.rawValue)
                && row.status != .error && row.status != .link && row.status != .confirm,
            refund: refund ? t.format("import_refund_hint", ["category": display.category(row.category ?? "", names: names)]) : nil,
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
}

extension ImportFeature {
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
