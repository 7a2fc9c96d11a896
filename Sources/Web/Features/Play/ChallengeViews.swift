import Engine
import Mustache
import Storage

// The Challenge's and the achievements' view models (ChallengePage.swift, ChallengeSettings.swift,
// AchievementsPage.swift fill them).

/// One imagined purchase, with its edit form's values.
struct ChallengeItemRow: ViewModel {
    var id: String
    var title: String
    var amount: String
    var amountPlain: String
    var category: String?
    var editAction: String
    var deleteAction: String
    var editable: Bool
    var isEditing: Bool
    var titleError: String?
    var amountError: String?
    var categories: [OptionView]
}

/// /challenge and /challenge/YYYY-MM-DD.
struct ChallengeDayView: ViewModel {
    /// Today's page only: the currency switch waiting for tomorrow.
    var pending: ChallengePendingSwitchView? = nil
    var heading: String
    var date: String
    var dateISO: String
    var budget: String
    var total: String
    var remaining: String
    var allowance: String
    var isOver: Bool
    var status: String
    var isFilled: Bool
    var isFrozen: Bool
    var isToday: Bool
    var editable: Bool
    var rateNote: String?
    var streak: String
    var grace: String?
    var items: [ChallengeItemRow]
    var hasItems: Bool
    var title: FieldView
    var amount: FieldView
    var category: FieldView
    var hasErrors: Bool
    var addAction = ChallengeRoute.addItem.path
    var saveAction = ChallengeRoute.save.path
    var historyHref = ChallengeRoute.history.path
    var settingsHref = ChallengeRoute.settings.path
    var achievementsHref = ChallengeRoute.achievements.path
    var todayHref = ChallengeRoute.today.path

    init(day: ChallengeDay, items: [ChallengeItem], editable: Bool, isToday: Bool, form state: FormState, editing: ID<ChallengeItem>?,
         categories own: [(id: ID<ChallengeCategory>, name: String)], display: Display, timeline: ChallengeTimeline) {
        let t = display.t
        heading = t.format("challenge_day_heading", ["number": String(day.number)])
        date = display.day(day.date)
        dateISO = day.date.iso
        let sum = items.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        budget = display.money(day.budget)
        total = display.money(Money(minorUnits: sum))
        remaining = display.money(Money(minorUnits: day.budget.minorUnits - sum))
        allowance = t.format("challenge_allowance", ["amount": display.money(challengeAllowance(day.budget))])
        isOver = sum > day.budget.minorUnits
        status = t[day.status.stringKey]
        isFilled = day.status == .filled
        isFrozen = !isToday
        self.isToday = isToday
        self.editable = editable && isToday
        rateNote = day.rateUsed.map { t.format("challenge_rate_used", ["rate": formatRatePerMillion($0, display.language)]) }
        streak = t.plural("challenge_streak", count: timeline.streak, ["best": String(timeline.bestStreak)])
        grace = timeline.graceUsed ? t["challenge_grace"] : nil
        let presets = challengePresetCategories.map { ($0, t[runtime: "challenge_category_" + $0]) } + own.map { ($0.name, $0.name) }
        func options(_ selected: String?) -> [OptionView] {
            [OptionView(value: "", label: t["challenge_category_none"], selected: (selected ?? "").isEmpty)]
                + presets.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == selected) }
        }
        let canEdit = self.editable
        self.items = items.map { item in
            let isEditing = editing == item.id
            return ChallengeItemRow(
                id: String(item.id), title: isEditing ? (state.values["title"] ?? item.title) : item.title,
                amount: display.money(item.amount),
                amountPlain: isEditing ? (state.values["amount"] ?? "") : display.plain(item.amount),
                category: item.category.map { c in presets.first { $0.0 == c }?.1 ?? c },
                editAction: ChallengeRoute.editItem(item.id).path, deleteAction: ChallengeRoute.deleteItem(item.id).path,
                editable: canEdit, isEditing: isEditing,
                titleError: isEditing ? state.errors["title"] : nil, amountError: isEditing ? state.errors["amount"] : nil,
                categories: options(isEditing ? state.values["category"] : item.category))
        }
        hasItems = !items.isEmpty
        let adding = editing == nil
        func field(_ name: String, _ kind: FieldKind, required: Bool, options: [OptionView] = []) -> FieldView {
            FieldView(name: name, label: t[runtime: "challenge_field_" + name], kind: kind, value: adding ? (state.values[name] ?? "") : "",
                      error: adding ? state.errors[name] : nil, required: required, options: options)
        }
        title = field("title", .text, required: true)
        amount = field("amount", .money, required: true)
        category = field("category", .select, required: false, options: options(adding ? state.values["category"] : nil))
        hasErrors = !state.isValid
    }
}

/// One row of /challenge/history.
struct ChallengeHistoryRow: ViewModel {
    var date: String
    var href: String
    var currency: String
    var budget: String
    var total: String
    var status: String
    var isFilled: Bool
    var isMissed: Bool

    init(_ d: ChallengeDay, display: Display) {
        let t = display.t
        date = display.day(d.date)
        href = ChallengeRoute.day(d.date).path
        currency = d.currency
        budget = display.money(d.budget)
        total = d.status == .filled ? display.money(d.total) : "—"
        status = t[d.status.stringKey]
        isFilled = d.status == .filled
        isMissed = d.status == .missed
    }
}

struct ChallengeHistoryView: ViewModel {
    var rows: [ChallengeHistoryRow]
    var streak: String
    var hasRows: Bool { !rows.isEmpty }
    var todayHref = ChallengeRoute.today.path
}

struct ChallengeCelebrationView: ViewModel {
    var amount: String
    var days: String
    var shareText: String
    var behaviour: String
    var todayHref = ChallengeRoute.today.path
}

struct ChallengeCategoryRow: ViewModel {
    var name: String
    var deleteAction: String
}

struct ChallengeSettingsView: ViewModel {
    var currency: FieldView
    var behaviour: FieldView
    var behaviourHints: [String]
    var reminder: FieldView
    var limits: [FieldView]
    var rates: [FieldView]
    var fxCaption: String
    var categories: [ChallengeCategoryRow]
    var categoryName: FieldView
    var hasErrors: Bool
    /// Refreshing the FX table from a feed (ChallengeFXFeed.swift).
    var fxFeed: FXFeedBlockView? = nil
    /// The switch waiting for tomorrow, with its Cancel.
    var pending: ChallengePendingSwitchView? = nil
    var hasCategories: Bool { !categories.isEmpty }
    var action = ChallengeRoute.settings.path
    var categoryAction = ChallengeRoute.addCategory.path
    var todayHref = ChallengeRoute.today.path
}

/// One achievement on /achievements.
struct AchievementRow: ViewModel {
    var id: String
    var title: String
    var detail: String
    var earned: Bool
    var progress: String
    var target: String
    var progressLabel: String
    var earnedOn: String?

    init(_ s: AchievementState, display: Display, earnedOn: String?) {
        let t = display.t
        id = s.id
        var values = ["n": String(s.threshold), "goal": s.subject]
        if s.kind == "saved" { values["amount"] = display.money(Money(minorUnits: s.threshold)) }
        let key = s.kind == "goal" ? "achievement_goal" : s.kind == "fund" ? "achievement_fund"
            : s.kind == "streak" ? "achievement_streak" : "achievement_" + s.id
        title = t.format(runtime: key, values)
        detail = t.format(runtime: key + "_detail", values)
        earned = s.earned
        progress = String(s.progress)
        target = String(s.target)
        progressLabel = s.kind == "saved" ? display.money(Money(minorUnits: s.progress)) + " / " + display.money(Money(minorUnits: s.target))
            : String(s.progress) + " / " + String(s.target)
        self.earnedOn = earnedOn.map { t.format("achievement_earned_on", ["date": $0]) }
    }
}

struct AchievementsView: ViewModel {
    var earned: [AchievementRow]
    var inProgress: [AchievementRow]
    var notice: String?
    var streak: String
    var grace: String?
    var checkedIn: Bool
    /// Today has an actual expense: no "No spending today" button.
    var spentToday = false
    var hasEarned: Bool { !earned.isEmpty }
    var checkInAction = ChallengeRoute.checkIn.path
    var challengeHref = ChallengeRoute.today.path
}

/// The small block on the Budget page and in Settings: links and today's reminder.
struct GameLinksView: ViewModel {
    var reminder: String?
    var isSoft: Bool
    var challengeHref = ChallengeRoute.today.path
    var achievementsHref = ChallengeRoute.achievements.path
    var savingHref = PlayfulSavingRoute.page.path
}

/// The Settings index's games block.
struct GameVisibilityView: ViewModel {
    var hidden: Bool
    var action = ChallengeRoute.visibility.path
    var challengeHref = ChallengeRoute.today.path
    var achievementsHref = ChallengeRoute.achievements.path
}

/// A currency switch waiting for tomorrow: "From tomorrow: EUR", and its Cancel (back to `back`).
struct ChallengePendingSwitchView: ViewModel {
    var note: String
    var action = ChallengeRoute.cancelSwitch.path
    var back: String
}
