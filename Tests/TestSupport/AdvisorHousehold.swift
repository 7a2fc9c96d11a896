// The Advisor's test household: about 60 purchases from 1 September to 21 November
// 2026 (the test app's today) at named merchants, with bank payees, two categories of its own, a
// planned entry that is not spent yet, and the figures a question's answer must equal, computed
// here over the list itself — independently of the ledger's SQL.

public enum AdvisorHousehold {
    /// One purchase as the ledger stores it.
    public struct Purchase: Sendable {
        public let date: String
        public let name: String
        public let payee: String?
        public let amount: Int64
        public let category: String
        public let isActual: Bool
        /// The account's name (one of `accounts`), or nil for an entry with no account.
        public var account: String? = nil
    }

    /// Two cards, added after the spendable "Card" (not spendable, so the forecast is the same).
    public static let accounts = ["Visa", "Тинькофф"]
    /// Which card each merchant is paid with.
    static let cards = ["Uber": "Visa", "Uber Eats": "Visa", "Starbucks": "Visa", "Spotify": "Visa", "Hulu": "Visa",
                        "Пятёрочка": "Тинькофф", "Шоколадница": "Тинькофф"]
    /// The incomes, oldest first: the last one (12 November) is the payday "since payday" reads.
    public static let incomes: [Purchase] = [
        Purchase(date: "2026-09-05", name: "ACME Payroll", payee: "ACME CORP PAYROLL", amount: 4_000_00, category: "", isActual: true),
        Purchase(date: "2026-10-05", name: "ACME Payroll", payee: "ACME CORP PAYROLL", amount: 4_000_00, category: "", isActual: true),
        Purchase(date: "2026-10-18", name: "Freelance", payee: nil, amount: 350_00, category: "", isActual: true),
        Purchase(date: "2026-11-05", name: "ACME Payroll", payee: "ACME CORP PAYROLL", amount: 4_000_00, category: "", isActual: true),
        Purchase(date: "2026-11-12", name: "Freelance", payee: nil, amount: 275_00, category: "", isActual: true),
    ]
    public static let lastPayday = "2026-11-12"
    /// Monthly limits (category, amount).
    public static let limits: [(category: String, amount: Int64)] = [("food", 300_00), ("custom-1", 40_00)]

    /// The household's own categories, added in this order to a fresh database: keys custom-1, custom-2.
    public static let ownCategories = ["Кафе", "Pets"]
    public static let today = "2026-11-21"

    /// (name, bank payee, category, days of the month, base amount in cents).
    static let pattern: [(String, String?, String, [Int], Int64)] = [
        ("Пятёрочка", "PYATEROCHKA 5521 MOSKVA", "food", [2, 9, 16, 23, 30], 23_45),
        ("Whole Foods", "WHOLEFDS MKT 10234", "food", [5, 19], 64_20),
        ("Uber", "UBER *TRIP HELP.UBER.COM", "transport", [3, 11, 25], 14_80),
        ("Uber Eats", "UBER *EATS PENDING", "food", [14], 27_35),
        ("Starbucks", "STARBUCKS STORE 1234", "custom-1", [4, 12, 20, 27], 5_45),
        ("Шоколадница", nil, "custom-1", [8], 12_30),
        ("Petco", "PETCO 1172", "custom-2", [15], 42_10),
        ("Spotify", "SPOTIFY P2C4E5", "subscriptions", [6], 10_99),
        ("Hulu", "HULU 877-8244858", "subscriptions", [17], 7_99),
        ("AMC Theatres", "AMC 0412 ONLINE", "entertainment", [21], 24_00),
    ]

    /// Every purchase, oldest first; the last one is planned (not counted as spent).
    public static let purchases: [Purchase] = {
        var list: [Purchase] = []
        for month in 9...11 {
            for (name, payee, category, days, base) in pattern {
                for day in days where month < 11 || day <= 21 {
                    // Subscriptions charge the same every month; the rest varies with the day.
                    let amount = category == "subscriptions" ? base : base + Int64(day * 7 + month * 3)
                    list.append(Purchase(date: "2026-" + (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)", name: name, payee: payee,
                                         amount: amount, category: category, isActual: true, account: cards[name]))
                }
            }
        }
        list.append(Purchase(date: "2026-11-20", name: "Пятёрочка", payee: nil, amount: 99_99, category: "food", isActual: false))
        return list.sorted { $0.date < $1.date }
    }()

    /// The figure a question asks for, computed over `purchases`: actual purchases in
    /// [from, through] of `category` (nil: any) whose name or payee contains `merchant` (any case).
    /// With `account`, only that account's; with `income`, the incomes instead.
    public static func figure(_ measure: String, category: String?, merchant: String?, from: String, through: String,
                              account: String? = nil, income: Bool = false) -> (value: Int64, count: Int, name: String?) {
        let counted = (income ? incomes : purchases).filter { p in
            p.isActual && p.date >= from && p.date <= through && (category.map { $0 == p.category } ?? true) && (account.map { $0 == p.account } ?? true)
                && (merchant.map { m in [p.name, p.payee ?? ""].contains { $0.lowercased().contains(m.lowercased()) } } ?? true)
        }
        let total = counted.reduce(Int64(0)) { $0 + $1.amount }
        switch measure {
        case "count": return (total, counted.count, nil)
        case "average":
            guard !counted.isEmpty else { return (0, 0, nil) }
            // Half to even, as money is rounded everywhere.
            let n = Int64(counted.count), q = total / n, r = total % n
            return (2 * r > n || (2 * r == n && q % 2 == 1) ? q + 1 : q, counted.count, nil)
        case "largest":
            let top = counted.max { $0.amount != $1.amount ? $0.amount < $1.amount : $0.date < $1.date }
            return (top?.amount ?? 0, counted.count, top?.name)
        default: return (total, counted.count, nil)
        }
    }
}
