import Foundation
import Engine
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /settings/data               export links, import, delete everything, the local events
//   GET  /settings/data/export.json   the export document (docs/product-rules.md, "Export, import and deletion") as a download
//   GET  /api/v1/export               the same document
//   GET  /settings/data/export.zip    one CSV per table (formula-looking cells escaped)
//   POST /settings/data/import        a JSON export (multipart): into an empty household, or
//                                     replacing the data after the typed word; checked in full first
//   POST /settings/data/delete        after the typed word: every table emptied, seeded as a new install;
//                                     with "also delete all backups" (checked at first) every backup too
//   (the backups' download and restore: SettingsBackups.swift)

extension App {
    /// The words a person types to confirm (any language's is accepted).
    static let replaceWords = ["replace", "заменить", "ersetzen"]
    static let deleteWords = ["delete", "удалить", "löschen"]

    // MARK: - GET

    func yourDataPage(_ context: RequestContext, importState: FormState? = nil, deleteState: FormState? = nil,
                      restoreState: FormState? = nil, downloadState: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let importState = importState ?? FormState(t)
        let deleteState = deleteState ?? FormState(t)
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let events = try database.events(limit: 200).map { EventRow($0, display, timeZone: configuration.timeZone) }
        let errors = ErrorLink.summary(importState.errors.merging(deleteState.errors) { $1 }.merging(restoreState?.errors ?? [:]) { $1 }
            .merging(downloadState?.errors ?? [:]) { $1 })
        var view = YourDataView(
            importFields: [
                FieldView(name: "file", label: t["your_data_field_file"], kind: .text, error: importState.errors["file"],
                          hint: t["your_data_hint_file"], required: true),
                FieldView(name: "confirm", label: t["your_data_field_replace"], kind: .text, value: importState.values["confirm"] ?? "",
                          error: importState.errors["confirm"], hint: t["your_data_hint_replace"], maxLength: 20),
            ],
            deleteFields: deleteFields(deleteState, t),
            events: events, errors: errors)
        view.backups = try backupsSection(t, restoreState, download: downloadState)
        return try page(.yourData, .settings, context, view, title: t["your_data"], status: status)
    }

    /// "Delete all data"'s fields: "also delete all backups" (checked until a posted form says
    /// otherwise), saying what stays when unchecked, and the typed word.
    private func deleteFields(_ state: FormState, _ t: Translations) -> [FieldView] {
        let posted = state.values["confirmDelete"] != nil
        var fields: [FieldView] = []
        if let folder = database.backupFolder {
            fields.append(FieldView(name: "alsoDeleteBackups", label: t["your_data_field_delete_backups"], kind: .checkbox,
                                    hint: t.format("your_data_hint_delete_backups", ["directory": folder.directory]),
                                    checked: posted ? state.flag("alsoDeleteBackups") : true))
        }
        fields.append(FieldView(name: "confirmDelete", label: t["your_data_field_delete"], kind: .text,
                                value: state.values["confirmDelete"] ?? "", error: state.errors["confirmDelete"],
                                hint: t["your_data_hint_delete"], required: true, maxLength: 20))
        return fields
    }

    /// The export document: a download, or the API's JSON.
    func exportJSON(_ context: RequestContext, download: Bool) throws -> Response {
        let exportedAt = Self.exportTimestamp()
        let text = ExportDocument.text(try database.exportTables(), exportedAt: exportedAt)
        var response = Response(status: .ok, contentType: "application/json; charset=utf-8", text: text)
        response.headers.add("Cache-Control", "no-store")
        if download {
            response.headers.add("Content-Disposition",
                                 "attachment; filename=\"finmind-export-\(exportedAt.prefix(10)).json\"")
        }
        return response
    }

    /// One CSV per table in a zip.
    func exportZip(_ context: RequestContext) throws -> Response {
        let now = Date()
        let bytes = CSVExport.zip(try database.exportTables(), at: now)
        var response = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/zip")]), body: bytes)
        response.headers.add("Cache-Control", "no-store")
        response.headers.add("Content-Disposition",
                             "attachment; filename=\"finmind-csv-\(Self.exportTimestamp().prefix(10)).zip\"")
        return response
    }

    static func exportTimestamp() -> String {
        Date().formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .omitted))
    }

    // MARK: - POST

    func importData(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        var state = FormState(t, fields: form.fields)
        // One import at a time: a second one is told to wait instead of doubling the memory.
        guard importGate.tryEnter() else { return try importBusy(state) { try yourDataPage(context, importState: $0, status: $1) } }
        defer { importGate.leave() }
        guard let file = form.files.first(where: { $0.name == "file" }), !file.body.isEmpty else {
            state.fail("file", "your_data_import_missing")
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        var tables: [BackupTable]
        do {
            tables = try ExportDocument.tables(from: file.body)
        } catch {
            switch error {
            case .syntax(let line, let column):
                state.errors["file"] = t.format("your_data_import_syntax", ["line": String(line), "column": String(column)])
            case .format: state.fail("file", "your_data_import_format")
            case .version(let found): state.errors["file"] = t.format("your_data_import_version", ["version": found])
            case .shape(let path): state.errors["file"] = t.format("your_data_import_shape", ["path": path])
            case .tooLarge: state.errors["file"] = t.format("your_data_import_too_large", [
                "rows": "\(JSONParser.BackupLimits.rows)", "values": "\(JSONParser.BackupLimits.values)"])
            }
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        if let problem = Self.importLimitProblem(tables, t) {
            state.errors["file"] = Self.message(problem, t)
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        switch BackupRules.checked(tables, today: today(), t: t) {
        case .success(let formChecked): tables = formChecked
        case .failure(let problem):
            state.errors["file"] = Self.message(problem, t)
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        let typed = state.text("confirm").lowercased()
        let replacing = Self.replaceWords.contains(typed)
        if !typed.isEmpty && !replacing {
            state.fail("confirm", "your_data_confirm_wrong")
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        let rows = tables.reduce(0) { $0 + $1.rows.count }
        do {
            _ = try database.restoreHousehold(tables, replacing: replacing, formToken: token,
                                             keepingSettings: EndpointRules.importKeepsSettings)
        } catch let problem as RestoreProblem {
            if problem.reason == .notEmpty {
                state.fail("confirm", "your_data_import_not_empty")
            } else {
                state.errors["file"] = Self.message(problem, t)
            }
            return try yourDataPage(context, importState: state, status: .unprocessable)
        }
        syncHomeNetwork()
        return context.redirect(to: Route.settings(.yourData).path, flash: t.format("your_data_flash_imported", ["rows": String(rows)]))
    }

    func deleteData(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        guard Self.deleteWords.contains(state.text("confirmDelete").lowercased()) else {
            state.fail("confirmDelete", state.text("confirmDelete").isEmpty ? "validation_required" : "your_data_confirm_wrong")
            return try yourDataPage(context, deleteState: state, status: .unprocessable)
        }
        // A daily backup being written now would outlive "also delete all backups".
        waitForBackups()
        if case .duplicate = try database.deleteAllData(formToken: token) {
            return context.redirect(to: Route.welcome.path, flash: nil)
        }
        dropDerivedFigures()
        syncHomeNetwork()
        var flash = context.t["your_data_flash_deleted"]
        if let folder = database.backupFolder {
            if state.flag("alsoDeleteBackups") {
                do {
                    try folder.deleteAll()
                    flash = context.t["your_data_flash_deleted_backups"]
                } catch {
                    logger.error("delete all: a backup could not be deleted: \(error)")
                    flash = context.t.format("your_data_flash_backups_left", ["directory": folder.directory])
                }
            } else {
                flash = context.t.format("your_data_flash_deleted_kept", ["directory": folder.directory])
            }
        }
        // Straight to the first-start questions a new install asks (through /data the flash was lost).
        return context.redirect(to: Route.welcome.path, flash: flash)
    }

    /// The columns that hold a civil date (the schema's CHECK admits "2026-02-30").
    static let importDateColumns: Set<String> = ["date", "startDate", "endDate", "asOf", "deadline", "confirmsDate", "createdOn", "endsOn"]

    /// The limits of docs/product-rules.md, "Ground limits", that the schema's CHECKs do not express, for an import: dates are
    /// real days within 1900-01-01 … 2199-12-31; names and notes hold no control characters
    /// (notes may break lines). The first value at fault, or nil.
    static func importLimitProblem(_ tables: [BackupTable], _ t: Translations) -> RestoreProblem? {
        if let problem = settingProblem(tables, t) { return problem }
        for table in tables {
            for (index, row) in table.rows.enumerated() {
                for case let (column, .string(text)) in row {
                    let reason: String
                    if importDateColumns.contains(column), !(Day(iso: text).map(Limits.days.contains) ?? false) {
                        reason = t["validation_date_range"]
                    } else if column == "name" && FormState.hasControlCharacters(text)
                                || column == "note" && FormState.hasControlCharacters(text.replacingOccurrences(of: "\n", with: " ")) {
                        reason = t["validation_control"]
                    } else {
                        continue
                    }
                    return RestoreProblem(table: table.name, row: index + 1, field: column, reason: .refused(reason))
                }
            }
        }
        return nil
    }

    /// The settings an import would store must pass the same limits as the Settings
    /// forms (docs/product-rules.md, "Settings and their defaults"): a value outside them is refused, naming its row. Keys this
    /// version does not know are kept as they are.
    static func settingProblem(_ tables: [BackupTable], _ t: Translations) -> RestoreProblem? {
        guard let table = tables.first(where: { $0.name == "setting" }) else { return nil }
        typealias Key = HouseholdSettings.Key
        func integer(_ range: ClosedRange<Int>) -> (String) -> Bool { { Int($0).map(range.contains) ?? false } }
        func oneOf(_ values: [String]) -> (String) -> Bool { { values.contains($0) } }
        let rules: [String: (String) -> Bool] = [
            Key.currency: oneOf(Currency.all.map(\.code)),
            Key.emergencyShare: integer(0...100), Key.debtShare: integer(0...100), Key.goalShare: integer(0...100),
            Key.emergencyMonths: integer(Limits.emergencyMonths), Key.horizonMonths: integer(Limits.months600),
            Key.strategy: oneOf(PayoffStrategy.allCases.map(\.rawValue)),
            Key.theme: oneOf(["system", "light", "dark"]), Key.accent: oneOf(HouseholdSettings.accents),
            Key.newYear: oneOf(["on", "off", ""]),
            Key.quickAutoSave: oneOf(["on", "off", ""]),
            Key.hidden: { $0.split(separator: ",").allSatisfy { HouseholdSettings.Hideable(rawValue: String($0)) != nil } },
            Key.nickname: { $0.unicodeScalars.count <= 40 && !FormState.hasControlCharacters($0) },
            Key.homeNetwork: oneOf(["on", "off"]),
            // The FX feed's form: empty (off) or an http(s) address (a file:// address would read local files).
            fxFeedURLKey: { $0.isEmpty || WishForm.safeLink($0) != nil },
            ChallengeKey.fxAsOf: { $0.isEmpty || Day(iso: $0) != nil },
            AdvisorSettings.Key.questionLimit: integer(AdvisorSettings.questionLimits),
            AdvisorSettings.Key.dailyLimit: integer(AdvisorSettings.dailyLimits),
            AdvisorSettings.Key.timeout: integer(AdvisorSettings.timeouts),
        ]
        var shares: [String: Int] = [:]
        for (index, row) in table.rows.enumerated() {
            guard case .string(let key)? = row.first(where: { $0.0 == "key" })?.1,
                  case .string(let value)? = row.first(where: { $0.0 == "value" })?.1 else { continue }
            if let rule = rules[key], !rule(value) {
                return RestoreProblem(table: "setting", row: index + 1, field: key, reason: .refused(t["validation_choice"]))
            }
            if [Key.emergencyShare, Key.debtShare, Key.goalShare].contains(key) { shares[key] = Int(value) }
        }
        if shares.count == 3, shares.values.reduce(0, +) != 100 {
            return RestoreProblem(table: "setting", row: nil, field: Key.goalShare, reason: .refused(t["validation_choice"]))
        }
        return nil
    }

    /// What is wrong with an import, in the user's language, naming table, row and field.
    static func message(_ problem: RestoreProblem, _ t: Translations) -> String {
        var place = problem.table.map { t.format("your_data_problem_table", ["table": $0]) } ?? ""
        if let row = problem.row { place += t.format("your_data_problem_row", ["row": String(row)]) }
        if let field = problem.field { place += t.format("your_data_problem_field", ["field": field]) }
        let reason: String
        switch problem.reason {
        case .unknownTable: reason = t["your_data_problem_unknown_table"]
        case .unknownColumn: reason = t["your_data_problem_unknown_column"]
        case .wrongType(let expected): reason = t.format("your_data_problem_type", ["expected": expected])
        case .refused(let text): reason = t.format("your_data_problem_refused", ["reason": text])
        case .brokenReference(let table): reason = t.format("your_data_problem_reference", ["table": table])
        case .notEmpty: reason = t["your_data_import_not_empty"]
        }
        return t.format("your_data_import_refused", ["place": place, "reason": reason])
    }
}
