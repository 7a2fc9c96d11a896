import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /settings/data/backups/<name>   one backup file as a download, without its secrets,
//                                        while no passcode is set (else back to the form)
//   POST /settings/data/backups          the chosen backup, without its secrets (the passcode's
//                                        hash stays on the server), after the passcode
//   GET  /settings/data/restore/<name>   the restore's confirmation: what will be replaced (the
//                                        household now) and with what (the backup's figures)
//   POST /settings/data/restore          restores the chosen backup after the typed word; the
//                                        current state is backed up first
//   POST /settings/data/backup-now       a backup made by hand, then back to the list

extension SettingsFeature {
    /// The words a person types to confirm a restore (any language's is accepted).
    static let restoreWords = ["restore", "восстановить", "wiederherstellen"]

    // MARK: - Views

    /// The backups section of Settings → Your data: each backup with its time to the second, its
    /// size and what it holds, links to its restore confirmation and its download, "Back up now".
    func backupsSection(_ t: Translations, _ state: FormState?, download: FormState? = nil) throws -> BackupsView {
        let rows = try backupRows(t)
        let download = download ?? FormState(t)
        let asksPasscode = try database.hasPasscode()
        let downloadFields = [
            FieldView(name: "backup", label: t["backup_field_choice"], kind: .select, error: download.errors["backup"],
                      options: rows.map { OptionView(value: $0.name, label: $0.label, selected: $0.name == download.values["backup"]) }),
            FieldView(name: "passcode", label: t["backup_field_passcode"], kind: .password, error: download.errors["passcode"],
                      hint: t["backup_hint_passcode"], required: true, autocomplete: "current-password"),
        ]
        return BackupsView(backups: rows, text: Self.backupRule(t), restoreError: state?.errors["backup"], available: database.backupFolder != nil,
                           backUpNowAction: Route.settings(.backupNow).path, asksPasscode: asksPasscode,
                           downloadFields: downloadFields, downloadAction: Route.settings(.backupDownloadChecked).path)
    }

    /// When backups are made and which are kept, from `BackupRetention` (Your data, the privacy page).
    static func backupRule(_ t: Translations) -> String {
        t.format("backup_text", ["days": String(BackupRetention.days), "weeks": String(BackupRetention.weeks),
                                 "months": String(BackupRetention.months), "changes": String(BackupRetention.beforeChanges)])
    }

    /// Every backup, newest first, in the page's words.
    private func backupRows(_ t: Translations) throws -> [BackupRow] {
        guard let folder = database.backupFolder else { return [] }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        return folder.list().map { backup in
            let stamp = ISO8601DateFormatter().string(from: backup.createdAt)
            return BackupRow(name: backup.name,
                             time: EventWording.time(stamp, t.language, configuration.timeZone, seconds: true) ?? stamp,
                             datetime: stamp, size: Self.byteSize(backup.size, t),
                             reason: t[runtime: "backup_reason_" + backup.reason.rawValue.replacingOccurrences(of: "-", with: "_")],
                             holds: folder.summary(of: backup).map { Self.holds($0, display) } ?? t["backup_holds_unreadable"],
                             restore: Route.settings(.backupRestoreConfirm(backup.name)).path,
                             download: Route.settings(.backupDownload(backup.name)).path)
        }
    }

    /// "412 entries, 3 accounts; newest entry November 27, 2026", or "no entries, no accounts".
    static func holds(_ summary: HouseholdSummary, _ display: Display) -> String {
        let t = display.t
        if summary.isEmpty { return t["backup_holds_nothing"] }
        let values = ["entries": t.counted("backup_entries", summary.entries), "accounts": t.counted("backup_accounts", summary.accounts)]
        guard let newest = summary.newestEntry.flatMap(Day.init(iso:)) else { return t.format("backup_holds", values) }
        return t.format("backup_holds_newest", values.merging(["date": display.day(newest)]) { $1 })
    }

    /// "1.4 MB", "820 KB", "512 B" in the language's decimal mark.
    static func byteSize(_ bytes: Int64, _ t: Translations) -> String {
        let (value, unit): (Double, String) = bytes >= 1_000_000 ? (Double(bytes) / 1_000_000, "MB")
            : bytes >= 1_000 ? (Double(bytes) / 1_000, "KB") : (Double(bytes), "B")
        var text = unit == "B" ? String(bytes) : String(format: "%.1f", value)
        text = text.replacingOccurrences(of: ".", with: t.language.decimalSeparator)
        return t.format("backup_size", ["value": text, "unit": t[runtime: "backup_unit_" + unit.lowercased()]])
    }

    /// The path of the backup called `name` in the backups folder, nil when there is none.
    func backupPath(_ name: String) -> String? {
        guard let path = database.backupFolder?.path(of: name), FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    /// The backup a form chose (its `backup` field) with its path, or nil with the message by the field.
    func chosenBackup(_ state: inout FormState) -> (name: String, path: String)? {
        let name = state.text("backup")
        guard let path = backupPath(name) else {
            state.fail("backup", name.isEmpty ? "validation_required" : "validation_choice")
            return nil
        }
        return (name, path)
    }

    // MARK: - GET

    /// One backup as a download while no passcode is set (`backupFile`); with one, a 303 back
    /// to the form that asks it. 404 for a name that is not in the backups folder.
    func downloadBackup(_ name: String, _ context: RequestContext) throws -> Response {
        guard let path = backupPath(name) else { throw AppError(.notFound) }
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
        guard case let (name, path)? = chosenBackup(&state) else {
            return try yourDataPage(context, downloadState: state, status: .unprocessable)
        }
        switch try auth.recheckPasscode(form.fields["passcode"] ?? "", context) {
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

    /// GET /settings/data/restore/<name>: what restoring the backup replaces (the household now)
    /// and with what (the backup's figures), a loud warning when an empty backup would replace
    /// a household with data, and the typed word. 404 for a name not in the backups folder.
    func restoreConfirmation(_ name: String, _ context: RequestContext, state: FormState? = nil,
                             status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        guard let folder = database.backupFolder, let path = folder.path(of: name), FileManager.default.fileExists(atPath: path),
              let row = try backupRows(t).first(where: { $0.name == name }),
              let backup = folder.list().first(where: { $0.name == name }) else {
            throw AppError(.notFound)
        }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let current = try database.householdSummary()
        let incoming = folder.summary(of: backup)
        let state = state ?? FormState(t)
        let view = RestoreConfirmView(
            backup: row, current: Self.holds(current, display),
            incoming: incoming.map { Self.holds($0, display) } ?? t["backup_holds_unreadable"],
            emptiesHousehold: (incoming?.isEmpty ?? false) && !current.isEmpty,
            emptyWarning: t.format("backup_restore_empty_warning", ["current": Self.holds(current, display)]),
            action: Route.settings(.backupRestore).path, cancel: Route.settings(.yourData).path + "#backups-title",
            confirmField: FieldView(name: "confirmRestore", label: t["backup_field_confirm"], kind: .text,
                                    value: state.values["confirmRestore"] ?? "", error: state.errors["confirmRestore"],
                                    hint: t["backup_hint_confirm"], required: true, maxLength: 20),
            error: state.errors["backup"])
        return try page(.backupRestore, .settings, context, view, title: t["backup_restore_confirm_title"], status: status)
    }

    // MARK: - POST

    /// POST /settings/data/backup-now: a backup made by hand (reason `manual`), then 303 to the
    /// backups list with a flash naming it. The form token is used once; a database without a
    /// file answers 303 with the "nothing to back up" flash.
    func backUpNow(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        let back = Route.settings(.yourData).path + "#backups-title"
        guard database.backupFolder != nil else { return context.redirect(to: back, flash: t["backup_unavailable"]) }
        if case .duplicate = try database.writeOnce(formToken: token, { _ in }) {
            return context.redirect(to: back, flash: nil)
        }
        let backup = try database.backUp(reason: .manual, calendar: backupCalendar)
        logger.notice("backup \(backup.name) made by hand")
        let stamp = ISO8601DateFormatter().string(from: backup.createdAt)
        return context.redirect(to: back, flash: t.format("backup_flash_made", [
            "time": EventWording.time(stamp, t.language, configuration.timeZone, seconds: true) ?? stamp]))
    }

    /// Restores the chosen backup after the typed word: 422 with the input kept for a missing
    /// choice, a wrong word or a backup that fails its checks (nothing changes then); 303 to
    /// Your data with a flash otherwise. The form token is used once.
    func restoreBackup(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        var state = FormState(t, fields: form.fields)
        guard case let (name, path)? = chosenBackup(&state) else {
            return try yourDataPage(context, restoreState: state, status: .unprocessable)
        }
        let typed = state.text("confirmRestore").lowercased()
        guard Self.restoreWords.contains(typed) else {
            state.fail("confirmRestore", typed.isEmpty ? "validation_required" : "your_data_confirm_wrong")
            return try restoreConfirmation(name, context, state: state, status: .unprocessable)
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
            return try restoreConfirmation(name, context, state: state, status: .unprocessable)
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
    /// When backups are made and how long they are kept (`SettingsFeature.backupRule`).
    var text = ""
    /// A refused restore's message about the choice (a name not in the folder).
    var restoreError: String?
    /// False for a database without a file (nothing to back up).
    var available: Bool
    var backUpNowAction: String
    /// True when a download asks for the passcode (one is set): the list has no links then.
    var asksPasscode = false
    var downloadFields: [FieldView] = []
    var downloadAction = ""

    var hasBackups: Bool { !backups.isEmpty }
}

/// One backup in the list: when (to the second), why, how big, what it holds, its links.
struct BackupRow: ViewModel {
    var name: String
    var time: String
    var datetime: String
    var size: String
    var reason: String
    /// "412 entries, 3 accounts; newest entry November 27, 2026".
    var holds: String
    /// Its restore confirmation and its download.
    var restore: String
    var download: String

    /// The backup in one line (the download's choice): time, reason, size, contents.
    var label: String { "\(time) — \(reason), \(size): \(holds)" }
}

/// The restore confirmation: the backup, what is replaced, with what.
struct RestoreConfirmView: ViewModel {
    var backup: BackupRow
    /// The household now, and the backup, in the same words.
    var current: String
    var incoming: String
    /// True when an empty backup would replace a household that holds data: said loudly.
    var emptiesHousehold: Bool
    var emptyWarning: String
    var action: String
    var cancel: String
    var confirmField: FieldView
    /// A refused restore's message (the file failed its checks).
    var error: String?
}

extension SettingsFeature {
    /// The calendar the backups' retention counts days in: the server's time zone.
    var backupCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        return calendar
    }

    /// Waits until a daily backup in progress has finished (benchmarks, shut-down).
    func waitForBackups() { dailyBackups?.waitUntilIdle() }
}
