import Engine
import HTTPCore
import Storage

/// The addresses under /settings (and the export API).
enum SettingsRoute: Equatable, Sendable {
    /// GET /settings: the index of sections, each with a summary and its own page.
    case page
    /// GET /settings/profile (nickname and picture), POST (nickname)
    case profile
    /// GET /settings/avatar (the picture), POST (multipart upload)
    case avatar
    /// POST /settings/avatar/delete
    case avatarDelete
    /// GET/POST /settings/appearance (theme, accent, New Year theme)
    case appearance
    /// GET/POST /settings/language (language cookie and household currency)
    case language
    /// GET/POST /settings/plan (shares, emergency months, horizon, strategy)
    case plan
    /// GET/POST /settings/visibility (Data sections and figures shown)
    case visibility
    /// GET /settings/feedback (form and list), POST (submit)
    case feedback
    /// POST /settings/feedback/url (where feedback is delivered)
    case feedbackURL
    /// POST /settings/feedback/<id>/retry
    case feedbackRetry(ID<StoredFeedback>)
    /// GET /settings/privacy
    case privacy
    /// GET /settings/data (export, import, deletion, events)
    case yourData
    /// GET /settings/data/export.json and GET /api/v1/export
    case exportJSON
    /// GET /settings/data/export.zip (CSV per table)
    case exportZip
    /// POST /settings/data/import (multipart)
    case importData
    /// POST /settings/data/delete
    case deleteData
    /// GET /api/v1/export
    case apiExport
    /// GET /settings/home-network (the switch, addresses and QR code), POST (turn on or off)
    case homeNetwork
    /// GET /settings/data/backups/<name>: one backup file as a download while no passcode is set (SettingsBackups.swift)
    case backupDownload(String)
    /// POST /settings/data/backups: the chosen backup as a download, after the passcode
    case backupDownloadChecked
    /// POST /settings/data/restore: restores the chosen backup after the typed word
    case backupRestore
    /// GET /settings/data/restore/<name>: what a restore of that backup replaces, and with what; the typed word
    case backupRestoreConfirm(String)
    /// POST /settings/data/backup-now: a backup made by hand
    case backupNow

    /// Parses the path components after "settings" ([] for /settings itself), or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .page
        case ["profile"]: self = .profile
        case ["avatar"]: self = .avatar
        case ["avatar", "delete"]: self = .avatarDelete
        case ["appearance"]: self = .appearance
        case ["language"]: self = .language
        case ["plan"]: self = .plan
        case ["visibility"]: self = .visibility
        case ["feedback"]: self = .feedback
        case ["feedback", "url"]: self = .feedbackURL
        case ["privacy"]: self = .privacy
        case ["data"]: self = .yourData
        case ["data", "export.json"]: self = .exportJSON
        case ["data", "export.zip"]: self = .exportZip
        case ["data", "import"]: self = .importData
        case ["data", "delete"]: self = .deleteData
        case ["home-network"]: self = .homeNetwork
        case ["data", "restore"]: self = .backupRestore
        case ["data", "backups"]: self = .backupDownloadChecked
        case ["data", "backup-now"]: self = .backupNow
        case let parts where parts.count == 3 && parts[0] == "data" && parts[1] == "restore" && BackupFile(name: parts[2]) != nil:
            self = .backupRestoreConfirm(parts[2])
        case let parts where parts.count == 3 && parts[0] == "data" && parts[1] == "backups" && BackupFile(name: parts[2]) != nil:
            self = .backupDownload(parts[2])
        default:
            guard parts.count == 3, parts[0] == "feedback", parts[2] == "retry", let id = Self.id(parts[1]) else { return nil }
            self = .feedbackRetry(ID(id))
        }
    }

    /// Parses the path components after "/api/v1/" that belong to Settings (the export), or nil.
    init?(api parts: [String]) {
        guard parts == ["export"] else { return nil }
        self = .apiExport
    }

    private static func id(_ text: String) -> Int64? {
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), !text.hasPrefix("0")
        else { return nil }
        return Int64(text)
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .page: "/settings"
        case .profile: "/settings/profile"
        case .avatar: "/settings/avatar"
        case .avatarDelete: "/settings/avatar/delete"
        case .appearance: "/settings/appearance"
        case .language: "/settings/language"
        case .plan: "/settings/plan"
        case .visibility: "/settings/visibility"
        case .feedback: "/settings/feedback"
        case .feedbackURL: "/settings/feedback/url"
        case .feedbackRetry(let id): "/settings/feedback/\(id)/retry"
        case .privacy: "/settings/privacy"
        case .yourData: "/settings/data"
        case .exportJSON: "/settings/data/export.json"
        case .exportZip: "/settings/data/export.zip"
        case .importData: "/settings/data/import"
        case .deleteData: "/settings/data/delete"
        case .apiExport: "/api/v1/export"
        case .homeNetwork: "/settings/home-network"
        case .backupDownload(let name): "/settings/data/backups/\(name)"
        case .backupDownloadChecked: "/settings/data/backups"
        case .backupRestore: "/settings/data/restore"
        case .backupRestoreConfirm(let name): "/settings/data/restore/\(name)"
        case .backupNow: "/settings/data/backup-now"
        }
    }

    /// True when a GET's HTML may be kept by the page cache until the data changes (never
    /// the picture, the exports, a POST-only address, or the index and home-network pages,
    /// which show whether the home-network listener runs and the address the browser used).
    var isCacheablePage: Bool {
        switch self {
        case .feedback, .privacy, .profile, .appearance, .language, .plan, .visibility: true
        default: false
        }
    }

    /// The largest POST body accepted here, in bytes (avatar 2 MB, import 50 MB).
    var bodyLimit: Int {
        switch self {
        case .avatar: BodyLimit.avatar
        case .importData: BodyLimit.importFile
        default: BodyLimit.form
        }
    }

    /// True when answering may take long (an import, a remote feedback POST): answered on a worker.
    var runsLong: Bool {
        switch self {
        case .importData, .feedback, .feedbackRetry, .deleteData, .homeNetwork, .backupRestore, .backupDownloadChecked, .backupNow: true
        default: false
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [SettingsRoute] = [
        .page, .profile, .avatar, .avatarDelete, .appearance, .language, .plan, .visibility, .feedback, .feedbackURL,
        .feedbackRetry(42), .privacy, .yourData, .exportJSON, .exportZip, .importData, .deleteData, .apiExport, .homeNetwork,
        .backupDownload("finmind-20261124-030000-daily.sqlite"), .backupDownloadChecked, .backupRestore,
        .backupRestoreConfirm("finmind-20261127-171805-restore.sqlite"), .backupNow,
    ]
}

// MARK: - Handlers

/// Settings, one page per section, "Your data" (export, backup import, backups, delete all) and the
/// first visit's onboarding (SettingsPage.swift, YourDataPage.swift, SettingsBackups.swift,
/// HomeNetworkPage.swift, SettingsFeedback.swift, WelcomePage.swift). Asking for the passcode again
/// before a backup is restored is Auth's.
struct SettingsFeature: Handler {
    let services: Services
    let auth: AuthFeature
    /// The daily backup (nil in memory), which "Your data" waits for before a restore.
    let dailyBackups: DailyBackups?
}

extension SettingsFeature {
    /// The handler of each address under /settings and /api/v1/export, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: SettingsRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /settings: one link per section with its summary.
        case (.get, .page): return try settingsIndex(context)
        // GET /settings/profile: nickname and picture.
        case (.get, .profile): return try settingsPage(.profile, context)
        // POST /settings/profile: save the nickname.
        case (.post(let form), .profile): return try submitProfile(form, context)
        // GET /settings/avatar: the picture (404 when none).
        case (.get, .avatar): return try avatarImage(context)
        // POST /settings/avatar: upload one (multipart).
        case (.post(let form), .avatar): return try uploadAvatar(form, context)
        // POST /settings/avatar/delete: remove it.
        case (.post(let form), .avatarDelete): return try removeAvatar(form, context)
        // GET /settings/appearance: theme and accent.
        case (.get, .appearance): return try settingsPage(.appearance, context)
        // POST /settings/appearance: save them.
        case (.post(let form), .appearance): return try submitAppearance(form, context)
        // GET /settings/language: language and household currency.
        case (.get, .language): return try settingsPage(.language, context)
        // POST /settings/language: save them.
        case (.post(let form), .language): return try submitLanguage(form, context)
        // GET /settings/plan: shares, emergency months, horizon, strategy.
        case (.get, .plan): return try settingsPage(.plan, context)
        // POST /settings/plan: save them.
        case (.post(let form), .plan): return try submitPlan(form, context)
        // GET /settings/visibility: which Budget sections and figures show.
        case (.get, .visibility): return try settingsPage(.visibility, context)
        // POST /settings/visibility: save it.
        case (.post(let form), .visibility): return try submitVisibility(form, context)
        // GET /settings/home-network: the switch, addresses and QR code.
        case (.get, .homeNetwork): return try homeNetworkPage(context)
        // POST /settings/home-network: turn it on or off.
        case (.post(let form), .homeNetwork): return try submitHomeNetwork(form, context)
        // GET /settings/feedback: the form and what was sent.
        case (.get, .feedback): return try feedbackPage(context)
        // POST /settings/feedback: send feedback.
        case (.post(let form), .feedback): return try submitFeedback(form, context)
        // POST /settings/feedback/url: where feedback is delivered.
        case (.post(let form), .feedbackURL): return try submitFeedbackURL(form, context)
        // POST /settings/feedback/<id>/retry: deliver it again.
        case (.post(let form), .feedbackRetry(let id)): return try retryFeedback(id, form, context)
        // GET /settings/privacy: the privacy policy.
        case (.get, .privacy): return try privacyPage(context)
        // GET /settings/data: export, import, deletion, events.
        case (.get, .yourData): return try yourDataPage(context)
        // GET /settings/data/export.json: everything as one JSON download.
        case (.get, .exportJSON): return try exportJSON(context, download: true)
        // GET /settings/data/export.zip: one CSV per table.
        case (.get, .exportZip): return try exportZip(context)
        // POST /settings/data/import: an export file (multipart) replaces the data.
        case (.post(let form), .importData): return try importData(form, context)
        // POST /settings/data/delete: delete everything.
        case (.post(let form), .deleteData): return try deleteData(form, context)
        // GET /settings/data/backups/<name>: one backup file without its secrets, streamed (no passcode set; else back to the form).
        case (.get, .backupDownload(let name)): return try downloadBackup(name, context)
        // POST /settings/data/backups: the chosen backup without its secrets, after the passcode.
        case (.post(let form), .backupDownloadChecked): return try downloadBackupChecked(form, context)
        // POST /settings/data/restore: restore a backup after the typed word
        case (.post(let form), .backupRestore): return try restoreBackup(form, context)
        // GET /settings/data/restore/<name>: what restoring that backup replaces, and with what; the typed word.
        case (.get, .backupRestoreConfirm(let name)): return try restoreConfirmation(name, context)
        // POST /settings/data/backup-now: make a backup by hand.
        case (.post(let form), .backupNow): return try backUpNow(form, context)
        // GET /api/v1/export: everything as JSON, shown rather than downloaded.
        case (.get, .apiExport): return try exportJSON(context, download: false)
        // Any other method on these addresses: 405.
        case (.post, .page), (.get, .avatarDelete), (.get, .feedbackURL), (.get, .feedbackRetry),
             (.post, .privacy), (.post, .yourData), (.post, .exportJSON), (.post, .exportZip),
             (.get, .importData), (.get, .deleteData), (.post, .apiExport), (.post, .backupDownload),
             (.get, .backupDownloadChecked), (.get, .backupRestore), (.post, .backupRestoreConfirm), (.get, .backupNow):
            throw AppError(.methodNotAllowed)
        }
    }
}
