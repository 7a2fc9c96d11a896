import Engine
import Foundation
import Storage

// "Mark a checklist step done" as an advisor action: the step is found in this
// month's checklist (the one Today and the Plan show) by its key or its name; the preview
// shows what "done" moves, and apply does exactly what the checklist's own Done does, in
// the same transaction as the log row. Undo is the checklist's own undo.
// Rules: docs/engine-rules.md, "Advisor provider: contract, checklist action, usage, streaming".

extension AdvisorFeature {
    /// The change marking the step `typed` names done, or the reason it cannot be: no such
    /// step this month, more than one matches, or it is already done.
    func checklistChange(_ typed: String, t: Translations) throws -> (change: AdvisorChange?, error: String?) {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= AdvisorActionContract.maxValueLength, !FormState.hasControlCharacters(text) else {
            return (nil, t["action_error_step_unknown"])
        }
        let today = today()
        let month = today.yearMonth
        let (household, plan) = try currentPlan()
        let steps = monthChecklist(plan, household: household, month: month)
        let matches = Self.checklistSteps(matching: text, in: steps)
        guard matches.count == 1, let step = matches.first else {
            return (nil, t[matches.isEmpty ? "action_error_step_unknown" : "action_error_step_ambiguous"])
        }
        guard try database.checklistDone(month: month)[step.key] == nil else { return (nil, t["action_error_step_done"]) }
        // A fund or goal whose saved amount follows an account: Done only marks the step.
        let links = try database.savedAccountLinks()
        let follows = step.kind == .emergency ? links.emergency != nil : step.kind == .goal && step.sourceID.map { links.goals[ID($0)] != nil } == true
        return (.markChecklistStep(step.namedForEntry(t), month: month, today: today, raisesSaved: !follows), nil)
    }

    /// The steps `text` names: by key ("goal-3"), by the goal's or loan's name (exactly, else as
    /// a word of the text), or the emergency fund by its words.
    static func checklistSteps(matching text: String, in steps: [ChecklistStep]) -> [ChecklistStep] {
        let lower = text.lowercased().replacingOccurrences(of: "ё", with: "е")
        if let step = steps.first(where: { $0.key == lower }) { return [step] }
        let exact = steps.filter { !$0.name.isEmpty && $0.name.lowercased().replacingOccurrences(of: "ё", with: "е") == lower }
        if !exact.isEmpty { return exact }
        let fundWords = ["emergency", "fund", "safety", "cushion", "подушк", "резерв", "фонд", "заначк"]
        if fundWords.contains(where: lower.contains) { return steps.filter { $0.kind == .emergency } }
        return steps.filter { step in
            let name = step.name.lowercased().replacingOccurrences(of: "ё", with: "е")
            return name.count >= 3 && (lower.contains(name) || (lower.count >= 3 && name.hasPrefix(lower)))
        }
    }

    /// The household as it is after `step` is done on `today`: the fund's or the goal's saved
    /// amount raised by the step's amount (capped at 10^12, as storage caps it; unless it follows
    /// an account), or the loan's balance lowered by the extra, as Done leaves them.
    static func householdWithStepDone(_ h: Household, _ step: ChecklistStep, today: Day, raisesSaved: Bool) -> Household {
        var h = h
        guard raisesSaved || step.kind == .debt else { return h }
        func raised(_ saved: Money) -> Money {
            Money(minorUnits: min(1_000_000_000_000, saved.minorUnits + min(step.amount.minorUnits, 1_000_000_000_000)))
        }
        switch step.kind {
        case .emergency:
            h.emergencySaved = raised(h.emergencySaved)
        case .goal:
            if let index = h.goals.firstIndex(where: { $0.id.rawValue == step.sourceID }) { h.goals[index].saved = raised(h.goals[index].saved) }
        case .debt:
            // As Done does: a principal payment — the loan's balance today falls by the extra (at
            // least 0.01 stays) and is true today; the money leaves the account as a transfer, which
            // no plan figure counts.
            guard let index = h.debts.firstIndex(where: { $0.id.rawValue == step.sourceID }),
                  let paid = loanAfterExtraPayment(h.debts[index], amount: step.amount, today: today) else { return h }
            h.debts[index].kind = .loan(paid)
        }
        return h
    }
}

extension ActionPreviewView {
    /// The figure the step moves, before and after: the fund's or the goal's saved amount, or
    /// the extra paid on the loan (its effect shows in the debt-free row).
    static func checklistRow(_ step: ChecklistStep, before: Plan, after: Plan, display: Display) -> ActionFigureRow {
        let t = display.t
        switch step.kind {
        case .emergency:
            return ActionFigureRow(label: t["action_checklist_fund_row"], before: display.money(before.emergencySaved),
                                   after: display.money(after.emergencySaved))
        case .goal:
            let old = before.goals.first { $0.id.rawValue == step.sourceID }, new = after.goals.first { $0.id.rawValue == step.sourceID }
            return ActionFigureRow(label: t.format("action_checklist_goal_row", ["name": step.name]),
                                   before: old.map { display.money($0.saved) } ?? "—", after: new.map { display.money($0.saved) } ?? "—")
        case .debt:
            return ActionFigureRow(label: t.format("action_checklist_debt_row", ["name": step.name]), before: "—",
                                   after: display.money(step.amount))
        }
    }
}
