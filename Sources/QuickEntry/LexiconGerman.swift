// Quick entry's basic German words, written from
// what German-speaking households say and buy, not from any test phrase: income words, dates,
// weekdays and months, "vor 3 Tagen", periodicities, amounts, cash and card, the little words
// around a name, and category stems (German supermarket, drugstore and transport names
// included). Each list is appended to its Russian-and-English one in Lexicon.swift; stems as
// elsewhere: a stem matches the start of a word, a stem of three letters or fewer only the
// whole word, a phrase with a space the words in order. Normalised: lower case (umlauts kept).

extension Lexicon {
    // MARK: - Kind

    static let germanIncomeStems = [
        "gehalt", "lohn", "einkommen", "erhalten", "bekommen", "rückerstattung", "erstattung", "erstattet", "gutschrift",
        "prämie", "dividende", "rente", "verkauft", "verkauf", "honorar", "stipendium", "kindergeld", "elterngeld",
        "zinsertrag", "zinsen erhalten", "nebenjob", "minijob", "provision", "bafög", "arbeitslosengeld", "krankengeld",
        "eingang", "zahlungseingang", "überweisung erhalten",
    ]
    static let germanSpendingVerbs = ["bezahlt", "gezahlt", "ausgegeben", "gekauft", "überwiesen", "zahlte", "kaufte"]
    static let germanIncomePairs: [(String, String)] = [
        ("geschenk", "von"), ("geld", "von"), ("überweisung", "von"), ("geld", "zurück"),
    ]

    // MARK: - Dates

    static let germanToday = ["heute", "heut"]
    static let germanYesterday = ["gestern"]
    static let germanDayBeforeYesterday = ["vorgestern"]
    static let germanTomorrow = ["morgen"]
    static let germanDayAfterTomorrow = ["übermorgen"]
    /// Weekdays, Monday first (full names only: "mo", "do", "so" are other words too).
    static let germanWeekdays = ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"]
    static let germanSaturday = "sonnabend"
    /// Months, January first.
    static let germanMonths: [[String]] = [
        ["januar", "jänner"], ["februar"], ["märz", "maerz", "mär"], ["april"], ["mai"], ["juni"], ["juli"], ["august"],
        ["september"], ["oktober", "okt"], ["november"], ["dezember", "dez"],
    ]
    static let germanLastWords = ["letzten", "letzte", "letzter", "letztes", "vergangenen", "vergangene", "vorigen", "voriger", "vorige"]
    static let germanNextWords = ["nächsten", "nächste", "nächster", "kommenden", "kommende", "diesen", "diese"]
    /// Little words before a date ("am Freitag", "im Mai", "vom 5. Mai").
    static let germanDatePrepositions = ["am", "im", "vom", "an"]
    static let germanDayWords = ["tag", "tage", "tagen"]
    static let germanWeekWords = ["woche", "wochen"]
    /// Words before "N Tagen" meaning "ago" ("vor 3 Tagen").
    static let germanAgoPrefixes = ["vor"]
    static let germanNumberWords: [String: Int] = [
        "ein": 1, "eine": 1, "einer": 1, "einem": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7,
    ]

    // MARK: - Periodicity

    static let germanPeriodicities: [(String, [[String]])] = [
        ("biweekly", [["alle", "zwei", "wochen"], ["alle", "2", "wochen"], ["zweiwöchentlich*"], ["14-tägig*"], ["vierzehntägig*"]]),
        ("weekly", [["wöchentlich*"], ["jede", "woche"], ["pro", "woche"], ["einmal", "pro", "woche"], ["die", "woche"]]),
        ("quarterly", [["vierteljährlich*"], ["quartalsweise"], ["jedes", "quartal"], ["pro", "quartal"], ["im", "quartal"]]),
        ("yearly", [["jährlich*"], ["jedes", "jahr"], ["pro", "jahr"], ["im", "jahr"], ["einmal", "im", "jahr"]]),
        ("monthly", [["monatlich*"], ["jeden", "monat"], ["pro", "monat"], ["im", "monat"], ["einmal", "im", "monat"], ["mtl"]]),
    ]

    // MARK: - Amounts and accounts

    static let germanThousands = ["tsd", "tausend"]
    static let germanMillions = ["mio", "million", "millionen"]
    static let germanCashWords = ["bargeld", "barzahlung", "bar bezahlt"]
    static let germanCardWords = ["karte", "ec-karte", "girokarte", "kreditkarte", "kartenzahlung"]
    static let germanAccountPrepositions = ["mit", "per", "vom", "von"]

    // MARK: - Name

    static let germanNameEdgeWords = ["für", "im", "am", "beim", "bei", "vom", "von", "zum", "zur", "und", "der", "die", "das",
                                      "den", "dem", "des", "ein", "eine", "einen", "mit", "gekauft", "bezahlt", "ausgegeben",
                                      "morgens", "mittags", "abends", "heute", "nach", "auf", "in",
                                      "eingegangen", "gekommen", "angekommen", "bekommen", "erhalten", "gutgeschrieben"]

    // MARK: - Categories

    static let germanCategoryStems = makeGermanCategoryStems()
    @_optimize(none) // a table built once: see the note at the top of Lexicon.swift
    private static func makeGermanCategoryStems() -> [String: [String]] { [
        "other": [
            "tierfutter", "katzenfutter", "hundefutter", "tierarzt", "tierärzt", "fressnapf", "katzenstreu", "friseur", "frisör",
            "drogerie", "dm", "rossmann", "müller drogerie", "kosmetik", "geschenk", "spielzeug", "windeln", "kita", "kindergarten",
            "babysitter", "versicherung", "haftpflicht", "hausrat", "rundfunk", "spende", "gebühr", "bankgebühr", "kontoführung",
            "zigaretten", "tabak", "amazon", "ebay", "otto", "zalando", "baumarkt",
        ],
        "subscriptions": [
            "abo", "abonnement", "mitgliedschaft", "streaming", "dazn", "sky", "wow", "rtl+", "joyn", "audible", "zeitungsabo",
            "zeitschrift", "disney",
        ],
        "transport": [
            "tanken", "tankstelle", "benzin", "sprit", "diesel", "bahn", "db", "zug", "fahrkarte", "bahnfahrkarte",
            "fahrschein", "deutschlandticket", "monatskarte", "bvg", "mvv", "hvv", "ubahn", "u-bahn", "sbahn", "s-bahn",
            "straßenbahn", "tram", "parkhaus", "parken", "parkticket", "parkgebühr", "flug", "flughafen", "lufthansa",
            "mietwagen", "carsharing", "share now", "maut", "vignette", "werkstatt", "reifen", "autowäsche", "waschanlage",
            "tüv", "ölwechsel", "fahrrad", "e-scooter", "flixbus", "fernbus",
        ],
        "utilities": [
            "strom", "gas", "wasser", "heizung", "nebenkosten", "stadtwerke", "internet", "dsl", "handy", "handyvertrag",
            "mobilfunk", "telefon", "telekom", "vodafone", "o2", "1&1", "rundfunkbeitrag", "gez", "müllabfuhr", "abwasser",
        ],
        "housing": [
            "miete", "kaltmiete", "warmmiete", "hypothek", "wohnung", "möbel", "reparatur", "handwerker", "hausverwaltung",
            "renovierung", "obi", "hornbach", "bauhaus", "ikea", "matratze", "kaution",
        ],
        "health": [
            "apotheke", "medikament", "tabletten", "arzt", "ärztin", "arztpraxis", "praxis", "zahnarzt", "zahnärzt",
            "krankenhaus", "klinik", "physiotherapie", "physio", "brille", "kontaktlinsen", "zuzahlung", "hörgerät",
            "fitnessstudio", "fitness", "yoga", "psychotherap",
        ],
        "education": [
            "kurs", "buch", "bücher", "lehrbuch", "schule", "schulbedarf", "uni", "universität", "semesterbeitrag",
            "studiengebühr", "nachhilfe", "seminar", "weiterbildung", "sprachkurs", "volkshochschule", "vhs", "fahrschule",
            "musikschule", "unterricht",
        ],
        "entertainment": [
            "kino", "film", "theater", "oper", "konzert", "konzertkarten", "spiel", "spiele", "museum", "kneipe", "bier", "wein",
            "cocktails", "eintritt", "freizeitpark", "schwimmbad", "therme", "ausflug", "urlaub", "hotel", "club", "disco",
        ],
        "clothing": [
            "kleidung", "klamotten", "schuhe", "jacke", "hose", "hemd", "bluse", "kleid", "pullover", "pulli", "socken", "mantel",
            "unterwäsche", "mütze", "handschuhe", "stiefel", "turnschuhe", "sneaker", "c&a", "deichmann", "primark",
        ],
        "food": [
            "lebensmittel", "einkauf", "einkaufen", "supermarkt", "bäcker", "bäckerei", "brötchen", "brot", "kaffee", "café",
            "restaurant", "mittagessen", "abendessen", "frühstück", "essen", "imbiss", "döner", "currywurst", "pommes",
            "rewe", "edeka", "netto", "penny", "kaufland", "norma", "globus", "tegut", "milch", "obst", "gemüse",
            "fleisch", "wurst", "käse", "metzger", "metzgerei", "lieferando", "wolt", "mensa", "kantine", "kuchen", "eis",
            "getränke", "getränkemarkt", "markt", "wochenmarkt", "mittagstisch", "lebensmittelmarkt",
        ],
    ] }
}
