// Which category an imported expense gets: what the household itself chose for the payee
// before (the learned map), else what the bank says (the MCC, then the bank's category
// column: MerchantCategoryCodes.swift), else a built-in ru/en keyword list, else none
// ("uncategorised", stored as "other"). Pure data and functions; the rule is in
// docs/engine-rules.md.

/// Where a suggested category came from.
public enum CategorySource: String, Sendable, Codable {
    /// One of the household's payee rules.
    case rule
    /// The household's own recent entries for this payee.
    case learned
    /// The merchant category code the bank gave.
    case mcc
    /// The bank's own category column.
    case bank
    /// The built-in keyword list.
    case keyword
    /// Nothing matched: the row is uncategorised.
    case none
}

/// A payee rule as the import applies it: when the payee (with its memo) contains `contains`,
/// the entry gets `name` and `category` (each when set).
public struct PayeeRuleMatch: Sendable, Equatable {
    public var contains: String
    public var name: String?
    public var category: String?

    public init(contains: String, name: String? = nil, category: String? = nil) {
        self.contains = contains; self.name = name; self.category = category
    }
}

public enum PayeeCategories {
    /// A rule's text and a payee as compared: normalised (`ImportKeys.normalised`), anything
    /// that is not a letter or digit a space, spaces collapsed ("YANDEX*PLUS" is "yandex plus").
    public static func ruleKey(_ text: String) -> String {
        let words = ImportKeys.normalised(text).map { $0.isLetter || $0.isNumber ? $0 : " " }
        return String(words).split(separator: " ").joined(separator: " ")
    }

    /// The rule for a row's `payee` and `memo`: of the rules whose text the payee and memo
    /// contain (both as `ruleKey`s), the one with the longest text (the most specific), ties
    /// to the earlier in `rules`.
    public static func rule(payee: String, memo: String, rules: [PayeeRuleMatch]) -> PayeeRuleMatch? {
        guard !rules.isEmpty else { return nil }
        let text = " " + ruleKey(payee + " " + memo) + " "
        var best: (length: Int, rule: PayeeRuleMatch)?
        for rule in rules {
            let needle = ruleKey(rule.contains)
            guard !needle.isEmpty, text.contains(needle), needle.count > (best?.length ?? 0) else { continue }
            best = (needle.count, rule)
        }
        return best?.rule
    }

    /// How many of a payee's latest entries the learned map looks at.
    public static let recentEntries = 5

    /// The key a payee is learned under: normalised (`ImportKeys.normalised`), with digits,
    /// punctuation and symbols dropped ("PYATEROCHKA 1234 MOSCOW" and "Pyaterochka 77 Moscow"
    /// are one payee), whitespace collapsed.
    public static func payeeKey(_ text: String) -> String {
        let letters = ImportKeys.normalised(text).map { $0.isLetter ? $0 : " " }
        return String(letters).split(separator: " ").joined(separator: " ")
    }

    /// The learned category from a payee's entries, newest first: the category used most among
    /// the latest five, ties going to the most recent of the tied. One fix by the user therefore
    /// teaches at once, and a settled habit (3 of 5) outweighs a one-off.
    public static func learned(newestFirst categories: [String]) -> String? {
        let recent = categories.prefix(recentEntries)
        var counts: [String: Int] = [:]
        for category in recent { counts[category, default: 0] += 1 }
        guard let best = counts.values.max() else { return nil }
        return recent.first { counts[$0] == best }
    }

    /// The category for an expense paid to `payee` (with `memo`), the first of: the learned
    /// map's (keyed by `payeeKey`), the MCC's, the bank category's, the keyword list's — each
    /// only when it is one of `allowed`; else nil.
    public static func suggest(payee: String, memo: String, mcc: Int? = nil, bankCategory: String? = nil,
                               learned: [String: String], allowed: Set<String>) -> (category: String?, source: CategorySource) {
        if let category = learned[payeeKey(payee)], allowed.contains(category) { return (category, .learned) }
        if let mcc, let category = MerchantCategoryCodes.category(mcc), allowed.contains(category) { return (category, .mcc) }
        if let bankCategory, let category = MerchantCategoryCodes.category(bankCategory: bankCategory), allowed.contains(category) {
            return (category, .bank)
        }
        if let category = keyword(payee + " " + memo), allowed.contains(category) { return (category, .keyword) }
        return (nil, .none)
    }

    /// The built-in list's category for `text`, or nil: the longest keyword found in the
    /// normalised text (whole words for short keywords, substrings for longer ones), so "uber
    /// eats" (food) wins over "uber" (transport); ties go to the category listed first.
    public static func keyword(_ text: String) -> String? {
        let normalised = " " + String(ImportKeys.normalised(text).map { $0.isLetter || $0.isNumber ? $0 : " " })
            .split(separator: " ").joined(separator: " ") + " "
        var best: (length: Int, category: String)?
        for (category, words) in lexicon {
            for word in words where word.count > (best?.length ?? 0) {
                let found = word.count <= 4 ? normalised.contains(" " + word + " ") : normalised.contains(word)
                if found { best = (word.count, category) }
            }
        }
        return best?.category
    }

    /// Keywords by built-in category, checked in this order (ru and en, normalised: lower case, е for ё).
    public static let lexicon: [(String, [String])] = [
        ("subscriptions", ["netflix", "spotify", "яндекс плюс", "yandex plus", "кинопоиск", "okko", "ivi", "apple com bill",
                           "itunes", "google play", "youtube premium", "disney", "hbo", "icloud", "подписка", "subscription", "adobe", "amazon prime", "audible", "dropbox", "google one", "microsoft", "kinopoisk",
                           "vk music", "vk музыка", "mts premium", "мтс premium", "premium"]),
        ("transport", ["яндекс go", "yandex go", "яндекс такси", "yandex taxi", "такси", "taxi", "uber", "bolt", "метро", "metro",
                       "мосметро", "тройка", "транспорт", "transport", "автобус", "трамвай", "tram", "rzd", "ржд", "аэрофлот",
                       "aeroflot", "азс", "лукойл", "lukoil", "газпромнефть", "роснефть", "shell", "parking", "парковка", "train", "avtodor", "автодор", "платные дороги", "bp", "chevron", "exxon",
                       "citymobil", "ситимобил", "delimobil", "делимобиль", "каршеринг", "airlines", "airways", "air", "gazpromneft",
                       "rosneft", "lyft", "mta", "ryanair", "tfl", "troika", "zipcar", "fuel", "petrol", "rail", "авиа"]),
        ("food", ["пятерочка", "pyaterochka", "магнит", "magnit", "перекресток", "perekrestok", "ашан", "auchan", "лента", "lenta",
                  "вкусвилл", "vkusvill", "дикси", "dixy", "окей", "азбука вкуса", "самокат", "samokat", "продукты", "супермаркет",
                  "lidl", "tesco", "aldi", "walmart", "kroger", "safeway", "whole foods", "trader joe", "carrefour", "sainsbury",
                  "grocery", "supermarket", "макдоналдс", "mcdonald", "вкусно и точка", "kfc", "burger king", "starbucks",
                  "кофе", "coffee", "cafe", "кафе", "ресторан", "restaurant", "пекарня", "bakery", "чижик", "chizhik",
                  "красное белое", "krasnoe", "tanuki", "тануки", "шоколадница", "shokoladnitsa", "kofe", "теремок", "teremok",
                  "вкусно и точка", "vkusno i tochka", "rostics", "ростикс", "dodo", "додо", "pizza", "пицц", "yandex eda",
                  "яндекс еда", "cofix", "буше", "bushe", "waitrose", "wholefds", "costco", "pret a manger", "chipotle", "nandos",
                  "greggs", "uber eats", "deliveroo", "doordash", "burger", "sushi", "суши", "food", "еда"]),
        ("health", ["аптека", "apteka", "pharmacy", "drugstore", "cvs", "walgreens", "boots", "клиника", "clinic", "стоматолог",
                    "dentist", "доктор", "doctor", "hospital", "больница", "медицин", "invitro", "инвитро", "гемотест", "kaiser", "medsi", "медси", "ochkarik", "очкарик", "оптика",
                    "optic", "stomatolog", "superdrug", "dental", "medic"]),
        ("utilities", ["жкх", "жку", "коммунал", "электроэнерг", "мосэнерго", "мосэнергосбыт", "electricity", "electric", "водоканал",
                       "water", "газ", "gas bill", "ростелеком", "rostelecom", "мтс", "mts", "билайн", "beeline", "мегафон", "megafon",
                       "теле2", "tele2", "интернет", "internet", "utility", "utilities", "comcast", "verizon", "at t", "british gas", "con ed", "dom ru",
                       "дом ру", "gku", "mosgaz", "мосгаз", "mosvodokanal", "o2", "energy", "vodafone", "gas", "telecom"]),
        ("housing", ["аренда", "rent", "ипотека", "mortgage", "квартплата", "landlord", "ikea", "леруа", "leroy", "obi", "b q", "dunelm", "hoff", "homebase", "lowes", "petrovich",
                     "петрович", "vseinstrumenti", "всеинструменты", "икеа", "home depot", "мебель", "furniture"]),
        ("clothing", ["zara", "h m", "uniqlo", "gloria jeans", "спортмастер", "sportmaster", "wildberries одежда", "lamoda",
                      "одежда", "clothing", "обувь", "shoes", "befree", "centrobuv", "clarks", "gap", "jd sports",
                      "next retail", "nike", "ostin", "остин", "ламода", "fashion", "jeans"]),
        ("education", ["школа", "school", "университет", "university", "курсы", "course", "coursera", "udemy", "skyeng",
                       "учебник", "tuition", "книг", "book", "barnes noble", "bukvoed", "буквоед", "chitai gorod",
                       "читай город", "komus", "комус", "msu", "мгу", "netologiya", "нетология", "skillbox", "staples", "waterstones"]),
        ("entertainment", ["кино", "cinema", "театр", "theatre", "theater", "концерт", "concert", "steam", "playstation",
                           "xbox", "nintendo", "боулинг", "museum", "музей", "билеты", "tickets", "booking com", "gorky park",
                           "парк горького", "kassir", "кассир", "odeon", "premier inn", "hotel", "отель", "puregym", "gym", "фитнес",
                           "fitness", "world class", "синема"]),
    ]
}

// MARK: - Splits

extension PayeeCategories {
    /// A QIF transaction's splits as the parts of one split expense (docs/engine-rules.md,
    /// "Splits"): each part's category is the household's category whose key or name the split's
    /// category is (`names`: normalised key or name → key), else the bank category's, else the
    /// keyword list's for the split's category and memo (each only when in `allowed`), else nil
    /// (the row's own category); its amount in positive minor units. Nil when the row is not an
    /// expense split into 2 to `most` parts of its own sign, none zero, adding up to `total`.
    public static func splitParts(_ splits: [StatementSplit], total: Int64, most: Int, names: [String: String],
                                  allowed: Set<String>) -> [(category: String?, amount: Int64)]? {
        guard total < 0, (2...most).contains(splits.count), splits.allSatisfy({ $0.amount < 0 }),
              splits.reduce(Int64(0), { $0 &+ $1.amount }) == total else { return nil }
        return splits.map { split in
            var category = names[ImportKeys.normalised(split.category)]
            if category == nil, let mapped = MerchantCategoryCodes.category(bankCategory: split.category), allowed.contains(mapped) {
                category = mapped
            }
            if category == nil, let found = keyword(split.category + " " + split.memo), allowed.contains(found) { category = found }
            return (category, -split.amount)
        }
    }
}
