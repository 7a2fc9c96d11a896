import Testing
@testable import Statements

// The merchant directory and the generic words (Sources/Statements/MerchantDirectory.swift, the
// lists in Sources/Statements/Resources): how a payee is compared with them, and what they say.
@Suite("Merchant directory")
struct MerchantDirectoryTests {
    @Test("one word, however the bank spelled it: transliterated, folded, doubled letters as one")
    func skeletons() {
        #expect(MerchantDirectory.skeleton("пятерочка") == MerchantDirectory.skeleton("pyaterochka"))
        #expect(MerchantDirectory.skeleton("кофе") == MerchantDirectory.skeleton("coffee"))
        #expect(MerchantDirectory.skeleton("kaffee") == MerchantDirectory.skeleton("кафе"))
        #expect(MerchantDirectory.skeleton("bäckerei") == MerchantDirectory.skeleton("baeckerei"))
        #expect(MerchantDirectory.skeleton("такси") == MerchantDirectory.skeleton("taxi"))
        #expect(MerchantDirectory.skeleton("дикси") == MerchantDirectory.skeleton("dixy"))
        #expect(MerchantDirectory.skeleton("chips") == "chips", "ch stays ch")
    }

    @Test("the bank's noise is dropped: store numbers, *, apostrophes, legal forms, acquirer prefixes, case, ё")
    func tokens() {
        #expect(MerchantDirectory.tokens("SQ *JOE'S DINER #1234") == MerchantDirectory.tokens("joes diner"))
        #expect(MerchantDirectory.tokens("ООО \"Ромашка\" 77") == MerchantDirectory.tokens("ромашка"))
        #expect(MerchantDirectory.tokens("Müller GmbH") == MerchantDirectory.tokens("MUELLER"))
        #expect(MerchantDirectory.tokens("PAYPAL *NETFLIX.COM 4029357733") == MerchantDirectory.tokens("netflix com"))
        #expect(MerchantDirectory.tokens("TELE2 5KA") == ["tele2", "5ka"], "a word with letters keeps its digits")
    }

    @Test("well-known chains, as Russian, English-language and German banks print them", arguments: [
        ("PYATEROCHKA 1234 MOSCOW RUS", "food"), ("Оплата товаров и услуг. ПЯТЁРОЧКА", "food"), ("TESCO STORES 3012 LONDON GB", "food"),
        ("MCDONALDS 0423", "food"), ("MC DONALD'S", "food"), ("UBER *EATS", "food"), ("UBER *TRIP HELP.UBER.COM", "transport"),
        ("PAYPAL *NETFLIX", "subscriptions"), ("APPLE.COM/BILL", "subscriptions"), ("YANDEX.TAXI", "transport"),
        ("ЛУКОЙЛ АЗС 77012", "transport"), ("WALGREENS #1234", "health"), ("DM-DROGERIE MARKT FIL.1234", "health"),
        ("ROSTELECOM", "utilities"), ("SHELL OIL 5744", "transport"), ("E.ON ENERGIE DEUTSCHLAND", "utilities"), ("HOME DEPOT #6543", "housing"),
        ("PRIMARK STORES LTD", "clothing"), ("WATERSTONES", "education"), ("PREMIER INN", "entertainment"),
    ])
    func chains(payee: String, category: String) {
        #expect(MerchantDirectory.category(payee) == category)
    }

    @Test("generic words by stem, in Russian, English and German", arguments: [
        ("Аптеки Здоровье", "health"), ("APTEKA NA MIRA 5", "health"), ("STADTAPOTHEKE NORD", "health"), ("Kaffeehaus Mitte", "food"),
        ("LANDBÄCKEREI SCHULZ", "food"), ("Шаурмичная у вокзала", "food"), ("Хлебная лавка", "food"), ("GOLDEN DRAGON TAKEAWAY", "food"),
        ("TAXI BLITZ", "transport"), ("ТАКСИ ЛИДЕР", "transport"), ("MAIN ST FUEL", "transport"), ("AZS NO 14", "transport"),
        ("TOWN WATER DEPT", "utilities"), ("Stadtwerke Ulm", "utilities"), ("МЕБЕЛЬНЫЙ САЛОН", "housing"),
        ("Schuhhaus Klein", "clothing"), ("ДЕТСКАЯ ОДЕЖДА", "clothing"), ("FAHRSCHULE MEIER", "education"),
        ("ЧАСТНАЯ ШКОЛА", "education"), ("КИНОТЕАТР РОДИНА", "entertainment"), ("CITY GOLF CLUB", "entertainment"),
    ])
    func genericWords(payee: String, category: String) {
        #expect(MerchantDirectory.category(payee) == category)
    }

    @Test("German households' payees as German banks print them", arguments: [
        ("REWE SAGT DANKE 44231", "food"), ("EDEKA Center Müller", "food"), ("LIDL DIENSTL", "food"), ("ALDI SÜD", "food"),
        ("Netto Marken-Discount", "food"), ("dm Filiale 1234 KOELN DE", "health"), ("ROSSMANN 1234", "health"),
        ("DB Vertrieb GmbH", "transport"), ("JET Tankstelle", "transport"), ("Telekom Deutschland GmbH", "utilities"),
        ("Vodafone GmbH", "utilities"), ("Rundfunk ARD, ZDF, DRadio", "utilities"), ("Hausverwaltung Schmidt GmbH Miete November", "housing"),
        ("Techniker Krankenkasse", "health"), ("Hanseatische Krankenkasse", "health"), ("AOK Bayern", "health"),
    ])
    func germanPayees(payee: String, category: String) {
        #expect(MerchantDirectory.category(payee) == category)
    }

    @Test("a German cash withdrawal or account fee is known and no category")
    func germanNoCategory() {
        #expect(MerchantDirectory.category("Bargeldauszahlung Geldautomat Sparkasse Köln") == nil)
        #expect(MerchantDirectory.category("Kontoführung 11/2026 Girokonto") == nil, "the words' other ends the search")
    }

    @Test("the directory before the generic words; its 'other' names leave the word to them, the words' 'other' ends it without a specific word")
    func order() {
        // A chain's name beats a generic word in the same text.
        #expect(MerchantDirectory.category("WAITROSE PHARMACY") == "food")
        // A marketplace or an electronics chain is no category: the generic words may still speak.
        #expect(MerchantDirectory.category("SATURN ELECTRO") == nil)
        #expect(MerchantDirectory.category("MEDIA MARKT 1234") == nil, "the directory's words are not read again as a generic 'markt'")
        #expect(MerchantDirectory.category("TAXI SATURN") == "transport")
        #expect(MerchantDirectory.category("AMAZON MKTPLACE PMTS") == nil)
        // A transfer or a hairdresser ends the search, unless a word with a category is there too.
        #expect(MerchantDirectory.category("ПЕРЕВОД ИВАНОВУ И.И.") == nil)
        #expect(MerchantDirectory.category("ПЕРЕВОД В КАФЕ") == "food", "the longer 'перевод' is no category: 'кафе' speaks")
        #expect(MerchantDirectory.category("Hair Salon Lola") == nil)
        #expect(MerchantDirectory.category("ACME 123") == nil)
    }

    @Test("a list's format: sections, spellings, stems; a stem under four letters matches whole; the longest wins")
    func parsing() {
        let list = PayeeList.parse("""
            # a comment
            ignored before any section
            [food]
            bakery | bäcker* | shoe*   # shoe* is three letters folded: whole
            [transport]
            taxi* | gas station
            [other]
            transfer
            """, lastWordPrefix: false)
        #expect(list.count == 6)
        #expect(list.entries.map(\.category) == ["food", "food", "food", "transport", "transport", nil])
        #expect(list.match(MerchantDirectory.tokens("BÄCKER MEIER"))?.category == "food")
        #expect(list.match(MerchantDirectory.tokens("SHOP"))  == nil, "shoe* does not find SHOP")
        #expect(list.match(MerchantDirectory.tokens("TAXIFAHRT"))?.category == "transport")
        #expect(list.match(MerchantDirectory.tokens("EXXON GAS STATION BAKERY"))?.written == "gas station")
        let transfer = list.match(MerchantDirectory.tokens("TRANSFER TO SAVINGS"))
        #expect(transfer != nil && transfer?.category == nil)
        let directory = PayeeList.parse("[food]\nmcdonald | whole foods\n", lastWordPrefix: true)
        #expect(directory.match(MerchantDirectory.tokens("MCDONALDS"))?.written == "mcdonald", "a last word of six letters is a prefix")
        #expect(directory.match(MerchantDirectory.tokens("WHOLEFOODS MKT"))?.written == "whole foods", "a name's words joined")
    }

    @Test("the shipped lists: several hundred chains, the generic words, every section a built-in category or other")
    func shippedLists() {
        let allowed = CategorisationQuality.categories
        #expect(MerchantDirectory.chains.count >= 1000)
        #expect(MerchantDirectory.genericWords.count >= 400)
        for list in [MerchantDirectory.chains, MerchantDirectory.genericWords] {
            #expect(list.entries.allSatisfy { $0.category.map(allowed.contains) ?? true })
            #expect(Set(list.entries.compactMap(\.category)) == allowed.subtracting(["other"]))
        }
    }

    @Test("a name of two letters in skeleton needs its own letters: BKK (a Krankenkasse) is no B&Q, B&Q still is")
    func shortNames() {
        #expect(MerchantDirectory.category("BKK firmus Krankenkasse") == "health")
        #expect(MerchantDirectory.category("B&Q 1234 CROYDON") == "housing")
        #expect(MerchantDirectory.category("BQ CROYDON") == "housing", "the name's letters printed as one word")
        #expect(MerchantDirectory.category("AOK Nordost Beitrag 11/2026") == "health")
        #expect(MerchantDirectory.category("TK Techniker Krankenkasse") == "health")
        #expect(MerchantDirectory.category("TK MAXX 0412") == "clothing", "the chain's name is longer than the insurer's letters")
    }

    @Test("a generic word of no category (a transfer) never outranks a specific one, however long: the dentist paid by transfer")
    func specificBeforeOther() {
        #expect(MerchantDirectory.category("Zahnarztpraxis Dr. Weber Überweisung Rechnung 4711") == "health")
        #expect(MerchantDirectory.category("Überweisung an Max Mustermann") == nil, "only the transfer word: no category")
        let list = PayeeList.parse("[health]\ndr\n[other]\nbanktransfer\n", lastWordPrefix: false, categoryFirst: true)
        #expect(list.match(MerchantDirectory.tokens("BANKTRANSFER DR SMITH"))?.category == "health")
    }
}
