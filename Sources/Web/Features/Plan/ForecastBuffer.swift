import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /forecast/buffer   the emergency buffer's form (the amount added to the forecast's safety buffer line)
//   POST /forecast/buffer   save it (303 to /forecast#how with a flash, or 422 with the input kept)
// Rules: docs/engine-rules.md, "Forecast and safe to spend" (safety buffer).

extension ForecastFeature {

    /// GET /forecast/buffer: the form with the current amount.
    func forecastBufferPage(_ context: RequestContext) throws -> Response {
        let currency = try householdSettings().currency(for: context.language)
        let value = MoneyFormat.formatPlain(try forecastEmergencyBuffer(currency: currency), context.language)
        return try forecastBufferForm(FormState(context.t, values: ["amount": value]), context)
    }

    func forecastBufferForm(_ state: FormState, _ context: RequestContext, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let field = FieldView(name: "amount", label: t["forecast_buffer_field"], kind: .money, value: state.values["amount"] ?? "",
                              error: state.errors["amount"], hint: t["forecast_buffer_hint"], required: true, options: [])
        let heading = t["forecast_buffer_title"]
        return try page(.form, .forecast, context, FormPageView(
            heading: heading, intro: t["forecast_buffer_intro"], action: ForecastRoute.buffer.path,
            submitLabel: t["action_save"], cancelHref: ForecastRoute.page.path + "#how",
            fields: [field], hasErrors: !state.isValid), title: heading, status: status)
    }

    /// POST /forecast/buffer: an amount of 0 or more (empty is an error; 0 clears it).
    func submitForecastBuffer(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        state.currency = try householdSettings().currency(for: t.language)
        guard case .some(.some(let amount)) = state.money("amount", allowZero: true), state.isValid else {
            return try forecastBufferForm(state, context, status: .unprocessable)
        }
        _ = try database.saveSettings([Self.forecastBufferKey: String(amount.minorUnits)], formToken: token)
        let display = Display(t: t, currency: state.currency ?? Currency.defaultFor(t.language))
        return context.redirect(to: ForecastRoute.page.path + "#how",
                                flash: t.format("forecast_buffer_flash", ["amount": display.money(amount)]))
    }
}

extension Handler {
    /// The emergency buffer safe to spend keeps back (`forecast.emergencyBuffer`, minor units; 0
    /// allowed): the household's own, else the default of its currency (500 USD, 460 EUR, 50 000 RUB).
    func forecastEmergencyBuffer(currency: Currency) throws -> Money {
        if let stored = try householdSettings().stored[Self.forecastBufferKey].flatMap(Int64.init) { return Money(minorUnits: max(0, stored)) }
        return currency.defaultEmergencyBuffer
    }
}
