import Engine
import Testing
@testable import Web

@Suite("Routes")
struct RouteTests {
    @Test("every route prints a path that parses back to it", arguments: Route.examples)
    func roundTrip(route: Route) {
        #expect(Route(path: route.path) == route)
    }

    @Test("the examples hold every case of every route family")
    func examplesCoverEveryCase() {
        let covered = Set(Route.examples.map(RouteCase.init))
        let missing = RouteCase.allCases.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "no example in Route.examples for \(missing)")
    }

    @Test("the Budget page's addresses stay under /data", arguments: [
        ("/data", Route.budget(.page)), ("/data/income/new", .budget(.new(.income))), ("/data/expense", .budget(.create(.expense))),
        ("/data/goal/3/edit", .budget(.edit(.goal, 3))), ("/data/categories/pets/delete", .budget(.categoryDelete("pets"))),
        ("/api/v1/export", .settings(.apiExport)), ("/favicon.ico", .staticFile), ("/static/app.css", .staticFile),
    ] as [(String, Route)])
    func paths(path: String, route: Route) {
        #expect(Route(path: path) == route)
    }

    @Test("addresses that are not pages", arguments: [
        "/calendar/2026-02-30", "/calendar/abc", "/calendar/2026-13", "/calendar/2027-02-29", "/calendar/26-01-01",
        "/calendar/2026-1-01", "/calendar/+026-01", "/calendar/1899-12", "/calendar/2200-01-01", "/data/", "/nope",
        "/settings/other", "data", "", "/static", "/plan/x",
    ])
    func unknown(path: String) {
        #expect(Route(path: path) == nil)
    }

    @Test("leap days and month ends are real days")
    func realDays() {
        #expect(Route(path: "/calendar/2028-02-29") == .calendar(.day(Day(year: 2028, month: 2, day: 29)!)))
        #expect(Route(path: "/calendar/2000-02-29") == .calendar(.day(Day(year: 2000, month: 2, day: 29)!)))
        #expect(Route(path: "/calendar/1900-02-29") == nil)
        #expect(Route(path: "/calendar/2026-04-31") == nil)
        #expect(Route(path: "/calendar/2026-12-31") == .calendar(.day(Day(year: 2026, month: 12, day: 31)!)))
    }

    @Test("a redirect target must stay on this server", arguments: [
        ("/plan", "/plan"), ("/calendar/2026-02", "/calendar/2026-02"), ("//evil.com/x", nil), ("https://evil.com", nil),
        ("/\\evil.com", nil), ("/nope", nil), ("plan", nil),
    ] as [(String, String?)])
    func localPath(input: String, expected: String?) {
        #expect(App.localPath(input) == expected)
    }
}

/// Every case of `Route` and its families. The switch in `init` has no default, so a new
/// case does not compile until it is named here, and then `examplesCoverEveryCase` fails
/// until `Route.examples` (its family's `examples`) holds one.
enum RouteCase: CaseIterable, Hashable {
    case root, welcome, language, healthz, staticFile
    case budgetPage, budgetNew, budgetCreate, budgetItem, budgetEdit, budgetDelete, budgetUndo, budgetEmergencyFund,
         budgetCategories, budgetCategoryDelete, budgetSplit
    case calendarThisMonth, calendarMonth, calendarDay, calendarConfirm
    case planPage, planRecalculate
    case advisorPage, advisorAsk, advisorConsent, advisorReset, advisorDelete, advisorSettings, advisorResetCount
    case settingsPage, settingsProfile, settingsAvatar, settingsAvatarDelete, settingsAppearance, settingsLanguage, settingsPlan,
         settingsVisibility, settingsFeedback, settingsFeedbackURL, settingsFeedbackRetry, settingsPrivacy, yourData,
         settingsExportJSON, settingsExportZip, settingsImportData, settingsDeleteData, settingsAPIExport, settingsHomeNetwork
    case settingsBackupDownload, settingsBackupDownloadChecked, settingsBackupRestore, settingsBackupRestoreConfirm, settingsBackupNow
    case authLogin, authLogout, authLogoutAll, authPasscode
    case apiBudget, apiPlan, apiCalendar
    case apiAccounts
    case accountsList, accountsNew, accountsAccount, accountsEdit, accountsClose, accountsReopen, accountsDelete
    case reconcileAccount, reconcileNewTransfer, reconcileLinkTransfer, reconcileLinkAllTransfers
    case transactionsPage, transactionsBulk, transactionsAPI
    case importPage, importBatch, importChoices, importReread, importCommit, importCancel, importUndo, importRules, importNewRule, importRule, importDeleteRule
    case limitsList, limitsNew, limitsEdit, limitsDelete, limitsDismiss, limitsAPI
    case billsPage, billsConfirm, billsDismiss, billsAPI
    case forecastPage, forecastAPI, forecastBuffer
    case feedsExport, feedsFeed, feedsSettings, feedsRevoke
    case quickPage, quickUndo, quickAPI
    case explainPage, explainAPI
    case actionsLog, actionsPreview, actionsApply, actionsUndo
    case todayPage, todayAPI, todayDone, todayUndo
    case challengeToday, challengeAddItem, challengeEditItem, challengeDeleteItem, challengeSave, challengeHistory, challengeDay,
         challengeSettings, challengeAddCategory, challengeDeleteCategory, challengeCelebration,
         challengeVisibility, achievements, achievementsCheckIn, challengeFXFeed, challengeCancelSwitch
    case providerTest, providerStream
    case providerRephraseInsight
    case savingPage, savingRoundUps, savingRoundUpsDone, savingRoundUpsUndo, savingNewHidden, savingHide, savingReveal,
         savingCancelReveal, savingDeleteHidden
    case wishlistList, wishlistNew, wishlistEdit, wishlistDelete, wishlistBought, wishlistUndo

    init(_ route: Route) {
        switch route {
        case .root: self = .root
        case .transactions(let transactions):
            switch transactions {
            case .page: self = .transactionsPage
            case .bulk: self = .transactionsBulk
            case .api: self = .transactionsAPI
            }
        case .bills(.page): self = .billsPage
        case .bills(.confirm): self = .billsConfirm
        case .bills(.dismiss): self = .billsDismiss
        case .bills(.api): self = .billsAPI
        case .forecast(.page): self = .forecastPage
        case .forecast(.api): self = .forecastAPI
        case .feeds(.export): self = .feedsExport
        case .feeds(.feed): self = .feedsFeed
        case .feeds(.settings): self = .feedsSettings
        case .feeds(.revoke): self = .feedsRevoke
        case .quick(.page): self = .quickPage
        case .quick(.undo): self = .quickUndo
        case .quick(.api): self = .quickAPI
        case .explain(.page): self = .explainPage
        case .explain(.api): self = .explainAPI
        case .advisorActions(.log): self = .actionsLog
        case .advisorActions(.preview): self = .actionsPreview
        case .advisorActions(.apply): self = .actionsApply
        case .advisorActions(.undo): self = .actionsUndo
        case .forecast(.buffer): self = .forecastBuffer
        case .today(.page): self = .todayPage
        case .today(.api): self = .todayAPI
        case .today(.done): self = .todayDone
        case .today(.undo): self = .todayUndo
        case .advisorProvider(.test): self = .providerTest
        case .advisorProvider(.stream): self = .providerStream
        case .advisorProvider(.rephraseInsight): self = .providerRephraseInsight
        case .challenge(let challenge):
            switch challenge {
            case .today: self = .challengeToday
            case .addItem: self = .challengeAddItem
            case .editItem: self = .challengeEditItem
            case .deleteItem: self = .challengeDeleteItem
            case .save: self = .challengeSave
            case .history: self = .challengeHistory
            case .day: self = .challengeDay
            case .settings: self = .challengeSettings
            case .addCategory: self = .challengeAddCategory
            case .deleteCategory: self = .challengeDeleteCategory
            case .celebration: self = .challengeCelebration
            case .visibility: self = .challengeVisibility
            case .achievements: self = .achievements
            case .checkIn: self = .achievementsCheckIn
            case .fxFeed: self = .challengeFXFeed
            case .cancelSwitch: self = .challengeCancelSwitch
            }
        case .wishlist(let wishlist):
            switch wishlist {
            case .list: self = .wishlistList
            case .new: self = .wishlistNew
            case .edit: self = .wishlistEdit
            case .delete: self = .wishlistDelete
            case .bought: self = .wishlistBought
            case .undoBought: self = .wishlistUndo
            }
        case .playfulSaving(let saving):
            switch saving {
            case .page: self = .savingPage
            case .roundUps: self = .savingRoundUps
            case .roundUpsDone: self = .savingRoundUpsDone
            case .roundUpsUndo: self = .savingRoundUpsUndo
            case .newHidden: self = .savingNewHidden
            case .hide: self = .savingHide
            case .reveal: self = .savingReveal
            case .cancelReveal: self = .savingCancelReveal
            case .deleteHidden: self = .savingDeleteHidden
            }
        case .welcome: self = .welcome
        case .language: self = .language
        case .healthz: self = .healthz
        case .staticFile: self = .staticFile
        case .reconcile(.reconcile): self = .reconcileAccount
        case .reconcile(.newTransfer): self = .reconcileNewTransfer
        case .reconcile(.linkTransfer): self = .reconcileLinkTransfer
        case .reconcile(.linkAllTransfers): self = .reconcileLinkAllTransfers
        case .budget(let budget):
            switch budget {
            case .page: self = .budgetPage
            case .new: self = .budgetNew
            case .create: self = .budgetCreate
            case .item: self = .budgetItem
            case .edit: self = .budgetEdit
            case .delete: self = .budgetDelete
            case .undo: self = .budgetUndo
            case .emergencyFund: self = .budgetEmergencyFund
            case .categories: self = .budgetCategories
            case .categoryDelete: self = .budgetCategoryDelete
            case .split: self = .budgetSplit
            }
        case .calendar(let calendar):
            switch calendar {
            case .thisMonth: self = .calendarThisMonth
            case .month: self = .calendarMonth
            case .day: self = .calendarDay
            case .confirm: self = .calendarConfirm
            }
        case .plan(let plan):
            switch plan {
            case .page: self = .planPage
            case .recalculate: self = .planRecalculate
            }
        case .advisor(let advisor):
            switch advisor {
            case .page: self = .advisorPage
            case .ask: self = .advisorAsk
            case .consent: self = .advisorConsent
            case .reset: self = .advisorReset
            case .delete: self = .advisorDelete
            case .settings: self = .advisorSettings
            case .resetCount: self = .advisorResetCount
            }
        case .settings(let settings):
            switch settings {
            case .page: self = .settingsPage
            case .profile: self = .settingsProfile
            case .avatar: self = .settingsAvatar
            case .avatarDelete: self = .settingsAvatarDelete
            case .appearance: self = .settingsAppearance
            case .language: self = .settingsLanguage
            case .plan: self = .settingsPlan
            case .visibility: self = .settingsVisibility
            case .feedback: self = .settingsFeedback
            case .feedbackURL: self = .settingsFeedbackURL
            case .feedbackRetry: self = .settingsFeedbackRetry
            case .privacy: self = .settingsPrivacy
            case .yourData: self = .yourData
            case .exportJSON: self = .settingsExportJSON
            case .exportZip: self = .settingsExportZip
            case .importData: self = .settingsImportData
            case .deleteData: self = .settingsDeleteData
            case .apiExport: self = .settingsAPIExport
            case .homeNetwork: self = .settingsHomeNetwork
            case .backupDownload: self = .settingsBackupDownload
            case .backupDownloadChecked: self = .settingsBackupDownloadChecked
            case .backupRestore: self = .settingsBackupRestore
            case .backupRestoreConfirm: self = .settingsBackupRestoreConfirm
            case .backupNow: self = .settingsBackupNow
            }
        case .auth(let auth):
            switch auth {
            case .login: self = .authLogin
            case .logout: self = .authLogout
            case .logoutAll: self = .authLogoutAll
            case .passcode: self = .authPasscode
            }
        case .api(let api):
            switch api {
            case .budget: self = .apiBudget
            case .plan: self = .apiPlan
            case .calendar: self = .apiCalendar
            case .accounts: self = .apiAccounts
            }
        case .accounts(let accounts):
            switch accounts {
            case .list: self = .accountsList
            case .new: self = .accountsNew
            case .account: self = .accountsAccount
            case .edit: self = .accountsEdit
            case .close: self = .accountsClose
            case .reopen: self = .accountsReopen
            case .delete: self = .accountsDelete
            }
        case .statements(let statements):
            switch statements {
            case .page: self = .importPage
            case .batch: self = .importBatch
            case .choices: self = .importChoices
            case .reread: self = .importReread
            case .commit: self = .importCommit
            case .cancel: self = .importCancel
            case .undo: self = .importUndo
            case .rules: self = .importRules
            case .newRule: self = .importNewRule
            case .rule: self = .importRule
            case .deleteRule: self = .importDeleteRule
            }
        case .limits(let limits):
            switch limits {
            case .list: self = .limitsList
            case .new: self = .limitsNew
            case .edit: self = .limitsEdit
            case .delete: self = .limitsDelete
            case .dismiss: self = .limitsDismiss
            case .api: self = .limitsAPI
            }
        }
    }
}
