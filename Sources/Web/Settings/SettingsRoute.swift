import Engine
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
