import Engine
import Mustache

// The bills page's view models (BillsPage.swift fills them).

struct BillsPageView: ViewModel {
    var totals: String
    var high: [BillSuggestionRow]
    var medium: [BillSuggestionRow]
    var low: [BillSuggestionRow]
    var tracked: [BillTrackedRow]
    var confirmAction = BillsRoute.confirm.path
    var dismissAction = BillsRoute.dismiss.path

    var hasHigh: Bool { !high.isEmpty }
    var hasMedium: Bool { !medium.isEmpty }
    var hasLow: Bool { !low.isEmpty }
    var hasSuggestions: Bool { hasHigh || hasMedium }
    var hasTracked: Bool { !tracked.isEmpty }

    init(_ figures: BillsFigures, display: Display) {
        let t = display.t
        totals = t.plural("bills_totals", count: figures.count, ["month": display.money(figures.monthlyTotal),
                                           "year": display.money(figures.yearlyTotal)])
        let rows = figures.suggestions.enumerated().map { BillSuggestionRow($1, existing: figures.existing[$0], display: display) }
        high = zip(figures.suggestions, rows).filter { $0.0.confidence.level == .high }.map(\.1)
        medium = zip(figures.suggestions, rows).filter { $0.0.confidence.level == .medium }.map(\.1)
        low = zip(figures.suggestions, rows).filter { $0.0.confidence.level == .low }.map(\.1)
        tracked = figures.watch.map { BillTrackedRow($0, display: display) }
    }
}

/// "0.75" → "75 %" (half up to a whole percent; the language's percent sign: "75%" en).
func billPercent(_ value: Double, _ language: Language) -> String { String(Int(value * 100 + 0.5)) + language.percentSuffix }

struct BillSuggestionRow: ViewModel {
    /// "This is your «Car loan» payment": the existing item Confirm links to (nil: Confirm creates one).
    var existingNote: String?
    var confirmLabel = ""
    var name: String
    var key: String
    var kind: String
    var periodicity: String
    var periodicityLabel: String
    var amount: String
    var amountMinor: String
    var expected: String
    var nextDue: String
    var nextDueISO: String
    var confidence: String
    var level: String
    /// Why it looks like a bill, in a sentence: "Seen 6 times, on regular dates, the same amount."
    var why: String
    var isSubscription: Bool
    var isIncome: Bool
    var perMonth: String

    init(_ s: BillSuggestion, existing: ExistingBill?, display: Display) {
        let t = display.t
        name = s.name
        if let item = existing?.rescheduled {
            // "Your planned “Salary”, 5,300.00 a month — paid every 2 weeks, 2,650.00: …"
            existingNote = t.format("bills_other_schedule_note", [
                "name": item.name, "monthly": display.money(item.periodicity.monthlyAmount(item.amount)),
                "periodicity": t[s.periodicity.stringKey], "amount": display.money(s.expectedAmount)])
            confirmLabel = t.format("bills_reschedule", ["name": item.name])
        } else {
            existingNote = existing.map { t.format("bills_existing_note", ["name": $0.name]) }
            confirmLabel = existing.map { t.format("bills_link", ["name": $0.name]) } ?? t["bills_confirm"]
        }
        key = s.merchantKey
        kind = s.kind.rawValue
        periodicity = s.periodicity.rawValue
        periodicityLabel = t[s.periodicity.stringKey]
        amount = display.money(s.medianAmount)
        amountMinor = String(s.medianAmount.minorUnits)
        expected = display.money(s.expectedAmount)
        nextDue = display.day(s.nextDue)
        nextDueISO = s.nextDue.iso
        confidence = billPercent(s.confidence.value, display.language)
        level = t[s.confidence.level.stringKey]
        why = Self.why(s, t)
        isSubscription = s.kind == .expense && Engine.isSubscription(name: s.name, category: s.category)
        isIncome = s.kind == .income
        perMonth = t.format("bills_per_month", ["amount": display.money(s.monthlyAmount)])
    }
}

extension BillSuggestionRow {
    /// The confidence's parts in words (docs/engine-rules.md, "Bills and subscriptions"): how
    /// often it was seen, how regular its dates and amounts are (of their 0.15 at most), and the
    /// periods missed.
    static func why(_ s: BillSuggestion, _ t: Translations) -> String {
        let dates: StringKey = s.confidence.dateRegularity >= 0.12 ? "bills_dates_regular"
            : s.confidence.dateRegularity >= 0.05 ? "bills_dates_rough" : "bills_dates_irregular"
        let amounts: StringKey = s.confidence.amountStability >= 0.14 ? "bills_amount_same"
            : s.confidence.amountStability >= 0.05 ? "bills_amount_similar" : "bills_amount_varies"
        var parts = [t.plural("bills_seen", count: s.hits.count), t[dates], t[amounts]]
        if s.missedPeriods > 0 { parts.append(t.plural("bills_missed", count: s.missedPeriods)) }
        return parts.joined(separator: ", ") + "."
    }
}

struct BillTrackedRow: ViewModel {
    var name: String
    var periodicityLabel: String
    var amount: String
    /// False for an ended item (no occurrence left before its end date): no next due is shown.
    var hasNextDue: Bool
    var nextDue: String
    var nextDueISO: String
    var status: String
    var isOK: Bool
    var duplicate: Bool
    var isSubscription: Bool
    var isIncome: Bool

    init(_ w: BillWatch, display: Display) {
        let t = display.t
        name = w.item.name
        periodicityLabel = t[w.item.periodicity.stringKey]
        amount = display.money(w.item.amount)
        hasNextDue = w.nextDue != nil
        nextDue = w.nextDue.map(display.day) ?? ""
        nextDueISO = w.nextDue?.iso ?? ""
        isOK = w.status == .ok || w.status == .ended
        switch w.status {
        case .ok: status = t["bills_status_ok"]
        case .ended: status = t.format("bills_status_ended", ["date": w.item.end.map(display.day) ?? ""])
        case .late: status = t.format("bills_status_late", ["date": nextDue])
        case .possiblyCancelled: status = t["bills_status_cancelled"]
        case .priceChanged:
            let percent = w.changePercent.map { ($0 > 0 ? "+" : "") + String($0) + display.language.percentSuffix } ?? ""
            status = t.format("bills_status_price", ["old": display.money(w.item.amount),
                                                     "new": w.newAmount.map(display.money) ?? "", "percent": percent])
        }
        duplicate = w.duplicate
        isSubscription = w.isSubscription
        isIncome = w.item.kind == .income
    }
}
