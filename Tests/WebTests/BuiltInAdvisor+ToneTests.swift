import Engine
import Foundation
import HTTPCore
import Storage
import Testing
import TestSupport
import Advisor
@testable import Web

/// Tests Sources/Web/Features/Advisor/BuiltInAdvisor+Tone.swift: the advisor's tone (Settings) and its rules: every tone's texts in both languages with the
/// same keys, roasts in proportion to the size with the number, essentials never mocked, the
/// safety buffer never crossed, the delayed goal named; identity and injection masked.
@Suite("Advisor tone")
struct AdvisorToneTests {
    static let today = Day(year: 2026, month: 11, day: 21)!

    /// The family household of the page tests: income $120,000, a car loan, the goal "Trip".
    static func facts(_ language: Language = .en, app existing: App? = nil) throws -> (App, AdvisorFacts) {
        let app: App
        if let existing { app = existing } else {
            let (made, database) = try makeTestApp()
            try AdvisorPageTests.Household.family.build(database)
            app = made
        }
        let (household, plan) = try app.currentPlan()
        let facts = AdvisorFacts(household: household, plan: plan,
                                 display: Display(t: Translations(language), currency: language == .en ? .usd : .rub),
                                 today: today, categoryNames: [:])
        return (app, facts)
    }

    static func text(_ tone: AdvisorTone, _ key: String, _ language: Language = .en) -> String { Translations(language)[runtime: tone.key(key)] }

    /// The longest fixed (placeholder-free) fragment of a tone text.
    static func stem(_ tone: AdvisorTone, _ key: String, _ language: Language = .en) -> String {
        let text = Translations(language)[runtime: tone.key(key)]
        var fragments: [String] = [], current = "", inside = false
        for character in text {
            if character == "{" { inside = true; fragments.append(current); current = "" }
            else if character == "}" { inside = false }
            else if !inside { current.append(character) }
        }
        fragments.append(current)
        return fragments.max { $0.count < $1.count }!.trimmingCharacters(in: .whitespaces)
    }

    @Test("every tone has the same keys, in Russian and in English, none empty")
    func parity() {
        for language in Language.allCases {
            let table = language.table
            for tone in AdvisorTone.allCases {
                let keys = Set(table.keys.filter { $0.hasPrefix("advisor_tone_\(tone.rawValue)_") }
                    .map { String($0.dropFirst("advisor_tone_\(tone.rawValue)_".count)) })
                #expect(keys == Set(AdvisorTone.keys), "\(language) \(tone)")
                for key in AdvisorTone.keys { #expect(!(table[tone.key(key)] ?? "").isEmpty) }
                #expect(table["advisor_tone_option_\(tone.rawValue)"] != nil)
            }
        }
    }

    @Test("no mercy roasts in proportion to the size, always with the amount and its share of income", arguments: [
        ("Can I afford headphones for 2000?", "afford_small", "$2,000.00", "1 %"),
        ("Can I afford a 12000 watch?", "afford_medium", "$12,000.00", "10 %"),
        ("Can I afford a 36000 TV?", "afford_large", "$36,000.00", "30 %"),
        ("Can I afford a 100000 sports car?", "afford_huge", "$100,000.00", "83 %"),
    ])
    func roast(question: String, tier: String, amount: String, share: String) throws {
        let (_, facts) = try Self.facts()
        #expect(AdvisorRouter.intent(of: question) == .affordability)
        let answer = BuiltInAdvisor(facts: facts, tone: .noMercy).answer(.affordability, question: question, limit: 700)
        let expected = Translations(.en).format(runtime: AdvisorTone.noMercy.key(tier), [
            "amount": amount, "share": String(share.dropLast(2)), "income": "$120,000.00", "year": amount])
        #expect(answer.contains(expected), "\(answer)")
        #expect(answer.contains(amount) && answer.contains(share))
        // Other tones say the same figures without the roast.
        let straight = BuiltInAdvisor(facts: facts, tone: .straight).answer(.affordability, question: question, limit: 700)
        #expect(!straight.contains(expected) && straight.contains(amount) && straight.contains(share))
    }

    @Test("essentials (rent, bills, medicine, utilities, loans) are never mocked, in any tone", arguments: [
        "Can I afford rent of 60000?", "Can I afford the electricity bill of 5000?", "Can I afford medicine for 3000?",
        "Могу ли я позволить себе аренду за 60000?", "Потяну ли я коммуналку 8000?", "Можно ли купить лекарства за 3000?",
        "Can I afford my loan payment of 9500?",
    ])
    func essentials(question: String) throws {
        let language = AdvisorRouter.language(of: question, fallback: .en)
        let (_, facts) = try Self.facts(language)
        #expect(AdvisorTone.isEssential(question))
        for tone in AdvisorTone.allCases {
            let answer = BuiltInAdvisor(facts: facts, tone: tone).answer(.affordability, question: question, limit: 700)
            for tier in ["afford_small", "afford_medium", "afford_large", "afford_huge"] {
                #expect(!answer.contains(Self.stem(tone, tier, language)), "\(tone) \(answer)")
            }
            #expect(answer.contains(Self.stem(tone, "essential", language)), "\(tone) \(answer)")
        }
        #expect(!AdvisorTone.isEssential("Can I afford a 900 watch?"))
        #expect(!AdvisorTone.isEssential("Можно купить кроссовки за 15000?"))
    }

    @Test("no tone says yes to more than is left until payday (safe to spend, after the emergency buffer)", arguments: AdvisorTone.allCases)
    func buffer(tone: AdvisorTone) throws {
        let (_, baseFacts) = try Self.facts()
        var facts = baseFacts
        let forecast = Engine.forecast(facts.household, input: ForecastInput(startBalance: Money(minorUnits: 400_000_00),
                                                                             emergencyBuffer: Money(minorUnits: 20_000_00)),
                                       today: Self.today, days: 30)
        facts.extras.forecast = forecast
        #expect(forecast.emergencyBuffer == Money(minorUnits: 20_000_00))
        // Just over what is left until payday: no, with the numbers; just under: the ordinary verdict.
        let over = forecast.safeToSpend.minorUnits / 100 + 1
        let question = "Can I afford a \(over) boat?"
        let answer = BuiltInAdvisor(facts: facts, tone: tone).answer(.affordability, question: question, limit: 700)
        let t = Translations(.en)
        #expect(answer.contains(Self.stem(tone, "buffer")), "\(answer)")
        #expect(answer.split(separator: "\n").first.map { $0.contains(Self.stem(tone, "buffer")) } == true)
        #expect(answer.contains(facts.money(forecast.safeToSpend)) && answer.contains(facts.money(forecast.emergencyBuffer)))
        for yes in ["advisor_answer_afford_yes", "advisor_answer_afford_tight"] {
            #expect(!answer.contains(String(t[runtime: yes].prefix { $0 != "{" }).prefix(8)) || t[runtime: yes].hasPrefix("{"), "\(answer)")
        }
        let under = max(1, forecast.safeToSpend.minorUnits / 100 - 1)
        let fine = BuiltInAdvisor(facts: facts, tone: tone).answer(.affordability, question: "Can I afford a \(under) boat?", limit: 700)
        #expect(forecast.safeToSpend.minorUnits > 100_00)
        #expect(!fine.contains(Self.stem(tone, "buffer")), "\(fine)")
    }

    @Test("the goal a purchase delays is named, with the months")
    func goalDelay() throws {
        let (_, facts) = try Self.facts()
        let goal = try #require(facts.plan.goals.first { !$0.finished && $0.monthly.minorUnits > 0 })
        for tone in AdvisorTone.allCases {
            let answer = BuiltInAdvisor(facts: facts, tone: tone).answer(.affordability, question: "Can I afford a 36000 TV?", limit: 700)
            #expect(answer.contains("“\(goal.name)”"), "\(answer)")
            #expect(answer.contains(facts.money(goal.monthly)), "\(answer)")
        }
    }
}
