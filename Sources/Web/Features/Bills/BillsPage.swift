import Engine
import HTTPCore
import Storage

// Routes (docs/engine-rules.md, "Bills and subscriptions"):
//   GET  /bills           suggestions (high, medium; low under "More suggestions") with their confidence
//                         parts, tracked recurring items with their watch, the totals line
//   POST /bills/confirm   key, kind, periodicity, amount (the suggestion's median): creates the recurring
//                         item and links the past entries (303 with a flash; a suggestion no longer there:
//                         303 with a flash saying so, nothing written)
//   POST /bills/dismiss   the same fields: "Not a bill", remembered (303 with a flash)
//   GET  /api/v1/bills    {"suggestions": […], "tracked": […], "monthlyTotal", "yearlyTotal"}; an ended tracked
//                         item has "status": "ended" and "nextDue": null, and is not in the totals

/// What /bills and /api/v1/bills show, computed once per request.
struct BillsFigures {
    var suggestions: [BillSuggestion]
    /// The existing recurring item or loan payment each suggestion already is, by suggestion index
    /// (Confirm links to it instead of creating a second one).
    var existing: [Int: ExistingBill] = [:]
    var watch: [BillWatch]
    /// Live expense items counted in the totals (ended ones left out).
    var count: Int
    var monthlyTotal: Money
    var yearlyTotal: Money
}

extension BillsFeature {

    func billsPage(_ context: RequestContext) throws -> Response {
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let view = BillsPageView(try billsFigures(), display: display)
        return try page(.bills, .bills, context, view)
    }

    /// The suggestion a Confirm or Not a bill form names: key, kind, periodicity, amount. Malformed: 400.
    private func postedBill(_ form: PostedForm) throws -> BillDismissal {
        guard let key = form.fields["key"], (1...500).contains(key.count), billMerchantKey(key) == key,
              let kind = form.fields["kind"].flatMap(FlowKind.init(rawValue:)),
              let periodicity = form.fields["periodicity"].flatMap(Periodicity.init(rawValue:)),
              let amountText = form.fields["amount"], (1...13).contains(amountText.utf8.count),
              amountText.utf8.allSatisfy({ (48...57).contains($0) }), let amount = Int64(amountText),
              (1...1_000_000_000_000).contains(amount)
        else { throw AppError(.malformed) }
        return BillDismissal(merchantKey: key, kind: kind, periodicity: periodicity, amount: Money(minorUnits: amount))
    }

    func submitBillConfirm(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let bill = try postedBill(form)
        let back = Route.bills(.page).path
        do {
            guard case .written(let confirmed) = try database.confirmBill(merchantKey: bill.merchantKey, kind: bill.kind,
                                                                          periodicity: bill.periodicity, amount: bill.amount,
                                                                          today: today(), formToken: token)
            else { return context.redirect(to: back, flash: nil) }
            switch confirmed {
            case .created(_, let name): return context.redirect(to: back, flash: context.t.format("bills_flash_confirmed", ["name": name]))
            case .existing(_, let name): return context.redirect(to: back, flash: context.t.format("bills_flash_linked", ["name": name]))
            case .rescheduled(_, let name):
                return context.redirect(to: back, flash: context.t.format("bills_flash_rescheduled", ["name": name]))
            }
        } catch BillsError.suggestionGone {
            return context.redirect(to: back, flash: context.t["bills_flash_gone"])
        }
    }

    func submitBillDismiss(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let bill = try postedBill(form)
        let back = Route.bills(.page).path
        // The flash names the payee as the page showed it ("NETFLIX.COM"), not its matching key.
        let name = try database.billSuggestions(today: today()).first { $0.merchantKey == bill.merchantKey }?.name ?? bill.merchantKey
        guard case .written = try database.dismissBill(bill, formToken: token) else { return context.redirect(to: back, flash: nil) }
        return context.redirect(to: back, flash: context.t.format("bills_flash_dismissed", ["name": name]))
    }

    func billsAPI(_ context: RequestContext) throws -> Response {
        let figures = try billsFigures()
        func decimal(_ value: Double) -> JSON {
            let basis = Int(value * 10_000 + 0.5)
            let fraction = String(basis % 10_000)
            return .number(String(basis / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction)
        }
        let suggestions: [JSON] = figures.suggestions.map { s in
            .object([
                ("merchant", .string(s.merchantKey)),
                ("direction", .string(s.kind.rawValue)),
                ("periodicity", .string(s.periodicity.rawValue)),
                ("amount", .integer(s.expectedAmount.minorUnits)),
                ("nextDue", .string(s.nextDue.iso)),
                ("confidence", decimal(s.confidence.value)),
                ("parts", .object([
                    ("base", .number("0.5000")),
                    ("occurrences", decimal(s.confidence.occurrences)),
                    ("dateRegularity", decimal(max(0, s.confidence.dateRegularity))),
                    ("amountStability", decimal(max(0, s.confidence.amountStability))),
                    ("missedPeriods", .integer(Int64(s.missedPeriods))),
                    ("missedPenalty", decimal(s.confidence.missedPenalty)),
                    ("level", .string(s.confidence.level.rawValue)),
                ])),
                ("hits", .integer(Int64(s.hits.count))),
            ])
        }
        let tracked: [JSON] = figures.watch.map { w in
            .object([
                ("name", .string(w.item.name)),
                ("periodicity", .string(w.item.periodicity.rawValue)),
                ("amount", .integer(w.item.amount.minorUnits)),
                ("nextDue", w.nextDue.map { .string($0.iso) } ?? .null),
                ("status", .string(w.status.rawValue)),
            ])
        }
        return JSON.object([
            ("suggestions", .array(suggestions)),
            ("tracked", .array(tracked)),
            ("monthlyTotal", .integer(figures.monthlyTotal.minorUnits)),
            ("yearlyTotal", .integer(figures.yearlyTotal.minorUnits)),
        ]).response()
    }
}

extension Handler {
    /// Detection and watch as of today.
    func billsFigures() throws -> BillsFigures {
        let today = today()
        return try billsCache.value(stamp: "\(database.dataVersion) \(today.iso)") { try computeBillsFigures(today: today) }
    }

    private func computeBillsFigures(today: Day) throws -> BillsFigures {
        let input = try database.billsInput(today: today)
        // A recurring expense that plans its category (groceries) is no bill: it is neither watched
        // for "price changes" nor counted in the bills' totals.
        let found = detectAndWatchBills(input.entries, linked: input.linked, items: input.items.filter { !$0.plansCategory },
                                        dismissed: input.dismissals, today: today)
        let suggestions = found.suggestions
        var existing: [Int: ExistingBill] = [:]
        if let earliest = suggestions.compactMap(\.hits.first?.date).min() {
            let household = try database.household(settings: PlanSettings(), entriesFrom: earliest.adding(days: -10),
                                                   through: today.adding(days: 10), today: today)
            for (index, suggestion) in suggestions.enumerated() {
                existing[index] = existingBill(for: suggestion, in: household, today: today)
            }
        }
        var watch = found.watch
        for index in watch.indices where watch[index].item.kind == .expense {
            watch[index].isSubscription = isSubscription(name: watch[index].item.name, category: watch[index].item.category)
        }
        var monthly: Int128 = 0, yearly: Int128 = 0, count = 0
        // An ended item (nothing left to pay) is not counted.
        for entry in watch where entry.item.kind == .expense && entry.status != .ended {
            count += 1
            monthly += Int128(entry.item.periodicity.monthlyAmount(entry.item.amount).minorUnits)
            yearly += Int128(entry.item.periodicity.yearlyAmount(entry.item.amount).minorUnits)
        }
        return BillsFigures(suggestions: suggestions, existing: existing, watch: watch, count: count,
                            monthlyTotal: Money(minorUnits: Int64(clamping: monthly)),
                            yearlyTotal: Money(minorUnits: Int64(clamping: yearly)))
    }
}
