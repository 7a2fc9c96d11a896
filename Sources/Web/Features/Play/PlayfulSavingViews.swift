import Engine
import Mustache
import Storage

// The playful-saving page's view models (PlayfulSavingPage.swift fills them; saving.mustache).

struct PlayfulSavingPageView: ViewModel {
    var roundUps: RoundUpsBlockView
    var hidden: HiddenBlockView
}

/// Round-ups: on or off, the settings in words, what waits, this period so far, the transfers.
struct RoundUpsBlockView: ViewModel {
    var isOn: Bool
    var summary = ""
    /// "Move 1 340,00 ₽ of round-ups to «Vacation»" when due.
    var suggestion: String?
    /// What waits below the minimum, or why nothing can be suggested (no goal…).
    var waiting: String?
    var current = ""
    var transfers: [RoundUpTransferRow] = []
    var settingsHref = PlayfulSavingRoute.roundUps.path
    var doneAction = PlayfulSavingRoute.roundUpsDone.path
    var back = PlayfulSavingRoute.page.path
    var hasTransfers: Bool { !transfers.isEmpty }

    init(_ state: RoundUpState, transfers stored: [RoundUpTransfer], goals: [SavingGoal], display: Display, today: Day) {
        let t = display.t
        isOn = state.isOn
        transfers = stored.map { transfer in
            let name = goals.first { $0.id == transfer.goalID }?.name ?? t["saving_goal_gone"]
            return RoundUpTransferRow(text: t.format("saving_roundups_moved", ["amount": display.money(transfer.amount), "name": name]),
                                      detail: t.format("saving_roundups_moved_detail", ["from": display.day(transfer.from),
                                                                                        "through": display.day(transfer.through),
                                                                                        "date": display.day(transfer.doneOn)]),
                                      undoAction: PlayfulSavingRoute.roundUpsUndo(transfer.id).path)
        }
        guard let settings = state.settings, state.isOn else { return }
        summary = t.format(settings.minimum == .zero ? "saving_roundups_summary_no_minimum" : "saving_roundups_summary", [
            "step": display.money(Money(minorUnits: state.step)), "multiplier": "\(settings.multiplier)",
            "period": t[settings.period.stringKey],
            "name": state.goal?.name ?? t["saving_goal_none"],
            "minimum": display.money(settings.minimum), "since": display.day(settings.startsOn),
        ])
        current = t.format(settings.period.currentKey,
                           ["amount": display.money(state.current.amount), "count": "\(state.current.expenses)"])
        if let s = state.suggestion {
            suggestion = t.format("saving_roundups_step", ["amount": display.money(s.amount), "name": s.goal.name])
        } else if state.goal == nil {
            waiting = t["saving_roundups_needs_goal"]
        } else if state.goal?.followsAccount == true {
            waiting = t["saving_error_goal_follows"]
        } else if state.pending.amount.minorUnits > 0 {
            waiting = t.format("saving_roundups_waiting", ["amount": display.money(state.pending.amount),
                                                           "minimum": display.money(settings.minimum)])
        }
    }
}

struct RoundUpTransferRow: ViewModel {
    var text: String, detail: String, undoAction: String
}

/// Hidden money: every amount with its purpose and reveal state, the total, what may still be hidden.
struct HiddenBlockView: ViewModel {
    var total: String
    var room: String
    var rows: [HiddenRow] = []
    var newHref = PlayfulSavingRoute.newHidden.path
    var hasRows: Bool { !rows.isEmpty }

    init(_ hidden: (amounts: [HiddenAmount], total: Money, balance: Money?, buffer: Money), goals: [SavingGoal],
         display: Display, today: Day) {
        let t = display.t
        total = display.money(hidden.total)
        if let balance = hidden.balance {
            room = t.format("saving_hidden_room", ["most": display.money(maxHideable(balance: balance, hidden: hidden.total, buffer: hidden.buffer)),
                                                   "buffer": display.money(hidden.buffer)])
        } else {
            room = t["saving_hide_no_accounts"]
        }
        rows = hidden.amounts.reversed().map { amount in
            var purpose = t[amount.purpose.stringKey]
            if let goal = goals.first(where: { $0.id == amount.goalID }) { purpose += " · " + goal.name }
            let isHidden = amount.isHidden(on: today)
            var status = t.format("saving_hidden_since", ["date": display.day(amount.hiddenOn)])
            if let on = amount.revealsOn {
                status = isHidden ? t.format("saving_hidden_reveals_on", ["date": display.day(on)])
                    : t.format("saving_hidden_revealed_on", ["date": display.day(on)])
            } else if amount.revealDelayDays > 0 {
                status += " · " + t.format("saving_hidden_delay", ["days": "\(amount.revealDelayDays)"])
            }
            return HiddenRow(amount: display.money(amount.amount), purpose: purpose, note: amount.note, status: status, isHidden: isHidden,
                             revealAction: isHidden && amount.revealRequestedOn == nil ? PlayfulSavingRoute.reveal(amount.id).path : nil,
                             cancelAction: isHidden && amount.revealRequestedOn != nil ? PlayfulSavingRoute.cancelReveal(amount.id).path : nil,
                             deleteAction: isHidden ? nil : PlayfulSavingRoute.deleteHidden(amount.id).path)
        }
    }
}

struct HiddenRow: ViewModel {
    var amount: String, purpose: String, note: String, status: String
    var isHidden: Bool
    var revealAction: String?, cancelAction: String?, deleteAction: String?
}

/// "Hidden: 5 000,00 ₽" beside safe to spend (Today, the forecast); nil when nothing is hidden.
struct HiddenNoteView: ViewModel {
    var text: String
    var href = PlayfulSavingRoute.page.path

    init?(_ hidden: Money, display: Display) {
        guard hidden.minorUnits > 0 else { return nil }
        text = display.t.format("saving_hidden_note", ["amount": display.money(hidden)])
    }
}
