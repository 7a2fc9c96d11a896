import Engine
import Foundation

/// How the advisor speaks (a Settings choice, `advisor.tone`): the same figures in every
/// tone; "no mercy" roasts a questionable purchase in proportion to its size, never an
/// essential one, and no tone lets an affordability answer go below the safety buffer.
public enum AdvisorTone: String, CaseIterable, Sendable {
    case gentle, straight, noMercy

    /// The keys every tone has, as `advisor_tone_<tone>_<key>` (a test checks both languages).
    public static let keys = ["afford_small", "afford_medium", "afford_large", "afford_huge", "essential", "buffer",
                       "goal_delay", "goal_stop", "prompt"]

    public func key(_ name: String) -> String { "advisor_tone_\(rawValue)_\(name)" }

    /// The size tier of a purchase: its share of the monthly income (of the free cash flow when
    /// there is no income), under 5 %, under 20 %, under 50 %, or more.
    public static func tier(share percent: Int) -> String {
        switch percent {
        case ..<5: "afford_small"
        case ..<20: "afford_medium"
        case ..<50: "afford_large"
        default: "afford_huge"
        }
    }

    /// Word prefixes of the essential categories (housing, utilities and bills, health, debt,
    /// education, childcare) in both languages; a question naming one is never mocked.
    public static let essentialStems = [
        "rent", "mortgage", "housing", "landlord", "utilit", "electric", "water bill", "gas bill", "heating", "bill", "medic",
        "doctor", "dentist", "pharmac", "prescription", "hospital", "therapy", "health", "insurance", "loan", "debt",
        "credit card payment", "tuition", "school", "childcare", "daycare", "nanny", "groceries",
        "аренд", "ипотек", "жиль", "квартплат", "коммунал", "электричеств", "свет ", "газ ", "вод", "отоплен", "счет", "лекарств",
        "медицин", "врач", "стоматолог", "зубн", "аптек", "лечени", "больниц", "здоров", "страхов", "кредит", "долг", "заем",
        "займ", "обучени", "учеб", "школ", "садик", "детский сад", "няня", "няню", "продукт",
    ]

    /// Category keys that count as essential.
    public static let essentialCategories: Set<String> = ["housing", "utilities", "health", "debt", "education"]

    /// True when `question` names an essential expense: a stem above, or the name of an
    /// essential category (the household's own name for it, or a built-in's name in the
    /// language, which `builtInName` gives by category key).
    public static func isEssential(_ question: String, categoryNames: [String: String] = [:],
                            builtInName: (String) -> String? = { _ in nil }) -> Bool {
        let text = AdvisorRouter.normalise(question)
        if essentialStems.contains(where: { text.contains(" " + $0) }) { return true }
        for key in essentialCategories {
            let names = [categoryNames[key], builtInName(key)].compactMap { $0 }
            for name in names {
                let normal = AdvisorRouter.normalise(name).trimmingCharacters(in: .whitespaces)
                if normal.count >= 3, text.contains(" " + normal) { return true }
            }
        }
        return false
    }

    /// True when the amount is a monthly commitment ("300 a month", «в месяц»).
    public static func isMonthly(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        return [" a month ", " per month ", " monthly ", " every month ", " mo ", " в месяц ", " ежемесячно ", " каждый месяц "]
            .contains { text.contains($0) }
    }
}
