import Engine
import Testing
@testable import Web

// The household's settings as typed values (Sources/Web/Household/HouseholdSettings.swift).

@Suite("Household settings")
struct HouseholdSettingsTests {
    @Test("nothing stored gives the defaults: the language's currency, system theme, blue, the default plan")
    func defaults() {
        let settings = HouseholdSettings([:])
        #expect(settings.currency(for: .ru) == .rub && settings.currency(for: .en) == .usd)
        #expect(settings.theme == "system" && settings.accent == "blue" && !settings.onboardingSeen)
        #expect(settings.plan == PlanSettings())
        #expect(HouseholdSettings.Hideable.allCases.allSatisfy { !settings.hides($0) })
    }

    @Test("stored values are read; out-of-range or unknown ones fall back to the default")
    func stored() {
        let settings = HouseholdSettings(["currency": "USD", "theme": "dark", "accent": "teal", "onboarding": "skipped",
                                          "plan.emergencyShare": "20", "plan.debtShare": "30", "plan.goalShare": "50",
                                          "plan.horizonMonths": "601", "hidden": "debts,payoff"])
        #expect(settings.currency(for: .ru) == .usd && settings.theme == "dark" && settings.accent == "teal" && settings.onboardingSeen)
        #expect(settings.plan.emergencyShare == 20 && settings.plan.debtShare == 30 && settings.plan.goalShare == 50)
        #expect(settings.plan.horizonMonths == PlanSettings().horizonMonths)
        #expect(settings.hides(.debts) && settings.hides(.payoff) && !settings.hides(.goals))
        let odd = HouseholdSettings(["theme": "neon", "accent": "gold", "plan.emergencyShare": "20", "plan.debtShare": "30",
                                     "plan.goalShare": "49"])
        #expect(odd.theme == "system" && odd.accent == "blue")
        #expect(odd.plan.emergencyShare == PlanSettings().emergencyShare, "shares that do not sum to 100 are ignored")
    }
}
