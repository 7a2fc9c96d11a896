// What the bank says a purchase was: the merchant category code (MCC) and the bank's own
// category text, each mapped to one of FinMind's built-in categories. Data, not logic: the
// tables below are the whole rule (docs/engine-rules.md, "Categories from the bank").
//
// Source of the codes: ISO 18245 "Retail financial services — Merchant category codes", as the
// card networks publish it (Visa Merchant Data Standards Manual, Mastercard Quick Reference
// Booklet — Merchant Edition); the grouping into FinMind's ten categories is ours. A code not
// listed suggests nothing (the keyword list may still), and so do money transfers (4829),
// cash (6010, 6011), quasi-cash and financial institutions (6012, 6051, 6211, 6540): they are
// movements of money, not spending on something.

public enum MerchantCategoryCodes {
    /// Inclusive code ranges and the FinMind category each suggests, most specific first (the
    /// first range holding a code wins). Around sixty entries.
    public static let table: [(codes: ClosedRange<Int>, category: String)] = [
        // Food: groceries, restaurants, bars, fast food, bakeries, liquor stores.
        (5411...5411, "food"), (5422...5422, "food"), (5441...5441, "food"), (5451...5451, "food"),
        (5462...5462, "food"), (5499...5499, "food"), (5811...5814, "food"), (5921...5921, "food"),
        (5300...5300, "food"),
        // Transport: airlines (3000–3299, 4511), car rental (3351–3441, 7512–7519), rail, buses,
        // commuter transport, taxis, tolls, parking, fuel, car care.
        (3000...3299, "transport"), (3351...3441, "transport"), (4011...4011, "transport"), (4111...4131, "transport"),
        (4411...4468, "transport"), (4511...4582, "transport"), (4784...4789, "transport"), (5013...5013, "transport"),
        (5172...5172, "transport"), (5511...5599, "transport"), (7511...7549, "transport"),
        // Health: medical services, hospitals, labs, pharmacies, opticians, hearing aids.
        (4119...4119, "health"), (5047...5047, "health"), (5122...5122, "health"), (5912...5912, "health"),
        (5975...5976, "health"), (8011...8099, "health"),
        // Utilities: telecom, internet, electricity, gas, water, heating fuel.
        (4812...4816, "utilities"), (4821...4821, "utilities"), (4900...4900, "utilities"), (5983...5983, "utilities"),
        // Subscriptions: pay TV, digital media and apps, subscription merchants.
        (4899...4899, "subscriptions"), (5815...5815, "subscriptions"), (5817...5818, "subscriptions"),
        (5968...5968, "subscriptions"),
        // Housing: contractors, building and home supplies, furniture, appliances, real estate, cleaning.
        (1520...1799, "housing"), (5039...5039, "housing"), (5200...5261, "housing"), (5712...5722, "housing"),
        (6513...6513, "housing"), (7349...7349, "housing"),
        // Clothing: apparel and shoe stores, tailors.
        (5137...5139, "clothing"), (5611...5699, "clothing"),
        // Education: schools, colleges, courses, book and stationery stores.
        (5111...5111, "education"), (5192...5192, "education"), (5942...5943, "education"), (8211...8299, "education"),
        // Entertainment: cinemas, theatres, sport and recreation, games, toys, music, hotels and travel
        // agencies (FinMind has no travel category: a trip is leisure).
        (3501...3999, "entertainment"), (4722...4722, "entertainment"), (5733...5735, "entertainment"),
        (5816...5816, "entertainment"), (5940...5941, "entertainment"), (5945...5946, "entertainment"),
        (7011...7033, "entertainment"), (7829...7999, "entertainment"),
    ]

    /// Codes that move money rather than buy something: never a category.
    public static let movements: Set<Int> = [4829, 6010, 6011, 6012, 6050, 6051, 6211, 6300, 6529, 6530, 6534, 6536, 6537, 6538, 6540]

    /// The category an MCC suggests, or nil (not listed, or a movement of money).
    public static func category(_ code: Int) -> String? {
        guard !movements.contains(code) else { return nil }
        return table.first { $0.codes.contains(code) }?.category
    }

    /// The bank's own category names (T-Bank, Sber, Alfa, VTB, Chase, Monzo, N26, ru and en) as
    /// stems found in the normalised text, each with the category it means, checked in order.
    /// Broad names ("Shopping", "Маркетплейсы", "Другое"), transfers, cash and top-ups suggest nothing.
    public static let bankCategories: [(stem: String, category: String)] = [
        ("перевод", ""), ("наличн", ""), ("пополнен", ""), ("transfer", ""), ("cash", ""), ("income", ""), ("finances", ""),
        ("fees", ""), ("payment", ""), ("другое", ""), ("прочее", ""), ("shopping", ""), ("маркетплейс", ""), ("general", ""),
        ("цифровые товары", "subscriptions"), ("подписк", "subscriptions"), ("subscription", "subscriptions"),
        ("супермаркет", "food"), ("продукт", "food"), ("ресторан", "food"), ("фастфуд", "food"), ("кафе", "food"),
        ("еда", "food"), ("groceries", "food"), ("food", "food"), ("eating out", "food"), ("restaurant", "food"),
        ("такси", "transport"), ("транспорт", "transport"), ("топливо", "transport"), ("азс", "transport"),
        ("авиабилет", "transport"), ("ж/д", "transport"), ("каршеринг", "transport"), ("автоуслуг", "transport"),
        ("авто", "transport"), ("transport", "transport"), ("gas", "transport"), ("automotive", "transport"),
        ("travel", "transport"), ("taxi", "transport"),
        ("аптек", "health"), ("медицин", "health"), ("здоров", "health"), ("health", "health"), ("pharmac", "health"),
        ("medical", "health"),
        ("мобильная связь", "utilities"), ("связь", "utilities"), ("коммунал", "utilities"), ("жкх", "utilities"),
        ("интернет", "utilities"), ("bills", "utilities"), ("utilities", "utilities"),
        ("дом и ремонт", "housing"), ("ремонт", "housing"), ("аренда", "housing"), ("home", "housing"),
        ("household", "housing"), ("rent", "housing"),
        ("одежда", "clothing"), ("обувь", "clothing"), ("clothes", "clothing"), ("clothing", "clothing"),
        ("образован", "education"), ("книг", "education"), ("education", "education"),
        ("развлечен", "entertainment"), ("кино", "entertainment"), ("спорт", "entertainment"), ("отдых", "entertainment"),
        ("путешеств", "entertainment"), ("отел", "entertainment"), ("entertainment", "entertainment"),
        ("holidays", "entertainment"), ("leisure", "entertainment"),
    ]

    /// The category a bank's category text suggests, or nil.
    public static func category(bankCategory text: String) -> String? {
        let normalised = ImportKeys.normalised(text).replacingOccurrences(of: "_", with: " ")
        guard !normalised.isEmpty else { return nil }
        for (stem, category) in bankCategories where normalised.contains(stem) {
            return category.isEmpty ? nil : category
        }
        return nil
    }
}
