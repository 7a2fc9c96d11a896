import Engine
import HTTPCore

// Routes:
//   GET /explain/<figure>          how a Budget, Plan or Forecast figure is computed, with the household's numbers
//   GET /api/v1/explain/<figure>   the same as JSON: the result and each term in minor units
// Rules: docs/engine-rules.md, "Explaining a figure". The explanation is built by the engine
// (`explain`) from the plan and the 30-day forecast the pages and the API show.

extension ExplainFeature {
    /// The explanation of `figure` from the current plan and 30-day forecast; 404 when the
    /// figure does not exist for this household (no such goal or line, no loan).
    func currentExplanation(_ figure: ExplainFigure, currency: Currency) throws -> (Explanation, Plan) {
        let (household, plan) = try currentPlan()
        let forecast = figure.page == .forecast ? try currentForecast(days: 30, currency: currency) : nil
        guard let explanation = explain(figure, household: household, plan: plan, forecast: forecast, today: today()) else {
            throw AppError(.notFound)
        }
        return (explanation, plan)
    }

    /// GET /explain/<figure>.
    func explainPage(_ figure: ExplainFigure, _ context: RequestContext) throws -> Response {
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let (explanation, plan) = try currentExplanation(figure, currency: display.currency)
        let view = ExplainPageView(explanation, plan: plan, display: display)
        let section: Section = switch figure.page { case .budget: .budget; case .plan: .plan; case .forecast: .forecast }
        return try page(.explain, section, context, view, title: view.title)
    }

    /// GET /api/v1/explain/<figure>.
    func explainAPI(_ figure: ExplainFigure, _ context: RequestContext) throws -> Response {
        let settings = try householdSettings()
        let display = Display(t: context.t, currency: settings.currency(for: context.language))
        let (e, plan) = try currentExplanation(figure, currency: display.currency)
        func value(_ v: ExplainValue) -> JSON {
            switch v {
            case .money(let m): .integer(m.minorUnits)
            case .count(let c): .integer(Int64(c))
            case .permille(let p): .integer(Int64(p))
            case .month(let m): .string(m.iso)
            case .day(let d): .string(d.iso)
            case .word(let w): .string(w)
            case .absent: .null
            }
        }
        func term(_ t: ExplainTerm) -> JSON {
            .object([("op", .string(t.op.rawValue)), ("role", .string(t.role)), ("name", .optional(t.name)), ("value", value(t.value))])
        }
        var fields: [(String, JSON)] = [
            ("currency", .string(display.currency.code)),
            ("figure", .string(figure.slug)),
            ("result", value(e.result)),
            ("formula", .string(ExplainPageView.formula(e, plan: plan, display: display))),
            ("terms", .array(e.terms.map(term))),
            ("breakdowns", .array(e.breakdowns.map { .object([("role", .string($0.role)), ("items", .array($0.items.map(term)))]) })),
            ("rounding", .optional(e.rounding)),
            ("conditions", .array(e.conditions.map { .object([("role", .string($0.role)), ("holds", .bool($0.holds)), ("value", value($0.value))]) })),
        ]
        if case .allocation(let line) = figure, line > 0 { fields.append(("line", .integer(Int64(line)))) }
        return JSON.object(fields).response()
    }
}
