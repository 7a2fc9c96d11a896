// The Advisor's newer topics (bills, limits, forecast, imports, the Challenge), the
// clarifying answer and the tones, in English. Keys identical to russianAdvisorTopicsStrings.
let englishAdvisorTopicsStrings: [String: String] = [
    // MARK: Bills and subscriptions
    "advisor_answer_bills_none": "You track no bills or subscriptions yet. The Bills page finds regular payments in your entries and lets you confirm them.",
    "advisor_answer_bills_suggested": "{count} possible regular payments were found in your entries: confirm or dismiss them on the Bills page.",
    "advisor_answer_bills_total": "You track {count} bills and subscriptions: {monthly} a month, {yearly} a year.",
    "advisor_answer_bills_subscriptions": "Of these, {count} are subscriptions for {monthly} a month; the biggest is “{name}” at {yearly} a year — the first to question if you rarely use it.",
    "advisor_answer_bills_next": "Next due: “{name}” on {date}, {amount}.",
    "advisor_answer_bills_changed": "“{name}” now charges {amount} ({percent} % change).",
    // MARK: Limits
    "advisor_answer_limits_none": "You have no category limits yet. Set one on the Limits page and I will tell you how much is left.",
    "advisor_answer_limit_left": "{name}: spent {spent} of {amount} ({percent} %), {left} left until {end}.",
    "advisor_answer_limit_exceeded": "{name}: spent {spent} of {amount} ({percent} %), {over} over the limit until {end}.",
    "advisor_answer_limits_summary": "Limits: {count}, exceeded: {exceeded}.",
    // MARK: Forecast
    "advisor_answer_forecast_none": "There is no forecast yet: add your accounts and recurring payments first.",
    "advisor_answer_forecast_risk": "Forecast for the next 30 days: risk {risk}.",
    "advisor_forecast_risk_low": "low",
    "advisor_forecast_risk_medium": "medium",
    "advisor_forecast_risk_high": "high",
    "advisor_forecast_risk_unknown": "unknown (too little history)",
    "advisor_answer_forecast_negative": "The expected balance goes below zero on {date} ({amount}).",
    "advisor_answer_forecast_low": "Lowest expected balance: {amount} on {date}.",
    "advisor_answer_forecast_safe": "Safe to spend now: {safe} (it keeps the {bills} of bills due in the next 7 days).",
    "advisor_answer_forecast_net_change": "No spendable accounts are set, so these are changes from today, not balances.",
    // MARK: Imports
    "advisor_answer_imports_how": "To import a bank statement, open Import, choose the account and the file (CSV, OFX, QIF and other formats the page lists), check the preview and commit. An import can be undone from its page.",
    "advisor_answer_imports_last": "Last import: “{file}” into {account} on {date}: {new} new, {linked} linked, {skipped} skipped.",
    "advisor_answer_imports_never": "You have not imported a statement yet.",
    // MARK: Challenge
    "advisor_answer_challenge": "The Challenge turns saving into a game: pick a challenge, keep your streak and watch the money you did not spend add up. Open it at /challenge.",
    // MARK: Unsure
    "advisor_answer_unsure": "I am not sure what you mean. Is it about {topics}? Ask it in a few more words, for example with the amount or the category.",
    "advisor_or": " or ",
    "advisor_topic_checkup": "a check-up of your finances",
    "advisor_topic_affordability": "whether you can afford something",
    "advisor_topic_goals": "your goals",
    "advisor_topic_taxes": "taxes",
    "advisor_topic_debts": "your debts",
    "advisor_topic_emergencyFund": "your emergency fund",
    "advisor_topic_insurance": "insurance",
    "advisor_topic_investing": "investing",
    "advisor_topic_cutExpenses": "cutting expenses",
    "advisor_topic_budget": "your budget",
    "advisor_topic_bills": "bills and subscriptions",
    "advisor_topic_limits": "your spending limits",
    "advisor_topic_forecast": "the forecast of your balance",
    "advisor_topic_challenge": "the Challenge",
    "advisor_topic_imports": "importing statements",
]
