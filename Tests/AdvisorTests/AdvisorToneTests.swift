import Testing
@testable import Advisor

/// Tests Sources/Advisor/AdvisorTone.swift: the size tiers, monthly amounts and essential
/// purchases the tones read (the toned answers themselves: BuiltInAdvisor+ToneTests).
@Suite("Advisor tones")
struct AdvisorToneTests {
    @Test("a purchase's tier is its share of income: under 5, 20, 50 %, or more", arguments: [
        (0, "afford_small"), (4, "afford_small"), (5, "afford_medium"), (19, "afford_medium"),
        (20, "afford_large"), (49, "afford_large"), (50, "afford_huge"), (400, "afford_huge"),
    ])
    func tiers(share: Int, tier: String) {
        #expect(AdvisorTone.tier(share: share) == tier)
    }

    @Test("a monthly commitment is read in both languages")
    func monthly() {
        #expect(AdvisorTone.isMonthly("Can I afford 300 a month?"))
        #expect(AdvisorTone.isMonthly("Потянем 20к в месяц?"))
        #expect(!AdvisorTone.isMonthly("Can I afford a 300 watch?"))
    }

    @Test("an essential is a stem, the household's own name for an essential category, or a built-in's name")
    func essentials() {
        #expect(AdvisorTone.isEssential("Can I afford the rent of 900?"))
        #expect(!AdvisorTone.isEssential("Can I afford a 900 watch?"))
        #expect(AdvisorTone.isEssential("Can I afford the flat fee 900?", categoryNames: ["housing": "Flat fee"]))
        #expect(AdvisorTone.isEssential("Can I pay 900 for wellbeing?", builtInName: { $0 == "health" ? "Wellbeing" : nil }))
        #expect(!AdvisorTone.isEssential("Can I pay 900 for wellbeing?"))
    }
}
