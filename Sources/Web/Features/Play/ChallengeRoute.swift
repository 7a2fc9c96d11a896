import Engine
import HTTPCore
import Storage

/// The Challenge and the achievements (ChallengePage.swift, AchievementsPage.swift).
enum ChallengeRoute: Equatable, Sendable {
    /// GET /challenge: today's day.
    case today
    /// POST /challenge/items: add an imagined purchase to today.
    case addItem
    /// POST /challenge/items/<id>: change one of today's items.
    case editItem(ID<ChallengeItem>)
    /// POST /challenge/items/<id>/delete.
    case deleteItem(ID<ChallengeItem>)
    /// POST /challenge/save: save today's list.
    case save
    /// GET /challenge/history.
    case history
    /// GET /challenge/YYYY-MM-DD: one day's details.
    case day(Day)
    /// GET, POST /challenge/settings.
    case settings
    /// POST /challenge/categories: add an own category.
    case addCategory
    /// POST /challenge/categories/<id>/delete.
    case deleteCategory(ID<ChallengeCategory>)
    /// GET /challenge/celebration: the trophy after reaching the maximum.
    case celebration
    /// POST /challenge/visibility: hide or show games and achievements.
    case visibility
    /// GET /achievements.
    case achievements
    /// POST /achievements/check-in: "no spending today".
    case checkIn
    /// POST /challenge/fx: save the FX feed's address or refresh the rates from it (ChallengeFXFeed.swift).
    case fxFeed
    /// POST /challenge/switch/cancel: take back the currency switch waiting for tomorrow.
    case cancelSwitch

    /// Parses the components after "/challenge", or nil.
    init?(_ parts: [String]) {
        switch parts {
        case []: self = .today
        case ["items"]: self = .addItem
        case ["save"]: self = .save
        case ["history"]: self = .history
        case ["settings"]: self = .settings
        case ["categories"]: self = .addCategory
        case ["celebration"]: self = .celebration
        case ["visibility"]: self = .visibility
        case ["fx"]: self = .fxFeed
        case ["switch", "cancel"]: self = .cancelSwitch
        default:
            if parts.count == 2, parts[0] == "items", let id = Route.id(parts[1]) { self = .editItem(ID(id)) }
            else if parts.count == 3, parts[0] == "items", parts[2] == "delete", let id = Route.id(parts[1]) { self = .deleteItem(ID(id)) }
            else if parts.count == 3, parts[0] == "categories", parts[2] == "delete", let id = Route.id(parts[1]) { self = .deleteCategory(ID(id)) }
            else if parts.count == 1, parts[0].utf8.count == 10, let day = Day(iso: parts[0]) { self = .day(day) }
            else { return nil }
        }
    }

    /// Parses the components after "/achievements", or nil.
    init?(achievements parts: [String]) {
        switch parts {
        case []: self = .achievements
        case ["check-in"]: self = .checkIn
        default: return nil
        }
    }

    /// The path of this route.
    var path: String {
        switch self {
        case .today: "/challenge"
        case .addItem: "/challenge/items"
        case .editItem(let id): "/challenge/items/\(id)"
        case .deleteItem(let id): "/challenge/items/\(id)/delete"
        case .save: "/challenge/save"
        case .history: "/challenge/history"
        case .day(let day): "/challenge/" + day.iso
        case .settings: "/challenge/settings"
        case .addCategory: "/challenge/categories"
        case .deleteCategory(let id): "/challenge/categories/\(id)/delete"
        case .celebration: "/challenge/celebration"
        case .visibility: "/challenge/visibility"
        case .achievements: "/achievements"
        case .checkIn: "/achievements/check-in"
        case .fxFeed: "/challenge/fx"
        case .cancelSwitch: "/challenge/switch/cancel"
        }
    }

    /// One route of every case, for the round-trip test.
    static let examples: [ChallengeRoute] = [.today, .addItem, .editItem(3), .deleteItem(3), .save, .history,
                                             .day(Day(year: 2026, month: 3, day: 9)!), .settings, .addCategory,
                                             .deleteCategory(2), .celebration, .visibility, .achievements, .checkIn, .fxFeed, .cancelSwitch]
}

// MARK: - Handlers

/// The Challenge, its settings and FX feed, and achievements (ChallengePage.swift, ChallengeSettings.swift, ChallengeFXFeed.swift, ChallengeFollowsCurrency.swift, AchievementsPage.swift, AchievementNotice.swift).
struct ChallengeFeature: Handler {
    let services: Services
}

extension ChallengeFeature {
    /// The handler of each address under /challenge and /achievements, by method: this family's
    /// part of the route table (`App.dispatch`, Routing.swift). Every pairing is listed, the
    /// refused ones last, so a new address that no handler answers does not compile.
    func dispatch(_ method: Method, _ route: ChallengeRoute, _ context: RequestContext) throws -> Response {
        switch (method, route) {
        // GET /challenge: today's game day (budget, total, remaining, the list, its draft).
        case (.get, .today): return try challengePage(context)
        // POST /challenge/items: add an imagined purchase (422 beyond +5 %).
        case (.post(let form), .addItem): return try submitChallengeItem(id: nil, form, context)
        // POST /challenge/items/<id>: change one of today's items.
        case (.post(let form), .editItem(let id)): return try submitChallengeItem(id: id, form, context)
        // POST /challenge/items/<id>/delete: delete one of today's items.
        case (.post(let form), .deleteItem(let id)): return try deleteChallengeItem(id, form, context)
        // POST /challenge/save: save today's list.
        case (.post(let form), .save): return try submitChallengeSave(form, context)
        // GET /challenge/history: every day of the game.
        case (.get, .history): return try challengeHistoryPage(context)
        // GET /challenge/YYYY-MM-DD: one day, frozen once over.
        case (.get, .day(let day)): return try challengeDayPage(day, context)
        // GET, POST /challenge/settings: currency, limits, behaviour, FX table, reminder.
        case (.get, .settings): return try challengeSettingsPage(context)
        case (.post(let form), .settings): return try submitChallengeSettings(form, context)
        // POST /challenge/categories, /challenge/categories/<id>/delete: own categories.
        case (.post(let form), .addCategory): return try submitChallengeCategory(form, context)
        case (.post(let form), .deleteCategory(let id)): return try deleteChallengeCategory(id, form, context)
        // GET /challenge/celebration: the trophy at the maximum.
        case (.get, .celebration): return try challengeCelebrationPage(context)
        // POST /challenge/visibility: hide or show games and achievements.
        case (.post(let form), .visibility): return try submitGameVisibility(form, context)
        // GET /achievements: earned and in progress; POST /achievements/check-in: "no spending today".
        case (.get, .achievements): return try achievementsPage(context)
        case (.post(let form), .checkIn): return try submitCheckIn(form, context)
        // POST /challenge/fx: the FX feed's address; "Refresh rates" fetches it (5 s, 512 KiB) and updates the table.
        case (.post(let form), .fxFeed): return try submitFXFeed(form, context)
        // POST /challenge/switch/cancel: take back the currency switch waiting for tomorrow.
        case (.post(let form), .cancelSwitch): return try cancelChallengeSwitch(form, context)
        // Any other method on these addresses: 405.
        case (.post, .today), (.get, .addItem), (.get, .editItem), (.get, .deleteItem), (.get, .save),
             (.post, .history), (.post, .day), (.get, .addCategory), (.get, .deleteCategory),
             (.post, .celebration), (.get, .visibility), (.post, .achievements), (.get, .checkIn),
             (.get, .fxFeed), (.get, .cancelSwitch):
            throw AppError(.methodNotAllowed)
        }
    }
}
