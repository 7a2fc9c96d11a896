import Engine

// The built-in advisor's forecast and limit lines: the check-up names the 30-day low point,
// the risk, safe to spend (the figures every page shows, with their names) and the limits at
// warning or over; "can I afford X" answers from left until payday − X. Rules: docs/engine-rules.md, "Forecast inputs: limits and tracked bills".

/// The 30-day forecast and today's limit statuses, as the advisor reads them.
struct AdvisorOutlook {
    let forecast: Forecast
    let limits: [LimitStatus]
    /// Some limit is exceeded or projected to be exceeded (the forecast's medium-risk flag).
    var limitFlag: Bool { forecastLimitInputs(limits).projectedExceeded }
}

extension BuiltInAdvisor {
    // MARK: - Check-up

    /// "Next 30 days: the lowest balance is … on …; risk …" and safe to spend in the words every
    /// page uses, or nil without a forecast or without a spendable account (the forecast is then
    /// only the net change).
    func forecastSummaryLine() -> String? {
        guard let f = facts.outlook?.forecast, !f.isNetChange else { return nil }
        return facts.t.format("advisor_forecast_summary", [
            "amount": facts.money(f.lowPoint.amount), "date": facts.display.day(f.lowPoint.date),
            "risk": facts.t[f.risk.stringKey]]) + " " + SafeToSpendView.sentence(f, display: facts.display)
    }

    /// The check-up's risks with the forecast's (high or medium, with its reason) and the
    /// limits at warning or over (with their projection) in front; "no acute risks" goes when
    /// any of these is there.
    func withForecastRisks(_ risks: [String]) -> [String] {
        guard let outlook = facts.outlook else { return risks }
        let t = facts.t
        var lines: [String] = []
        let f = outlook.forecast
        if f.risk == .high || f.risk == .medium {
            lines.append(t.format("advisor_forecast_risk", ["risk": t[f.risk.stringKey],
                                                            "reason": ForecastPageView.reason(f, display: facts.display)]))
        }
        for status in outlook.limits where status.state != .ok || status.projectedExceedOn != nil {
            var line = t.format("limit_flash", ["category": facts.display.category(status.limit.category, names: facts.categoryNames),
                                                "percent": String(status.percent), "amount": facts.money(status.limit.amount),
                                                "period": t[status.limit.period.thisKey]])
            if let date = status.projectedExceedOn { line += "; " + t.format("limit_projected", ["date": facts.display.day(date)]) }
            lines.append(line)
        }
        guard !lines.isEmpty else { return risks }
        return lines + risks.filter { $0 != t["advisor_risk_none"] }
    }

    // MARK: - Can I afford X

    /// The affordability answer (SPEC §11): X against the one safe-to-spend figure — it fits when
    /// X ≤ left until payday (and says what is left, and per day, after it), else it says by how
    /// much it is over. Then what X does to the forecast's low point and risk, then the plan's
    /// monthly view, whose "yes" is left out when X does not fit. Without a forecast or a
    /// spendable account: the plan's answer.
    func affordabilityWithForecast(_ amount: Money?, planLines: [String]) -> [String] {
        // With no spendable account the forecast is only the net change: no balance to judge.
        guard let amount, let outlook = facts.outlook, !outlook.forecast.isNetChange else { return planLines }
        let t = facts.t, f = outlook.forecast
        var lines: [String] = []
        let left = f.safeToSpend
        let label = SafeToSpendView.leftLabel(f, display: facts.display)
        let fits = amount <= left
        if fits {
            let after = left.saturatingSubtracting(amount)
            lines.append(t.format("advisor_afford_fits", [
                "amount": facts.money(amount), "left": facts.money(left), "leftLabel": label, "after": facts.money(after),
                "perDay": facts.money(Money(minorUnits: after.minorUnits / Int64(max(1, f.safeDays))))]))
        } else {
            lines.append(t.format("advisor_afford_over", [
                "amount": facts.money(amount), "left": facts.money(left), "leftLabel": label,
                "over": facts.money(amount.saturatingSubtracting(left)), "buffer": facts.money(f.emergencyBuffer)]))
        }
        let effect = forecastAfterSpending(f, amount, limitProjectedExceeded: outlook.limitFlag)
        let values = ["amount": facts.money(amount), "date": facts.display.day(effect.lowPointDate),
                      "low": facts.money(effect.lowPointAmount), "risk": t[effect.risk.stringKey]]
        if effect.risk == .unknown {
            lines.append(t.format("advisor_afford_forecast_unknown", values))
        } else {
            lines.append(t.format(effect.risk == f.risk ? "advisor_afford_forecast_stays" : "advisor_afford_forecast_becomes", values))
        }
        if !fits {
            let yes = [t["advisor_answer_afford_yes"], t["advisor_answer_afford_tight"]].map { $0.prefix(while: { $0 != "{" }) }
            return lines + planLines.filter { line in !yes.contains { !$0.isEmpty && line.hasPrefix($0) } }
        }
        return lines + planLines
    }
}

extension AdvisorFeature {
    /// The advisor's outlook: the 30-day forecast and the limits today (nil when they cannot be read).
    func advisorOutlook(currency: Currency) -> AdvisorOutlook? {
        guard let forecast = try? currentForecast(days: 30, currency: currency), let limits = try? currentLimitStatuses(today: today()) else { return nil }
        return AdvisorOutlook(forecast: forecast, limits: limits)
    }
}
