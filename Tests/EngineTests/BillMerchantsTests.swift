import Testing
@testable import Engine

// The merchant key and the subscription mark (docs/engine-rules.md, "Bills and subscriptions").

@Suite struct BillMerchantsTests {
    @Test(arguments: [
        ("Оплата NETFLIX.COM 12345678", "netflix com"),
        ("POS CARD Пятёрочка 4521 Москва ул", "пятерочка москва ул"),
        ("payment  purchase spotify", "spotify"),
        ("Покупка: Яндекс.Плюс", "яндекс плюс"),
        ("Gym 24 club", "gym 24 club"),
        ("оплата", ""),
        ("1234 5678", ""),
    ])
    func merchantKey(text: String, key: String) {
        #expect(billMerchantKey(text) == key)
    }

    @Test func subscriptionMarks() {
        #expect(isSubscription(name: "Anything", category: "subscriptions"))
        #expect(isSubscription(name: "Оплата NETFLIX.COM", category: "other"))
        #expect(!isSubscription(name: "Rent", category: "housing"))
    }
}
