// Typed keys for values: each value names its words with a literal key, so every key in use
// can be found and checked (`StringKeyUsageTests`). Add a case here when an enum grows one.
import Advisor
import Engine
import Statements
import Storage

extension Section {
    /// The key of this value's words (`nav_…`).
    var navKey: StringKey {
        switch self {
        case .today: "nav_today"
        case .budget: "nav_budget"
        case .accounts: "nav_accounts"
        case .transactions: "nav_transactions"
        case .importStatement: "nav_import"
        case .bills: "nav_bills"
        case .limits: "nav_limits"
        case .calendar: "nav_calendar"
        case .plan: "nav_plan"
        case .forecast: "nav_forecast"
        case .wishlist: "nav_wishlist"
        case .challenge: "nav_challenge"
        case .achievements: "nav_achievements"
        case .saving: "nav_saving"
        case .advisor: "nav_advisor_chat"
        case .advisorSettings: "nav_advisor_settings"
        case .settings: "nav_settings"
        }
    }
}

extension Destination {
    /// The key of this value's words (`nav_…`).
    var navKey: StringKey {
        switch self {
        case .today: "nav_today"
        case .budget: "nav_budget"
        case .money: "nav_money"
        case .plan: "nav_plan"
        case .play: "nav_play"
        case .advisor: "nav_advisor"
        }
    }
}

extension Language {
    /// The key of this value's words (`language_…`).
    var nameKey: StringKey {
        switch self {
        case .ru: "language_ru"
        case .en: "language_en"
        case .de: "language_de"
        }
    }
}

extension AllocationKind {
    /// The key of this value's words (`allocation_…`).
    var stringKey: StringKey {
        switch self {
        case .emergency: "allocation_emergency"
        case .debt: "allocation_debt"
        case .goal: "allocation_goal"
        case .unallocated: "allocation_unallocated"
        }
    }
}

extension SeriesInterval {
    /// The key of this value's words (`interval_…`).
    var stringKey: StringKey {
        switch self {
        case .day: "interval_day"
        case .week: "interval_week"
        case .month: "interval_month"
        case .quarter: "interval_quarter"
        case .year: "interval_year"
        }
    }
}

extension LedgerFilter.Kind {
    /// The key of this value's words (`tx_kind_…`).
    var stringKey: StringKey {
        switch self {
        case .income: "tx_kind_income"
        case .expense: "tx_kind_expense"
        case .transfer: "tx_kind_transfer"
        }
    }
}

extension Periodicity {
    /// The key of this value's words (`periodicity_…`).
    var stringKey: StringKey {
        switch self {
        case .weekly: "periodicity_weekly"
        case .biweekly: "periodicity_biweekly"
        case .monthly: "periodicity_monthly"
        case .quarterly: "periodicity_quarterly"
        case .yearly: "periodicity_yearly"
        }
    }
}

extension BillConfidenceLevel {
    /// The key of this value's words (`bills_level_…`).
    var stringKey: StringKey {
        switch self {
        case .high: "bills_level_high"
        case .medium: "bills_level_medium"
        case .low: "bills_level_low"
        }
    }
}

extension PayoffStrategy {
    /// The key of this value's words (`strategy_…`).
    var stringKey: StringKey {
        switch self {
        case .avalanche: "strategy_avalanche"
        case .snowball: "strategy_snowball"
        }
    }

    /// The key of this value's words (`explain_word_strategy_…`).
    var explainKey: StringKey {
        switch self {
        case .avalanche: "explain_word_strategy_avalanche"
        case .snowball: "explain_word_strategy_snowball"
        }
    }

    /// The key of this value's words (`advisor_strategy_…`).
    var advisorKey: StringKey {
        switch self {
        case .avalanche: "advisor_strategy_avalanche"
        case .snowball: "advisor_strategy_snowball"
        }
    }

    /// The key of this value's words (`settings_summary_…`).
    var summaryKey: StringKey {
        switch self {
        case .avalanche: "settings_summary_avalanche"
        case .snowball: "settings_summary_snowball"
        }
    }
}

extension InsightPeriod {
    /// The key of this value's words (`insight_title_…`).
    var titleKey: StringKey {
        switch self {
        case .week: "insight_title_week"
        case .month: "insight_title_month"
        }
    }
}

extension LimitState {
    /// The key of this value's words (`limit_state_…`).
    var stringKey: StringKey {
        switch self {
        case .ok: "limit_state_ok"
        case .warning: "limit_state_warning"
        case .exceeded: "limit_state_exceeded"
        }
    }

    /// The key of this value's words (`insight_limit_…`).
    var insightKey: StringKey {
        switch self {
        case .ok: "insight_limit_ok"
        case .warning: "insight_limit_warning"
        case .exceeded: "insight_limit_exceeded"
        }
    }
}

extension ForecastRisk {
    /// The key of this value's words (`forecast_risk_…`).
    var stringKey: StringKey {
        switch self {
        case .low: "forecast_risk_low"
        case .medium: "forecast_risk_medium"
        case .high: "forecast_risk_high"
        case .unknown: "forecast_risk_unknown"
        }
    }

    /// The key of this value's words (`advisor_forecast_risk_…`).
    var advisorKey: StringKey {
        switch self {
        case .low: "advisor_forecast_risk_low"
        case .medium: "advisor_forecast_risk_medium"
        case .high: "advisor_forecast_risk_high"
        case .unknown: "advisor_forecast_risk_unknown"
        }
    }
}

extension LimitPeriod {
    /// The key of this value's words (`limit_this_…`).
    var thisKey: StringKey {
        switch self {
        case .day: "limit_this_day"
        case .week: "limit_this_week"
        case .month: "limit_this_month"
        }
    }

    /// The key of this value's words (`limit_period_…`).
    var stringKey: StringKey {
        switch self {
        case .day: "limit_period_day"
        case .week: "limit_period_week"
        case .month: "limit_period_month"
        }
    }

    /// The key of this value's words (`limit_title_…`).
    var titleKey: StringKey {
        switch self {
        case .day: "limit_title_day"
        case .week: "limit_title_week"
        case .month: "limit_title_month"
        }
    }
}

extension AccountType {
    /// The key of this value's words (`account_type_…`).
    var stringKey: StringKey {
        switch self {
        case .checking: "account_type_checking"
        case .savings: "account_type_savings"
        case .card: "account_type_card"
        case .cash: "account_type_cash"
        case .other: "account_type_other"
        }
    }
}

extension FlowKind {
    /// The key of this value's words (`quick_kind_…`).
    var quickKey: StringKey {
        switch self {
        case .income: "quick_kind_income"
        case .expense: "quick_kind_expense"
        }
    }
}

extension RoundUpPeriod {
    /// The key of this value's words (`saving_period_…`).
    var stringKey: StringKey {
        switch self {
        case .week: "saving_period_week"
        case .month: "saving_period_month"
        }
    }

    /// The key of this value's words (`saving_roundups_current_…`).
    var currentKey: StringKey {
        switch self {
        case .week: "saving_roundups_current_week"
        case .month: "saving_roundups_current_month"
        }
    }
}

extension HiddenPurpose {
    /// The key of this value's words (`saving_purpose_…`).
    var stringKey: StringKey {
        switch self {
        case .forced: "saving_purpose_forced"
        case .goal: "saving_purpose_goal"
        case .emergency: "saving_purpose_emergency"
        }
    }
}

extension ChallengeMaxBehaviour {
    /// The key of this value's words (`challenge_behaviour_…`).
    var stringKey: StringKey {
        switch self {
        case .reset: "challenge_behaviour_reset"
        case .ceiling: "challenge_behaviour_ceiling"
        }
    }

    /// The key of this value's words (`challenge_behaviour_…_hint`).
    var hintKey: StringKey {
        switch self {
        case .reset: "challenge_behaviour_reset_hint"
        case .ceiling: "challenge_behaviour_ceiling_hint"
        }
    }
}

extension ChallengeDayStatus {
    /// The key of this value's words (`challenge_status_…`).
    var stringKey: StringKey {
        switch self {
        case .filled: "challenge_status_filled"
        case .missed: "challenge_status_missed"
        case .open: "challenge_status_open"
        }
    }
}

extension FXFeedSource {
    /// The key of this value's words (`fxfeed_source_…`).
    var stringKey: StringKey {
        switch self {
        case .cbr: "fxfeed_source_cbr"
        case .ecb: "fxfeed_source_ecb"
        }
    }
}

extension FeedbackStatus {
    /// The key of this value's words (`feedback_status_…`).
    var stringKey: StringKey {
        switch self {
        case .pending: "feedback_status_pending"
        case .sent: "feedback_status_sent"
        case .failed: "feedback_status_failed"
        }
    }
}

extension HouseholdSettings.Hideable {
    /// The key of this value's words (`settings_show_…`).
    var showKey: StringKey {
        switch self {
        case .incomes: "settings_show_incomes"
        case .expenses: "settings_show_expenses"
        case .debts: "settings_show_debts"
        case .goals: "settings_show_goals"
        case .annualIncome: "settings_show_annualIncome"
        case .annualExpense: "settings_show_annualExpense"
        case .plannedDaily: "settings_show_plannedDaily"
        case .actualDaily: "settings_show_actualDaily"
        case .payoff: "settings_show_payoff"
        }
    }
}
