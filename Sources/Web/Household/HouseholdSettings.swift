import Engine

/// The household's settings as typed values, read from the settings table with
/// the defaults of docs/product-rules.md, "Settings and their defaults", for whatever is not stored.
struct HouseholdSettings {
    /// Setting keys, shared by every page that reads or writes them.
    enum Key {
        static let currency = "currency"
        static let onboarding = "onboarding"
        static let emergencyShare = "plan.emergencyShare"
        static let debtShare = "plan.debtShare"
        static let goalShare = "plan.goalShare"
        static let emergencyMonths = "plan.emergencyMonths"
        static let horizonMonths = "plan.horizonMonths"
        static let strategy = "plan.strategy"
        static let theme = "theme"
        static let accent = "accent"
        static let newYear = "newYearTheme"
        static let hidden = "hidden"
        static let nickname = "profile.nickname"
        static let feedbackURL = "feedback.url"
        /// "on" while Settings opens FinMind on the home network (restored at start).
        static let homeNetwork = "homeNetwork"
        /// "on": quick entry saves a confident card after a cancellable 3-second countdown (with JavaScript).
        static let quickAutoSave = "quick.autoSave"
    }

    /// Data sections and figures that Settings can hide (total income and total expense always stay).
    enum Hideable: String, CaseIterable {
        case incomes, expenses, debts, goals, annualIncome, annualExpense, plannedDaily, actualDaily, payoff
    }

    let stored: [String: String]

    init(_ stored: [String: String]) { self.stored = stored }

    /// The household currency; before one is chosen, RUB for Russian and USD for English.
    func currency(for language: Language) -> Currency {
        stored[Key.currency].flatMap(Currency.named) ?? Currency.defaultFor(language)
    }

    /// True once the first-visit onboarding was finished or skipped.
    var onboardingSeen: Bool { stored[Key.onboarding] != nil }

    /// The plan parameters (shares, emergency months, horizon, strategy).
    var plan: PlanSettings {
        var plan = PlanSettings()
        func int(_ key: String, _ range: ClosedRange<Int>) -> Int? { stored[key].flatMap(Int.init).flatMap { range.contains($0) ? $0 : nil } }
        let shares = [int(Key.emergencyShare, 0...100), int(Key.debtShare, 0...100), int(Key.goalShare, 0...100)]
        if let fund = shares[0], let debts = shares[1], let goals = shares[2], fund + debts + goals == 100 {
            plan.emergencyShare = fund
            plan.debtShare = debts
            plan.goalShare = goals
        }
        if let months = int(Key.emergencyMonths, Limits.emergencyMonths) { plan.emergencyMonths = months }
        if let horizon = int(Key.horizonMonths, Limits.months600) { plan.horizonMonths = horizon }
        if let strategy = stored[Key.strategy].flatMap(PayoffStrategy.init(rawValue:)) { plan.strategy = strategy }
        return plan
    }

    /// The theme: system, light or dark.
    var theme: String {
        let value = stored[Key.theme] ?? "system"
        return ["system", "light", "dark"].contains(value) ? value : "system"
    }

    /// The accent preset.
    var accent: String {
        let value = stored[Key.accent] ?? "blue"
        return Self.accents.contains(value) ? value : "blue"
    }

    static let accents = ["blue", "green", "teal", "purple", "pink", "orange", "red", "graphite"]

    /// True when Settings hides `thing` on the Budget page.
    func hides(_ thing: Hideable) -> Bool {
        (stored[Key.hidden] ?? "").split(separator: ",").contains { $0 == thing.rawValue }
    }
}

extension Handler {
    /// The stored settings as typed values.
    func householdSettings() throws -> HouseholdSettings {
        HouseholdSettings(try database.settings())
    }

    /// User category names by key (built-ins are translated instead).
    func categoryNames() throws -> [String: String] {
        var names: [String: String] = [:]
        for category in try database.categories() { if let name = category.name { names[category.key] = name } }
        return names
    }
}
