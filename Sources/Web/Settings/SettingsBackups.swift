import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /settings/data/backups/<name>   one backup file as a download, without its secrets,
//                                        while no passcode is set (else back to the form)
//   POST /settings/data/backups          the chosen backup, without its secrets, after the
//                                        passcode (issue 34, item 5)
//   POST /settings/data/restore          restores the chosen backup after the typed word; the
//                                        current state is backed up first (issue 21)

extension App {
    /// The words a person types to confirm a restore (any language's is accepted).
    static let restoreWords = ["restore", "восстановить", "wiederherstellen"]

    // MARK: - Views

    /// The backups section of Settings → Your data: the list, and the restore form.
    func backupsSection(_ t: Translations, _ state: FormState?, download: FormState? = nil) throws -> BackupsView {
        let backups = database.backupFolder?.list() ?? []
        let state = state ?? FormState(t)
        let chosen = state.values["backup"] ?? ""
        let rows = backups.map { backup in
            let stamp = ISO8601DateFormatter().string(from: backup.createdAt)
            return BackupRow(name: backup.name,
                             time: EventWording.time(stamp, t.language, configuration.timeZone) ?? stamp, datetime: stamp,
                             size: Self.byteSize(backup.size, t), reason: t[runtime: "backup_reason_" + backup.reason.rawValue.replacingOccurrences(of: "-", with: "_")],
                             download: Route.settings(.backupDownload(backup.name)).path)
        }
        let fields = [
            FieldView(name: "backup", label: t["backup_field_choice"], kind: .select, error: state.errors["backup"],
                      options: rows.map { OptionView(value: $0.name, label: "\($0.time) — \($0.reason)", selected: $0.name == chosen) }),
            FieldView(name: "confirmRestore", label: t["backup_field_confirm"], kind: .text, value: state.values["confirmRestore"] ?? "",
                      error: state.errors["confirmRestore"], hint: t["backup_hint_confirm"], required: true, maxLength: 20),
        ]
        let download = download ?? FormState(t)
        let asksPasscode = try database.hasPasscode()
        let downloadFields = [
            FieldView(name: "backup", label: t["backup_field_choice"], kind: .select, error: download.errors["backup"],
                      options: rows.map { OptionView(value: $0.name, label: "\($0.time) — \($0.reason)", selected: $0.name == download.values["backup"]) }),
            FieldView(name: "passcode", label: t["backup_field_passcode"], kind: .password, error: download.errors["passcode"],
                      hint: t["backup_hint_passcode"], required: true, autocomplete: "current-password"),
        ]
        return BackupsView(backups: rows, restoreFields: fields, available: database.backupFolder != nil,
                           restoreAction: Route.settings(.backupRestore).path, asksPasscode: asksPasscode,
                           downloadFields: downloadFields, downloadAction: Route.settings(.backupDownloadChecked).path)
    }

    /// "1.4 MB", "820 KB", "512 B" in the language's decimal mark.
    static func byteSize(_ bytes: Int64, _ t: Translations) -> String {
        let (value, unit): (Double, String) = bytes >= 1_000_000 ? (Double(bytes) / 1_000_000, "MB")
            : bytes >= 1_000 ? (Double(bytes) / 1_000, "KB") : (Double(bytes), "B")
        var text = unit == "B" ? String(bytes) : String(format: "%.1f", value)
        text = text.replacingOccurrences(of: ".", with: t.language.decimalSeparator)
        return t.format("backup_size", ["value": text, "unit": t[runtime: "backup_unit_" + unit.lowercased()]])
    }

    // MARK: - GET

    /// One backup as a download while no passcode is set (`backupFile`); with one, a 303 back
    /// to the form that asks it. 404 for a name that is not in the backups folder.
    func downloadBackup(_ name: String, _ context: RequestContext) throws -> Response {
        guard let path = database.backupFolder?.path(of: name), FileManager.default.fileExists(atPath: path) else {
            throw AppError(.notFound)
        }
        if try database.hasPasscode() {
            return context.redirect(to: Route.settings(.yourData).path + "#backups-title", flash: context.t["backup_flash_passcode"])
        }
        return try backupFile(name, path)
    }

    /// POST /settings/data/backups: the chosen backup after the passcode is typed again (when
    /// one is set), checked like a sign-in (the throttle counts a wrong one); 422 with the
    /// message by the field for a missing choice or a wrong passcode, 429 when locked out.
    func downloadBackupChecked(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        var state = FormState(t, fields: form.fields)
        let name = state.text("backup")
        guard let path = database.backupFolder?.path(of: name), FileManager.default.fileExists(atPath: path) else {
            state.fail("backup", name.isEmpty ? "validation_required" : "validation_choice")
            return try yourDataPage(context, downloadState: state, status: .unprocessable)
        }
        switch try recheckPasscode(form.fields["passcode"] ?? "", context) {
        case .right:
            logger.notice("backup \(name) downloaded from \(context.request.clientAddress)")
            return try backupFile(name, path)
        case .wrong:
            state.errors["passcode"] = t["auth_wrong_passcode"]
            return try yourDataPage(context, downloadState: state, status: .unprocessable)
        case .wait(let wait):
            state.errors["passcode"] = t.format("auth_locked", ["minutes": String(max(1, Int((wait / 60).rounded(.up))))])
            var response = try yourDataPage(context, downloadState: state, status: .tooManyRequests)
            response.headers.set("Retry-After", String(Int(wait.rounded(.up))))
            return response
        }
    }

    /// The backup at `path` as `name`, without the secret and session tables (a copy made for
    /// this answer and deleted once sent): `application/vnd.sqlite3`, streamed.
    private func backupFile(_ name: String, _ path: String) throws -> Response {
        let copy = try AppDatabase.shareableCopy(ofBackupAt: path)
        var response = Response(status: .ok, headers: HTTPHeaders([("Content-Type", "application/vnd.sqlite3")]))
        response.bodyFile = copy
        response.removesBodyFile = true
        response.headers.add("Cache-Control", "no-store")
        response.headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
        return response
    }

    // MARK: - POST

    /// Restores the chosen backup after the typed word: 422 with the input kept for a missing
    /// choice, a wrong word or a backup that fails its checks (nothing changes then); 303 to
    /// Your data with a flash otherwise. The form token is used once.
    func restoreBackup(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        var state = FormState(t, fields: form.fields)
        let name = state.text("backup")
        guard let path = database.backupFolder?.path(of: name), FileManager.default.fileExists(atPath: path) else {
            state.fail("backup", name.isEmpty ? "validation_required" : "validation_choice")
            return try yourDataPage(context, restoreState: state, status: .unprocessable)
        }
        let typed = state.text("confirmRestore").lowercased()
        guard Self.restoreWords.contains(typed) else {
            state.fail("confirmRestore", typed.isEmpty ? "validation_required" : "your_data_confirm_wrong")
            return try yourDataPage(context, restoreState: state, status: .unprocessable)
        }
        // One restore per form: a double submit restores nothing more.
        if case .duplicate = try database.writeOnce(formToken: token, { _ in }) {
            return context.redirect(to: Route.settings(.yourData).path, flash: nil)
        }
        do {
            try database.restore(from: path, keepingSettings: EndpointRules.importKeepsSettings)
        } catch let error as BackupError {
            logger.error("restore of \(name) refused: \(error)")
            state.errors["backup"] = t["backup_restore_refused"]
            return try yourDataPage(context, restoreState: state, status: .unprocessable)
        }
        // The restored tables hold the backup's used tokens: mark this form's used again.
        _ = try database.writeOnce(formToken: token) { _ in }
        logger.notice("restored the database from backup \(name)")
        dropDerivedFigures()
        syncHomeNetwork()
        return context.redirect(to: Route.settings(.yourData).path, flash: t["backup_flash_restored"])
    }
}

/// The backups section's view model.
struct BackupsView: ViewModel {
    var backups: [BackupRow]
    var restoreFields: [FieldView]
    /// False for a database without a file (nothing to back up).
    var available: Bool
    var restoreAction: String
    /// True when a download asks for the passcode (one is set): the list has no links then.
    var asksPasscode = false
    var downloadFields: [FieldView] = []
    var downloadAction = ""

    var hasBackups: Bool { !backups.isEmpty }
}

/// One backup in the list: when, how big, why, and its download link.
struct BackupRow: ViewModel {
    var name: String
    var time: String
    var datetime: String
    var size: String
    var reason: String
    var download: String
}

extension App {
    /// Waits until a daily backup in progress has finished (benchmarks, shut-down).
    public func waitForBackups() { dailyBackups?.waitUntilIdle() }
}
