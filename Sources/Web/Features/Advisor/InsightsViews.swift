import Engine
import Mustache

// The weekly and monthly insight cards (docs/engine-rules.md, "Insights"):
// built offline by `insightCard`, shown on the Advisor page through the `insights-card`
// partial. Another page can show them too: fill `InsightsView` with `App.insightsView(display:)`
// and include `{{#insights}}{{> insights-card}}{{/insights}}`.

/// Both cards.
struct InsightsView: ViewModel {
    var cards: [InsightCardView]
}

/// One card: this period against the previous one.
struct InsightCardView: ViewModel {
    var id: String
    var title: String
    /// "15 Nov – 21 Nov vs 8 Nov – 14 Nov".
    var range: String
    /// "Spent 12 300 ₽ (previous: 10 000 ₽)".
    var total: String
    var rows: [InsightRowView]
    /// "Biggest increase: Food +2 300 ₽" and the like.
    var highlights: [String]
    /// "Food: 21 000 ₽ of 20 000 ₽ — exceeded".
    var limits: [String]
    var suggestion: String
    /// "Days logged in a row: 5 (best: 12)." — the household's logging streak, never the game's.
    var streak = ""
    /// One day off, forgiven ("never miss twice").
    var streakGrace: String?
    /// week or month: the rephrase form's field.
    var period = ""
    /// The "Rephrase" button: a remote provider is configured and consented to.
    var canRephrase = false
    /// The provider's rephrasing of this card and period, shown instead of the offline sentences.
    var rephrased: String?
    /// "Rephrased by gpt-4o-mini."
    var rephrasedBy: String?
    /// A rephrasing exists but the original is shown ("Show the rephrased text").
    var hasHiddenRephrasing = false

    /// The Advisor page showing this card's original text, and the rephrased one; the Rephrase form's address.
    var originalLink: String { AdvisorRoute.page.path + "?insights=original#" + id }
    var rephrasedLink: String { AdvisorRoute.page.path + "#" + id }
    var rephraseAction: String { AdvisorProviderRoute.rephraseInsight.path }

    var hasRows: Bool { !rows.isEmpty }
    var hasLimits: Bool { !limits.isEmpty }
}

/// One category of a card.
struct InsightRowView: ViewModel {
    var category: String, current: String, previous: String, change: String
    /// up, down, same.
    var direction: String
}

extension AdvisorFeature {
    /// The week's and the month's cards on today (nil when the data cannot be read: the page still renders).
    /// `canRephrase`: show the "Rephrase" button; `showOriginal`: the offline sentences even
    /// where a rephrasing is stored (GET /advisor?insights=original).
    func insightsView(display: Display, canRephrase: Bool = false, showOriginal: Bool = false) -> InsightsView? {
        guard let cards = try? insightCards(), let names = try? categoryNames() else { return nil }
        let stored = (try? database.insightRephrasings(language: display.t.language.rawValue)) ?? []
        return InsightsView(cards: cards.map { card in
            var view = InsightCardView(card, display: display, names: names)
            view.canRephrase = canRephrase
            if let found = stored.first(where: { $0.period == card.period.rawValue && $0.periodStart == card.current.lowerBound.iso }) {
                if showOriginal { view.hasHiddenRephrasing = true } else {
                    view.rephrased = found.text
                    view.rephrasedBy = display.t.format("insight_rephrased_by", ["model": found.model])
                }
            }
            return view
        })
    }

    /// The week's and the month's cards on today, with the logging streak read from a bounded
    /// window of distinct logged days (`insightStreakWindow`).
    func insightCards() throws -> [InsightCard] {
        let today = today()
        let settings = try householdSettings()
        let household = try database.household(settings: settings.plan, entriesFrom: today.yearMonth.previous.firstDay.adding(days: -14),
                                               through: today, today: today)
        let limits = try currentLimitStatuses(today: today)
        let logged = try database.loggedDays(from: today.adding(days: -(insightStreakWindow - 1)), through: today)
        let streak = insightStreak(logged: logged, today: today)
        return InsightPeriod.allCases.map { period in
            var card = insightCard(entries: household.entries, limits: limits, period: period, today: today)
            card.streak = streak
            return card
        }
    }
}

extension InsightCardView {
    init(_ card: InsightCard, display: Display, names: [String: String]) {
        let t = display.t
        func signed(_ m: Money) -> String {
            (m.minorUnits > 0 ? "+" : m.minorUnits < 0 ? "−" : "") + display.money(Money(minorUnits: m.minorUnits == .min ? .max : abs(m.minorUnits)))
        }
        func name(_ key: String) -> String { display.category(key, names: names) }
        id = "insight-\(card.period.rawValue)"
        title = t[card.period.titleKey]
        range = t.format("insight_range", ["current": "\(display.day(card.current.lowerBound)) – \(display.day(card.current.upperBound))",
                                          "previous": "\(display.day(card.previous.lowerBound)) – \(display.day(card.previous.upperBound))"])
        total = t.format("insight_total", ["current": display.money(card.totalCurrent), "previous": display.money(card.totalPrevious)])
        rows = card.categories.prefix(8).map {
            InsightRowView(category: name($0.category), current: display.money($0.current), previous: display.money($0.previous),
                           change: signed($0.change), direction: $0.change.minorUnits > 0 ? "up" : $0.change.minorUnits < 0 ? "down" : "same")
        }
        highlights = []
        if let up = card.biggestIncrease { highlights.append(t.format("insight_biggest_increase", ["category": name(up.category), "amount": signed(up.change)])) }
        if let down = card.biggestDecrease { highlights.append(t.format("insight_biggest_decrease", ["category": name(down.category), "amount": signed(down.change)])) }
        limits = card.limits.map {
            t.format("insight_limit", ["category": name($0.limit.category), "spent": display.money($0.spent), "amount": display.money($0.limit.amount),
                                       "state": t[$0.state.insightKey]])
        }
        suggestion = switch card.suggestion {
        case .limitExceeded(let category, let over): t.format("insight_suggest_limit", ["category": name(category), "amount": display.money(over)])
        case .cutBack(let category, let increase): t.format("insight_suggest_cut", ["category": name(category), "amount": display.money(increase)])
        case .keepGoing(let saved): t.format("insight_suggest_keep", ["amount": display.money(saved)])
        case .recordSpending: t["insight_suggest_record"]
        case .steady: t["insight_suggest_steady"]
        }
        period = card.period.rawValue
        if let s = card.streak {
            streak = s.current > 0 ? t.format("insight_streak", ["count": "\(s.current)", "best": "\(s.best)"])
                : t.format("insight_streak_none", ["best": "\(s.best)"])
            streakGrace = s.graceUsed && s.current > 0 ? t["insight_streak_grace"] : nil
        }
    }

    /// The card's facts as lines sent to the provider to rephrase (no table, no links).
    var factLines: [String] {
        [title, range, total] + rows.map { "\($0.category): \($0.current) / \($0.previous) (\($0.change))" }
            + highlights + limits + [suggestion] + (streak.isEmpty ? [] : [streak])
    }
}
