import Foundation
import Mustache

/// Every template in Templates/, by file name (`{{> field}}` partials included); a test
/// checks that each file has its case and each case its file.
enum Template: String, CaseIterable, Sendable {
    case advisor
    case advisorConsent = "advisor-consent"
    case advisorSettings = "advisor-settings"
    case calendar
    case calendarDay = "calendar-day"
    case choice
    case confirm
    case budget
    case error
    case errorSummary = "error-summary"
    case field
    case form
    case entrySplit = "entry-split"
    case importStatement = "import"
    case importPreview = "import-preview"
    case payeeRules = "payee-rules"
    case layout
    case login
    case passcode
    case plan
    case planAllocation = "plan-allocation"
    case planGoal = "plan-goal"
    case reconcile
    case settings
    case yourData = "your-data"
    case backupRestore = "backup-restore"
    case settingsFeedback = "settings-feedback"
    case settingsHomeNetwork = "settings-home-network"
    case settingsPrivacy = "settings-privacy"
    case settingsSection = "settings-section"
    case transfer
    case transactions
    case welcome
    case accounts
    case account
    case accountForm = "account-form"
    case limits
    case limitsBanner = "limits-banner"
    case limitsBlock = "limits-block"
    case bills
    case billsSuggestion = "bills-suggestion"
    case forecast
    case settingsFeeds = "settings-feeds"
    case quick
    case quickBox = "quick-box"
    case safeToSpend = "safe-to-spend"
    case proposedTransfers = "proposed-transfers"
    case explain
    case actionPreview = "action-preview"
    case actionLog = "action-log"
    case insightsCard = "insights-card"
    case today
    case checklist
    case challenge
    case challengeHistory = "challenge-history"
    case challengeCelebration = "challenge-celebration"
    case challengeSettings = "challenge-settings"
    case achievements
    case gameLinks = "game-links"
    case challengeSwitch = "challenge-switch"
    case saving
    case wishlist
}

/// Every template, loaded once at start-up; rendering never touches the disk.
struct Renderer: Sendable {
    private let library: MustacheLibrary

    /// Loads `*.mustache` from `directory`; throws `WebSetupError.missingTemplate` when a
    /// case of `Template` has no file, or a parse error.
    init(directory: String) throws {
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        let library = try MustacheLibrary.load(directory: directory)
        for template in Template.allCases where library.getTemplate(named: template.rawValue) == nil {
            throw WebSetupError.missingTemplate(name: template.rawValue, directory: directory)
        }
        self.library = library
    }

    /// Renders `view` with `template`; throws when the template does not exist.
    func render(_ template: Template, _ view: Any) throws -> String {
        guard let text = library.render(view, withTemplate: template.rawValue) else {
            throw WebSetupError.missingTemplate(name: template.rawValue, directory: "")
        }
        return text
    }
}

extension MustacheLibrary {
    /// A synchronous version of the library's directory loader.
    static func load(directory: String) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }
        for file in files.sorted() {
            let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent(file), encoding: .utf8)
            try library.register(text, named: String(file.dropLast(".mustache".count)))
        }
        return library
    }
}

/// Problems that stop the app from starting.
public enum WebSetupError: Error, CustomStringConvertible {
    case missingTemplate(name: String, directory: String)
    case missingPublicFolder(String)

    public var description: String {
        switch self {
        case .missingTemplate(let name, let directory): "template \(name).mustache not found in \(directory)"
        case .missingPublicFolder(let path): "public folder not found: \(path)"
        }
    }
}
