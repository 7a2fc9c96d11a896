import Engine

// The built-in advisor's forecast and limit lines (issue 17): the check-up names the 30-day
// low point, the risk, safe to spend and the limits at warning or over; "can I afford X"
// says what spending X today does to the low point and the risk, and never advises going
// below the safety buffer. Rules: docs/engine-rules.md, "Forecast inputs: limits and tracked bills".

/// The 30-day forecast and today's limit statuses, as the advisor reads them.
struct AdvisorOutlook {
    let forecast: Forecast
    let limits: [LimitStatus]
    /// Some limit is exceeded or projected to be exceeded (the forecast's medium-risk flag).
    var limitFlag: Bool { forecastLimitInputs(limits).projectedExceeded }
}

extension BuiltInAdvisor {
    // MARK: - Check-up

    /// "Next 30 days: the lowest balance is … on …; risk …; safe to spend today …", or nil without
    /// a forecast or without a spendable account (the forecast is then only the net change).
    func forecastSummaryLine() -> String? {
        guard let f = facts.outlook?.forecast, !f.isNetChange else { return nil }
        return facts.t.format("advisor_forecast_summary", [
            "amount": facts.money(f.lowPoint.amount), "date": facts.display.day(f.lowPoint.date),
            "risk": facts.t[f.risk.stringKey], "safe": facts.money(f.safeToSpend)])
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

    /// The affordability answer: what spending X today does to the forecast's low point and
    /// risk, whether it stays above the safety buffer, then the plan's monthly view — whose
    /// "yes" is left out when X would go below the buffer. Without a forecast or a spendable
    /// account: the plan's answer.
    func affordabilityWithForecast(_ amount: Money?, planLines: [String]) -> [String] {
        // With no spendable account the forecast is only the net change: no balance to judge.
        guard let amount, let outlook = facts.outlook, !outlook.forecast.isNetChange else { return planLines }
        let t = facts.t, f = outlook.forecast
        let effect = forecastAfterSpending(f, amount, limitProjectedExceeded: outlook.limitFlag)
        var lines: [String] = []
        let values = ["amount": facts.money(amount), "date": facts.display.day(effect.lowPointDate),
                      "low": facts.money(effect.lowPointAmount), "risk": t[effect.risk.stringKey]]
        if effect.risk == .unknown {
            lines.append(t.format("advisor_afford_forecast_unknown", values))
        } else {
            lines.append(t.format(effect.risk == f.risk ? "advisor_afford_forecast_stays" : "advisor_afford_forecast_becomes", values))
        }
        if effect.belowSafetyBuffer {
            lines.append(t.format("advisor_afford_below_buffer", ["buffer": facts.money(f.safetyBuffer),
                                                                 "room": facts.money(effect.roomAboveBuffer)]))
            let yes = [t["advisor_answer_afford_yes"], t["advisor_answer_afford_tight"]].map { $0.prefix(while: { $0 != "{" }) }
            return lines + planLines.filter { line in !yes.contains { !$0.isEmpty && line.hasPrefix($0) } }
        }
        if amount <= f.safeToSpend { lines.append(t.format("advisor_afford_within_safe", ["safe": facts.money(f.safeToSpend)])) }
        return lines + planLines
    }
}

extension App {
    /// The advisor's outlook: the 30-day forecast and the limits today (nil when they cannot be read).
    func advisorOutlook() -> AdvisorOutlook? {
        guard let forecast = try? currentForecast(days: 30), let limits = try? currentLimitStatuses(today: today()) else { return nil }
        return AdvisorOutlook(forecast: forecast, limits: limits)
    }
}
