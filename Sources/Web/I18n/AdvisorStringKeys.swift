// Typed keys for the Advisor's values (StringKeys.swift says why keys are typed).
import Advisor
import Engine
import Storage

extension AdvisorRole {
    /// The key of this value's words (`advisor_role_…`).
    var stringKey: StringKey {
        switch self {
        case .user: "advisor_role_user"
        case .advisor: "advisor_role_advisor"
        case .notice: "advisor_role_notice"
        }
    }
}

extension AdvisorSettings.Provider {
    /// The key of this value's words (`advisor_provider_option_…`).
    var optionKey: StringKey {
        switch self {
        case .builtin: "advisor_provider_option_builtin"
        case .remote: "advisor_provider_option_remote"
        }
    }
}

extension AdvisorTone {
    /// The key of this value's words (`advisor_tone_option_…`).
    var optionKey: StringKey {
        switch self {
        case .gentle: "advisor_tone_option_gentle"
        case .straight: "advisor_tone_option_straight"
        case .noMercy: "advisor_tone_option_noMercy"
        }
    }
}

extension InsightRephrase.Problem {
    /// The key of this value's words (`insight_rephrase_reason_…`).
    var reasonKey: StringKey {
        switch self {
        case .empty: "insight_rephrase_reason_empty"
        case .long: "insight_rephrase_reason_long"
        case .markup: "insight_rephrase_reason_markup"
        }
    }
}
