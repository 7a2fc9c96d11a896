import Engine
import HTTPCore
import Storage

// Routes (docs/engine-rules.md, "The Challenge, streaks and achievements"):
//   GET  /achievements            earned and in-progress achievements with progress bars, the logging
//                                 streak, the "no spending today" check-in; the notice of new ones once
//   POST /achievements/check-in   "No spending today" for today (303 back to /achievements); refused,
//                                 storing nothing, once today has an actual expense

extension ChallengeFeature {

    func achievementsPage(_ context: RequestContext) throws -> Response {
        let t = context.t, today = today()
        let result = try achievementStates(today: today, language: context.language)
        let unseen = try database.rememberAchievements(result.states.filter(\.earned).map(\.id), on: today)
        try enableAchievementNotices()
        let records = Dictionary(try database.achievementRecords().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        let rows = result.states.map { AchievementRow($0, display: display, earnedOn: records[$0.id].map { display.day($0.earnedOn) }) }
        let names = result.states.filter { unseen.contains($0.id) }.map { AchievementRow($0, display: display, earnedOn: nil).title }
        if !unseen.isEmpty { try database.markAchievementsSeen() }
        let s = result.streak
        let view = AchievementsView(
            earned: rows.filter(\.earned), inProgress: rows.filter { !$0.earned },
            notice: names.isEmpty ? nil : t.format("achievements_notice", ["names": names.joined(separator: ", ")]),
            streak: t.plural("achievements_streak", count: s.current, ["best": String(s.best)]),
            grace: s.graceUsed ? t["achievements_grace"] : nil,
            checkedIn: result.checkedInToday, spentToday: try spentToday(today))
        return try page(.achievements, .achievements, context, view, title: t["achievements_title"])
    }

    func submitCheckIn(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        // A day with an expense recorded is no day without spending: nothing is marked.
        if try spentToday(today()) {
            return context.redirect(to: ChallengeRoute.achievements.path, flash: context.t["achievements_spent_today"])
        }
        _ = try database.checkIn(on: today(), formToken: token)
        return context.redirect(to: ChallengeRoute.achievements.path,
                                flash: try withAchievementNotice(context.t["achievements_flash_checked_in"], context))
    }
}

extension ChallengeFeature {
    /// Whether an actual expense (not a transfer) is dated `day`: such a day cannot be checked in as one without spending.
    func spentToday(_ day: Day) throws -> Bool {
        try database.ledgerTotals(LedgerFilter(kind: .expense, isActual: true, from: day, through: day)).count > 0
    }

    /// `flash` followed by the notice of achievements earned and not yet announced (remembered,
    /// `achievement_earned` recorded, then marked seen): the one-time notice on the next page
    /// view. Unchanged while games and achievements are hidden.
    func withAchievementNotice(_ flash: String, _ context: RequestContext) throws -> String {
        guard try database.settings()[ChallengeKey.hidden] != "on" else { return flash }
        let today = today()
        let result = try achievementStates(today: today, language: context.language)
        let unseen = try database.rememberAchievements(result.states.filter(\.earned).map(\.id), on: today)
        try enableAchievementNotices()
        guard !unseen.isEmpty else { return flash }
        let display = Display(t: context.t, currency: try householdSettings().currency(for: context.language))
        let names = result.states.filter { unseen.contains($0.id) }.map { AchievementRow($0, display: display, earnedOn: nil).title }
        try database.markAchievementsSeen()
        guard !names.isEmpty else { return flash }
        return flash + " " + context.t.format("achievements_notice", ["names": names.joined(separator: ", ")])
    }
}

extension Handler {
    /// The achievements as of `today`, derived from the data.
    func achievementStates(today: Day, language: Language) throws -> (states: [AchievementState], streak: Streak, checkedInToday: Bool) {
        let settings = try householdSettings()
        // The household without its entries (from after through: none): the entries are read
        // aggregated below, over the game's walk limit (10 years).
        let household = try database.household(settings: settings.plan, entriesFrom: today.adding(days: 1), through: today, today: today)
        let checkIns = try database.checkIns()
        let entryFacts = try database.achievementEntryFacts(from: today.adding(days: -challengeWalkLimit), through: today, today: today,
                                                            endedItems: household.expenses.filter { $0.end != nil })
        var facts = AchievementFacts()
        facts.logged = entryFacts.loggedDates.union(checkIns)
        facts.game = try challengeState(today: today, language: language).timeline
        let firsts = try database.achievementFirsts()
        facts.hasEntry = firsts.entry; facts.hasImport = firsts.importDone; facts.hasReconciliation = firsts.reconciliation
        facts.emergencySaved = household.emergencySaved
        facts.emergencyTarget = makePlan(household, today: today).emergencyTarget
        facts.goals = household.goals
        facts.currencyCode = settings.currency(for: language).code
        facts.loanBalances = household.debts.compactMap { debt in
            if case .loan(let loan) = debt.kind { return loan.balance }
            return nil
        }
        facts.monthlyLimits = try database.categoryLimits()
        facts.expenses = entryFacts.expensesAfterEnds
        facts.expenseSums = entryFacts.expenseSums
        facts.recurringExpenses = household.expenses
        let states = achievements(facts, today: today)
        return (states, streak(logged: facts.logged, today: today), checkIns.contains(today))
    }
}
