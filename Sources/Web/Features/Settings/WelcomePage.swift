import Engine
import HTTPCore
import Storage

// Routes:
//   GET  /welcome    the first visit's short onboarding: language and currency, main monthly
//                    income, emergency months (records first_run once)
//   POST /welcome    saves them (onboarding_done) or skips; then the Budget page
//   Once the onboarding was finished or skipped, both go to the Budget page and change nothing.

extension SettingsFeature {
    func welcomePage(_ context: RequestContext, state: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        try database.recordFirstRun()
        let settings = try householdSettings()
        if settings.onboardingSeen { return context.redirect(to: Route.budget(.page).path, flash: nil) }
        let state = state ?? FormState(t, values: [
            "language": t.language.rawValue, "currency": settings.currency(for: t.language).code,
            "emergencyMonths": String(settings.plan.emergencyMonths), "payday": String(today().day),
        ])
        func options(_ pairs: [(String, String)], _ field: String) -> [OptionView] {
            pairs.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == state.values[field]) }
        }
        let fields = [
            FieldView(name: "language", label: t["field_language"], kind: .radio, error: state.errors["language"],
                      options: options(Language.allCases.map { ($0.rawValue, t[$0.nameKey]) }, "language")),
            FieldView(name: "currency", label: t["field_currency"], kind: .select, error: state.errors["currency"],
                      options: options(Currency.all.map { ($0.code, "\($0.symbol) \($0.code)") }, "currency")),
            FieldView(name: "income", label: t["field_main_income"], kind: .money, value: state.values["income"] ?? "",
                      error: state.errors["income"], hint: t["hint_main_income"]),
            FieldView(name: "payday", label: t["field_payday"], kind: .number, value: state.values["payday"] ?? "",
                      error: state.errors["payday"], hint: t["hint_payday"]),
            FieldView(name: "emergencyMonths", label: t["field_emergency_months"], kind: .number,
                      value: state.values["emergencyMonths"] ?? "", error: state.errors["emergencyMonths"],
                      hint: t["hint_emergency_months"], required: true),
        ]
        return try page(.welcome, nil, context, FormPageView(
            heading: t["welcome_title"], intro: t["welcome_intro"], action: Route.welcome.path,
            submitLabel: t["welcome_start"], cancelHref: Route.budget(.page).path, fields: fields, hasErrors: !state.isValid),
            title: t["welcome_title"], status: status)
    }

    func submitWelcome(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        if try householdSettings().onboardingSeen {
            return context.redirect(to: Route.budget(.page).path, flash: context.t["flash_welcome_already_done"])
        }
        if form.fields["skip"] != nil {
            _ = try database.finishOnboarding(settings: [HouseholdSettings.Key.onboarding: "skipped"], income: nil,
                                              completed: false, formToken: token)
            return context.redirect(to: Route.budget(.page).path, flash: nil)
        }
        var state = FormState(context.t, fields: form.fields)
        let language = state.choice("language", Language.self)
        let currency = Currency.named(state.text("currency"))
        if currency == nil { state.fail("currency", "validation_choice") }
        state.currency = currency
        let income = state.money("income", required: false)
        let months = state.integer("emergencyMonths", Limits.emergencyMonths)
        let payday = state.integer("payday", 1...31, required: false)
        guard state.isValid, let language, let currency, case .some(let income) = income,
              case .some(.some(let months)) = months, case .some(let payday) = payday else {
            return try welcomePage(context, state: state, status: .unprocessable)
        }
        let t = Translations(language)
        let salary = income.map {
            NewRecurringItem(kind: .income, name: t["onboarding_income_name"], amount: $0, periodicity: .monthly,
                             start: Self.firstPayday(payday ?? today().day, today: today()))
        }
        let outcome = try database.finishOnboarding(settings: [
            HouseholdSettings.Key.onboarding: "done", HouseholdSettings.Key.currency: currency.code,
            HouseholdSettings.Key.emergencyMonths: String(months),
        ], income: salary, completed: true, formToken: token)
        if case .written(false) = outcome {
            return context.redirect(to: Route.budget(.page).path, flash: context.t["flash_welcome_already_done"])
        }
        var response = context.redirect(to: Route.budget(.page).path, flash: t["flash_welcome_done"])
        response.headers.add("Set-Cookie", Cookies.setCookie(name: RequestContext.languageCookie, value: language.rawValue,
                                                             maxAge: 31_536_000, httpOnly: true))
        return response
    }

    /// The main income's start date for a payday (day of the month, 1…31): that day in
    /// this month, passed or not, so the income repeats on the right day; when this month
    /// is too short for it (the 31st in November), that day in the month before (October
    /// 31st), since a monthly item started on a clamped day would repeat on the clamped day.
    static func firstPayday(_ payday: Int, today: Day) -> Day {
        Day(year: today.year, month: today.month, day: payday)
            ?? Day(year: today.yearMonth.previous.year, month: today.yearMonth.previous.month, day: payday)
            ?? today.yearMonth.lastDay
    }
}
