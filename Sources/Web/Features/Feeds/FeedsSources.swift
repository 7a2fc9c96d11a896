import Engine

// The extra events of the calendar download and feeds (FeedsPage.swift's hook): this month's
// checklist steps not done yet, and the Challenge's daily reminder while the game is on.
// Rules: docs/engine-rules.md, "Calendar feeds (.ics)" → "Extra events".

extension FeedsFeature {
    /// How far ahead the Challenge reminder is listed (a feed is fetched again long before).
    static let challengeReminderDays = 30

    /// The current month's checklist steps that are not done, on their due dates, CONFIRMED
    /// (a to-do the household set itself), UID `checklist-{month}-{key}@finmind`; without the
    /// amount when the feed hides amounts.
    static let checklistEventSource: CalendarEventSource = { app, from, through, language, options in
        let today = app.today()
        let month = today.yearMonth
        guard from <= month.lastDay, through >= month.firstDay else { return [] }
        let (household, plan) = try app.currentPlan()
        let t = Translations(language)
        let display = Display(t: t, currency: try app.householdSettings().currency(for: language))
        return try app.checklist(household: household, plan: plan, month: month)
            .filter { !$0.done && $0.step.due >= from && $0.step.due <= through }
            .map { item in
                CalendarEvent(uid: "checklist-\(month.iso)-\(item.step.key)@finmind", date: item.step.due,
                              summary: options.includeAmounts ? App.stepText(item.step, display: display, t: t)
                                  : FeedsFeature.stepTextWithoutAmount(item.step, t: t),
                              description: t["feeds_checklist_description"], isConfirmed: true)
            }
    }

    /// The Challenge's reminder on each day from today (at most `challengeReminderDays`) with an
    /// alarm at the game's reminder time; only once the game was started and while it is shown.
    static let challengeEventSource: CalendarEventSource = { app, from, through, language, _ in
        let stored = try app.database.settings()
        guard stored[ChallengeKey.hidden] != "on", stored[ChallengeKey.started] != nil else { return [] }
        let today = app.today()
        let first = max(from, today), last = min(through, today.adding(days: challengeReminderDays - 1))
        guard first <= last else { return [] }
        let minutes = clockMinutes(stored[ChallengeKey.reminder] ?? "14:15")
        let t = Translations(language)
        return stride(from: 0, through: first.days(to: last), by: 1).map { offset in
            let day = first.adding(days: offset)
            return CalendarEvent(uid: "challenge-\(day.iso)@finmind", date: day, summary: t["feeds_challenge_summary"],
                                 description: t["feeds_challenge_description"], isConfirmed: true, alarmMinutes: minutes)
        }
    }
}

extension FeedsFeature {
    /// A checklist step without its amount, for feeds that hide amounts ("Move money to the emergency fund").
    static func stepTextWithoutAmount(_ step: ChecklistStep, t: Translations) -> String {
        switch step.kind {
        case .emergency: t["feeds_checklist_emergency"]
        case .goal: t.format("feeds_checklist_goal", ["name": step.name])
        case .debt: t.format("feeds_checklist_debt", ["name": step.name])
        }
    }
}
