import Engine

// The words a ledger question is read with (LedgerQuestion.swift reads the question): typos of the
// cue words put right, everyday words for categories a household names itself, the words a terse
// question ("food oct?") may consist of, and, at the end, the cue words themselves with the stems
// and near-misses names are matched by.

extension LedgerQuestionReader {
    /// The question's words with each misspelt cue word put right: a word of four letters or more
    /// that starts with no cue's word, is no merchant's word (`keep`) and no month, one letter from
    /// one cue word ("spnd" → "spend", "yesterdy" → "yesterday"; "spen" → "spend" or "spent": the same).
    /// «Сколько» typed any way (`isHowMuch`) is read as «сколько» first.
    static func corrected(_ words: [String], keep: Set<String> = []) -> [String] {
        words.map { word in
            if isHowMuch(word) { return "сколько" }
            // A cue word with up to two more letters is its inflection, not a typo ("monats", "weeks").
            guard word.count >= 4, !cueWords.contains(word), !keep.contains(word), !word.contains(where: \.isNumber),
                  !cueWordsBySize.values.joined().contains(where: { word.hasPrefix($0) && word.count - $0.count <= 2 }),
                  !knownStems.contains(where: { word.hasPrefix($0) }), monthNumber(word, previous: nil) == nil else { return word }
            let near = cueWordsBySize[word.count - 1, default: []] + cueWordsBySize[word.count, default: []] + cueWordsBySize[word.count + 1, default: []]
            let hits = Set(near.filter { distance(Array(word), Array($0)) <= 1 })
            // Two cues one letter away ("spen": spend, spent) are the same word when they share all but the last letter.
            guard let first = hits.min(), hits.allSatisfy({ $0.dropLast() == first.dropLast() }) else { return word }
            return first
        }
    }

    /// «Сколько» as people type it: the word, its spoken forms («скоко», «скока», «скок») and its
    /// typos («сколко», «скокло», «скольки»): a word of four to eight letters after «ск» of only
    /// о, а, и (the first о or и), one or two к, at most one л, and ь or ъ. Never «скука», «скала»,
    /// «скол», «склад», «скидка» (other letters, or no к after «ск»).
    public static func isHowMuch(_ word: String) -> Bool {
        guard word.hasPrefix("ск"), (4...8).contains(word.count) else { return false }
        var k = 0, l = 0, firstVowel: Character?
        for character in word.dropFirst(2) {
            switch character {
            case "о", "а", "и": if firstVowel == nil { firstVowel = character }
            case "к": k += 1
            case "л": l += 1
            case "ь", "ъ": continue
            default: return false
            }
        }
        return (firstVowel == "о" || firstVowel == "и") && (1...2).contains(k) && l <= 1
    }

    /// Whole cue words a typo is put right to (each at least four letters).
    static let cueWords: Set<String> = [
        "spend", "spent", "spending", "paid", "bought", "purchase", "purchases", "expense", "expenses", "ordered", "shopped", "cost",
        "times", "often", "many", "much", "average", "biggest", "largest", "highest", "expensive", "month", "week", "today", "yesterday",
        "last", "this", "previous", "since", "between", "total", "income", "earned", "compared", "versus", "change", "changed",
        "потратил", "потратила", "потратили", "потрачено", "сколько", "покупка", "покупки", "покупок", "покупку", "неделе", "неделю",
        "месяце", "месяц", "месяца", "прошлом", "прошлой", "прошлую", "прошлый", "вчера", "сегодня", "средний", "средняя", "самая",
        "большая", "расходы", "расходов", "траты", "трат", "заплатил", "ушло", "этом", "этой", "раз",
        "ausgegeben", "ausgaben", "bezahlt", "letzten", "letzte", "monat", "woche", "heute", "gestern", "diesen", "diese", "durchschnitt",
        // Periods' and measures' words, typed with a letter off ("wohcenende", "quratal", "teeurste", "mnotag").
        "wochenende", "quartal", "quarter", "weekend", "vorige", "vorigen", "teuerste", "teuerster", "höchste", "hoechste", "anzahl",
        "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday", "квартал", "выходные", "payday", "paycheck", "through", "прошлого", "прошлом", "выходных", "осенью", "начала",
        "начале", "середине", "конце", "максимальная",
    ]
    /// Every word of every cue (3+ letters): a question word starting with one is no typo.
    static let knownStems: [String] = {
        let phrases = spendCues + costCues + countNouns + paydayCues + incomeCues + planCues + compareCues + accountWords + countCues + averageCues + largestCues
            + stopWords + blockers + subscriptionCues + periodWords
        return Set(phrases.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0.count >= 3 && !cueWords.contains($0) }).sorted()
    }()
    /// The words of the periods' phrases (LedgerPeriods.swift).
    static let periodWords = ["past", "previous", "прошл", "предыдущ", "позапрошл", "этот", "эту", "эта", "этом", "этой", "текущ", "недел",
                              "месяц", "начала", "начало", "последн", "дней", "дня", "году", "год", "letzt", "vorig", "vergangen", "dies",
                              "woche", "monat", "jahr", "tage", "year", "days", "start", "beginning", "month", "week", "выходн", "wochenend"]
    private static let cueWordsBySize: [Int: [String]] = Dictionary(grouping: cueWords.filter { $0.count >= 4 }.sorted(), by: \.count)

    /// Everyday words (prefixes; ending in a space: whole words) for kinds of spending a household
    /// may name a category of its own by: a category whose name is one of a group's words goes by
    /// every word of the group («Кафе» also by "coffee", "cafés", «кофейни»; "Pets" also by «кот»).
    static let synonymGroups: [[String]] = [
        // Eating out: cafés and restaurants alike («Кафе» is where a household eats out).
        ["cafe", "café", "coffee", "кафе", "кафеш", "кофе ", "кофейн", "kaffee", "cafes ", "restaurant", "dining", "eating out", "eat out",
         "ate out", "dining out", "coffee shop", "ресторан", "общепит", "gastronomie", "essen gehen", "essen gegangen", "auswärts", "auswarts", "auswaerts"],
        ["pet ", "pets", "dog ", "dogs", "cat ", "cats", "vet ", "питом", "животн", "зверь", "кот ", "кота ", "коту ", "котом ", "котов",
         "кошк", "собак", "пес ", "пса ", "псу ", "ветеринар", "зоомагаз", "зоотовар", "haustier", "hund ", "hunde", "katze", "tierarzt",
         "pet food", "dog food", "cat food", "pet suppl", "tierfutter", "hundefutter", "katzenfutter", "корм "],
        ["car ", "cars ", "auto ", "машин", "автомоб"],
        ["gift", "present", "подар", "geschenk"],
        ["sport", "gym ", "fitness", "спорт", "фитнес", "зал "],
        ["beauty", "красот", "косметик", "kosmetik"],
        ["travel", "trip", "vacation", "holiday", "путешеств", "отпуск", "поездк", "reise", "urlaub"],
    ]

    /// The stems a category is matched by: its names' stems, the built-in category's everyday
    /// words, and every word of a synonym group one of its names belongs to.
    static func categoryStems(key: String, names: [String]) -> [String] {
        let own = names.flatMap(nameStems)
        let folded = names.flatMap { AdvisorRouter.normalise($0).split(separator: " ").map(String.init) }
        let groups = synonymGroups.filter { group in
            group.contains { stem in folded.contains { word in stem.hasSuffix(" ") ? word + " " == stem : word.hasPrefix(stem) } }
        }
        return own + (LedgerVocabulary.builtInSynonyms[key] ?? []) + groups.flatMap { $0 }
    }

    /// A word of three or four letters that is a category's whole word of four or five with one
    /// letter left out or two swapped ("fod" → "food", "txai" → "taxi"); never a word the router
    /// knows as money ("tax" is not "taxi").
    static func nearlyShort(_ word: String, _ stem: String) -> Bool {
        let whole = stem.trimmingCharacters(in: .whitespaces)
        guard (3...4).contains(word.count), whole.count == word.count + 1 || whole.count == word.count, whole.count >= 4,
              !shortWords.contains(word), !AdvisorRouter.moneyWords.contains(where: { word.hasPrefix($0) }) else { return false }
        return distance(Array(word), Array(whole)) == 1 && (whole.count > word.count || Set(word) == Set(whole))
    }

    /// Everyday short words that are never a category's typo ("und" is not "Hund", "tip" not "trip").
    static let shortWords: Set<String> = terseWords.union(stopWords.map { $0.trimmingCharacters(in: .whitespaces) }).union([
        "and", "the", "for", "you", "how", "who", "why", "are", "out", "tip", "any", "one", "two", "day", "per", "via", "off", "new", "own",
        "und", "oder", "vom", "bis", "zum", "zur", "ein", "eine", "что", "как", "где", "кто", "мой", "для", "или", "при", "без",
        "good", "made", "paid", "much", "many", "week", "more", "less", "last", "this", "that", "then", "than", "from", "with", "what",
    ])

    /// Words that may stand in a terse question beside what it counts ("food oct?", «еда за
    /// октябрь»): a question of only these, a category or merchant and a period is a sum.
    static let terseWords: Set<String> = [
        "how", "much", "what", "whats", "was", "were", "is", "the", "my", "our", "on", "at", "in", "for", "of", "from", "total", "so", "far",
        "and", "a", "i", "we", "me", "did", "do", "with", "by", "to", "this", "that", "all", "about", "am", "over", "under", "within",
        "bill", "bills", "spend", "so", "far", "more", "less", "than", "last", "previous", "больше", "меньше", "чем", "прошлом", "прошлого",
        "прошлый", "прошлой", "mehr", "weniger", "als", "letzten",
        "сколько", "на", "в", "во", "за", "по", "с", "со", "у", "мой", "мои", "и", "а", "было", "был", "была", "были",
        "всего", "итого", "это", "мне", "я", "мы", "стоил", "стоила", "стоили", "стоило",
        "wie", "viel", "was", "für", "fur", "fuer", "im", "am", "bei", "mein", "meine", "insgesamt", "war", "waren",
        // A period's own words around its dates ("since nov 5", "back in october", "month to date", "lately").
        "since", "during", "back", "lately", "recently", "date", "first", "seit", "начала", "letzter", "zeit", "fürs", "furs", "fuers", "beim",
        "mit", "zum", "zur", "недавно", "последнее", "время",
        // "Wie hoch waren die Taxikosten im Oktober": German's "how much" and the words around a compound's parts.
        "s", "hoch", "die", "der", "das", "den", "dem", "des", "meinen", "meiner", "mich", "mir", "ich", "hab", "habe", "hat", "ist", "sind",
        "bisher", "geld", "summe", "gesamt", "kosten", "schon", "noch", "bereits",
        // Informal openings («чё по продуктам»), one-word "wieviel", and the words between a range's ends.
        "че", "чо", "что", "ну", "там", "v", "jetzt", "gimme", "show", "tell", "give", "stuff", "wieviel", "between", "till", "until", "through", "thru", "до", "bis", "vom", "von", "zwischen", "und",
    ]
}

// MARK: - Cue words

extension LedgerQuestionReader {
    /// A question with a blocker in it (`text` normalised, spaces around), but for "how much more
    /// did I spend … than", which compares: a goal's "how much more" is never followed by a spending word.
    static func blocked(_ text: String) -> Bool {
        blockers.contains { blocker in
            guard text.contains(blocker) else { return false }
            return blocker != " how much more" || !comparedSpending.contains(where: text.contains)
        }
    }
    static let comparedSpending = [" how much more did i spend", " how much more have i spent", " how much more did we spend", " how much more did i pay",
                                   " how much more was spent", " how much more did i spent"]

    /// Questions that look like ledger questions but are not: "can I…" (affordability), a
    /// goal's "how much more", a limit's "left"; advice on spending ("tips to cut grocery spending").
    static let blockers = [" can i ", " could i ", " can we ", " should i ", " afford", " how much more", " need for ", " need to save",
                                   " могу ли", " можно ли", " позвол", " потян", " сколько еще нужно", " сколько ещё нужно", " не хватает",
                                   " нужно накопить", " надо накопить", " осталось накопить", " kann ich mir", " leisten", " wie viel fehlt",
                                   " spend less", " spending less", " how to cut", " how can i cut", " how do i cut", " is it better", " better to ",
                                   " как меньше", " меньше тратить", " как сократить", " как экономить", " стоит ли", " лучше ли",
                                   " weniger ausgeben", " wie spare", " tips ", " advice", " cut ", " cut back", " reduce", " ways to ", " tipps ",
                                   " reduzieren", " сократить", " снизить", " урезать", " советы", " совет ", " sparen ", " einsparen ", " wie kann ich "]

    static let spendCues = spellings([
        "spend", "spent", "spending", "paid", "pay for", "put on", "ordered", "order ", "orders", "bought", "buy ", "cost me", "went on", "go on",
        "goes on", "expens", "purchas", "shopped", "shopping", "blew", "blow", "drop ", "spen ", "charge",
        "потрат", "потрач", "трат", "тратил", "ушло", "ушли", "уходит", "заплат", "отдал", "купил", "покуп", "закуп", "расход", "был в", "была в",
        "были в", "ходил", "заказ", "спис", "уложил", "оставил", "спустил", "сколько ", "скольк", "обошл",
        "ausgegeben", "ausgaben", "bezahlt", "gekauft", "bestellt", "gekostet", "kostete",
        // German as people write about money: the verbs of paying and using up, separable "gebe … aus".
        "gezahlt", "ausgeben", "verbraucht", "draufgegangen", "weggegangen", "abgegangen", "abgebucht", "eingekauft", "einkäufe", "einkauf ",
        "gelöhnt", "verprasst", "verballert", "gebe ich", "gab ich", "geben wir", "gaben wir", "über dem limit", "über dem budget",
        "über meinem", "über mein ",
        "dropped", "forked", "shelled", "splurg", "waste", "shell out", "fork out", "fork over", "dish out", "dished out", "throw away",
        "threw away", "thrown away", "rack up", "racked up", "put toward", "put into", "lay out", "laid out", "cough up", "coughed up",
        "pony up", "ponied up", "put down", "went out", "gone out", "rausgegangen", "наездил", "im budget", "the damage", "come to", "came to", "add up to", "added up to", "amount to", "amounted to", "rausgehauen", "rausgeballert", "gelatzt", "hingeblättert", "geblecht", "verpulvert", "verjubelt",
        "zahle", "zahlen wir", "слил", "профукал", "промотал", "угрохал", "отвалил", "выложил", "отстегнул", "раскошелил", "run me", "ran me", "set me back", "cost us", "улетел", "улетает", "вбухал",
        "просадил", "накуп", "трачу", "ушла", "ушел", "ушёл", "kostet", "ging ", "gingen ", "went to", "gone to", "goes to",
        // Whether a limit held: "am I over my food budget", «превысил ли я бюджет на кафе».
        "over my", "over budget", "over the limit", "over the budget", "within my", "within the", "stay under", "stayed under", "exceed",
        "превысил", "превышен", "вышел за", "вышла за", "вышли за", "вышел ли", "вышла ли", "вышли ли", "вышел я за", "вышла я за", "überschritten", "überzogen",
        "go over", "went over", "gone over", "going over", "been over", "drüber", "druber", "darüber",
        // "Wie viel habe ich bei Starbucks gelassen" (left there).
        "gelassen", "liegen lassen", "lassen ", "have i given", "did i give", "i gave ", "we gave ", "have we given",
        // "What's the tally for", "coffee tab", "sunk into", "eat up".
        "tally", "tab ", "sunk into", "sink into", "eat up", "ate up", "eaten up", "gerissen", "gesprengt", "geknackt",
        // "Was zahl ich", "verbraten", "blechen", "hingelegt": paying as Germans type it.
        "zahl ", "zahlst", "verbraten", "verbrannt", "blechen", "blech ", "hingelegt", "abgedrückt", "gesteckt", "verbucht", "weg ", "zusammen ", "überwiesen",
        // Going through money, paying someone, a total asked for, staying within a limit.
        "go through", "went through", "gone through", "going through", "go thru", "went thru", "burn through", "burned through",
        "burnt through", "did i pay", "do i pay", "did we pay", "paying", "total of", "total for", "sum of", "сумма ", "summe ", "укладыва", "уложусь", "в рамках",
        "в пределах", "stay within", "im rahmen",
    ])
    /// "What did streaming cost in November", "wie viel kosten mich die Abos diesen Monat": spending
    /// when a period is named ("how much do my subscriptions cost" is the bills' recurring cost).
    static let costCues = ["cost ", "costs ", "costing", "kosten ", "how expensive", "wie teuer", "насколько дорог"]
    /// "Since payday": from the last income's date.
    static let paydayCues = spellings([
        "since payday", "since pay day", "since my payday", "since my pay day", "since last payday", "since my last payday", "since the last payday",
        "since my paycheck", "since my last paycheck", "since last paycheck", "since the paycheck", "since the last paycheck", "since i got paid",
        "since i was paid", "since i last got paid", "since salary", "since my salary", "since my last salary", "since payroll",
        "с зарплаты", "с последней зарплаты", "после зарплаты", "после последней зарплаты", "с момента зарплаты", "с прошлой зарплаты",
        "с получки", "с последней получки", "после получки", "с момента получки", "с зп ", "после зп ", "с аванса", "после аванса",
        "seit dem zahltag", "seit zahltag", "seit dem letzten zahltag", "seit dem gehalt", "seit dem letzten gehalt", "seit gehalt",
        "seit der letzten gehaltszahlung", "seit dem lohn", "seit dem letzten lohn", "seit dem letzten geldeingang", "seit dem geldeingang", "seit ich gehalt", "seit ich mein gehalt", "seit ich lohn",
        "seit dem gehaltseingang", "seit gehaltseingang", "seit ich bezahlt wurde",
        // The last money in: «с последнего поступления», "seit ich zuletzt Geld bekommen hab", "since my last deposit".
        "с последнего поступления", "с поступления", "после поступления", "seit ich zuletzt geld", "seit ich geld bekommen", "seit dem letzten geld",
        "since my last deposit", "since the last deposit", "since my last income", "since money last came in", "since i last got money",
    ])
    /// Incomes instead of expenses ("how much did I earn", «сколько я заработал», "verdient").
    static let incomeCues = spellings([
        "earn", "income", "did i make", "did we make", "have i made", "have we made", "i made ", "we made ", "got paid", "get paid",
        "was paid", "came in", "come in", "coming in", "salary", "paycheck", "заработ", "доход", "получил", "пришло", "пришли", "поступ",
        "verdient", "einnahm", "eingenommen", "einkommen", "bekommen", "gehalt ", "lohn ", "зарплат", "получк", "eingegangen", "reingekommen", "receiv", "bring in", "brought in", "bring me", "brought me", "paid me", "paid us", "pay me", "pay us", "payments did i get", "payments i got", "payments received", "принес", "мне заплатили", "нам заплатили", "мне перевели",
    ])
    /// Compared with the category's limit or planned amount.
    static let planCues = ["limit", "budget", "the plan", "my plan", "plan ", "planned", "лимит", "бюджет", "план ", "плана ", "планом ", "плану ",
                                   "geplant", "im plan", "zum plan", "topf", "im rahmen", "в рамках", "в пределах", "within my", "within the limit"]
    /// Compared with the period before ("vs last month", "how did it change").
    static let compareCues = spellings([
        "vs ", "vs. ", "versus", "compared", "comparison", "compare", "than last", "than the last", "than in", "than previous", "than before",
        "than usual", "change", "go up", "went up", "gone up", "go down", "went down", "up from", "down from", "higher than", "lower than",
        "gone down", "up or down", "more or less", "increase", "decrease", "grew", "чем в ", "чем во ", "чем за ", "чем на ", "чем прошл", "чем обычно", "сравн", "измени", "поменял", "вырос", "вырасл",
        "упал", "упали", "снизил", "больше или меньше", "меньше или больше", "против ", "vergleich", "verglichen", "verändert", "veraendert",
        "gestiegen", "gesunken", "als im ", "als letzt", "als vor", "gegenüber", "against",
        // How a limit stands: "wie steh ich beim Kaffeebudget", "how am I doing / tracking", "on track".
        "wie steh", "stehe ich", "how am i doing", "how am i tracking", "on track", "как у меня с", "как там с", "как дела с",
    ])
    /// The words that name purchases themselves ("my biggest purchase", «самая дорогая покупка», "teuerster Einkauf").
    static let purchaseNouns = ["purchas", "expens", "transaction", "payment", "order", "bought", "покупк", "трат", "расход", "заказ", "платеж",
                                "einkauf", "ausgabe", "kauf", "bestellung", "zahlung"]
    /// What is left of a limit: a cue only with a limit or budget word.
    static let leftCues = spellings(["übrig", "left", "remaining", "осталось", "остаток", "verbleib",
                                     // How a limit stands: "reicht mein Kaffeebudget noch", "wie sieht mein … aus", "noch im …topf", "how is my food budget".
                                     "reicht", "enough", "хватит", "wie sieht", "wie schaut", "how is my", "how s my", "noch im", "noch in", "still in", "еще в", "how close", "close to", "ok ", "okay"])
    /// Words around an account's name ("the Visa card", «с карты Тинькофф»): never a merchant.
    static let accountWords = ["card ", "cards ", "account ", "карт", "счет ", "счета ", "счету ", "счёт ", "karte ", "konto "]
    /// What purchases are counted as («сколько было заказов», «количество поездок»): a count after «сколько».
    static let countNouns = ["заказов", "поездок", "походов", "визитов", "чеков", "списаний", "платежей", "транзакций", "операций", "покупок"]
    /// "My paycheck", «зарплата», "Gehalt": the salary, and the words an income source names it by.
    static let salaryWords = ["paycheck", "salary", "wage", "зарплат", "зп ", "получк", "gehalt", "lohn"]
    static let salarySources = ["payroll", "salary", "wage", "зарплат", "gehalt", "lohn"]
    static let countCues = ["how many", "how often", "times ", "number of", "count ", "frequent", "кол-во", "сколько раз", "скольк раз", "как часто", "раз ",
                                    "сколько покупок", "сколько операций", "сколько транзакций", "количество",
                                    "wie oft", "wie viele", "viele mal", "viel mal", "wievielmal", "anzahl", "wie häufig", "wie haeufig", "wie haufig", "wieviele",
                                    // How often compared: "more often", "more rides", «чаще», "öfter", "häufiger".
                                    "more often", "less often", "more rides", "more trips", "more visits", "more orders", "fewer", "чаще", "реже",
                                    "öfter", "oefter", "ofter", "häufiger", "haeufiger", "haufiger", "seltener"]
    static let averageCues = ["average", "avg", "on average", "mean ", "typical", "per visit", "per trip", "per purchase", "per ride", "each time",
                              "за раз ", "за поход", "pro einkauf", "pro besuch", "pro fahrt", "pro bestellung", "je einkauf", "средн", "в среднем", "durchschnitt", "im schnitt", "mittelwert", "im mittel"]
    static let largestCues = spellings(["largest", "biggest", "most expensive", "highest", "самая большая", "самую большую", "самая крупная",
                                      "самую крупную", "крупнейш", "самая дорогая", "самую дорогую", "самый большой", "самый крупный",
                                      "самый дорогой", "максимальн", "größt", "grosst", "teuerst", "höchst", "am meisten gekostet", "cost the most", "cost me the most", "priciest", "costliest", "top purchase", "in one go", "at once", "most i spent", "most i ve spent", "single purchase",
                                      "самая дорогая", "самой большой", "самой крупной", "крупная покупка", "крупную покупку"])
    /// Words that name nothing to count (never a merchant).
    static let stopWords = [
        "how ", "much ", "many ", "did ", "do ", "does ", "i ", "we ", "my ", "our ", "the ", "a ", "an ", "on ", "at ", "in ", "for ", "to ",
        "from ", "of ", "what ", "whats ", "was ", "were ", "is ", "it ", "me ", "total ", "money ", "with ", "by ", "all ", "so ", "far ",
        "and ", "or ", "this ", "that ", "there ", "u ", "ive ", "have ", "has ", "had ", "been ", "go ", "get ", "got ", "us ", "did i ",
        "я ", "мы ", "на ", "в ", "во ", "за ", "у ", "по ", "и ", "а ", "мне ", "мой ", "мои ", "моих ", "всего ", "всё ", "все ", "это ",
        "ли ", "же ", "денег ", "деньги ", "рублей ", "там ", "раз ", "сколько ", "с ", "со ", "тысяч ",
        "ich ", "wir ", "für ", "fur ", "bei ", "im ", "am ", "an ", "auf ", "habe ", "hab ", "haben ", "wie ", "viel ", "was ", "der ", "die ",
        "das ", "den ", "dem ", "des ", "geld ", "insgesamt ", "mein ", "meine ", "meinen ", "meiner ", "mich ", "mir ", "hat ", "ist ",
        "sind ", "bisher ", "fuer ", "schon ", "noch ", "bereits ", "ham ", "kohle ", "denn ", "mal ",
    ]

    /// Purchases named as events: a terse question about them counts them.
    static let timesNouns: Set<String> = ["rides", "trips", "visits", "orders", "fahrten", "besuche", "bestellungen", "поездки", "поездок", "заказы",
                                          "заказов", "визиты", "визитов"]

    /// "More Uber rides than last month", "fewer visits", «больше поездок», "mehr Fahrten": more or
    /// fewer, then a noun of times at once or after one word that is no preposition ("more on Uber
    /// rides" is money). A count.
    static func countCompared(_ words: [String]) -> Bool {
        let more: Set<String> = ["more", "fewer", "less", "mehr", "weniger", "больше", "меньше"]
        let nouns = ["ride", "trip", "visit", "order", "purchase", "times", "transaction", "fahrt", "besuch", "bestellung", "einkäuf", "einkaeuf",
                     "поездк", "поездок", "заказ", "покупок", "покупк", "визит"]
        let prepositions: Set<String> = ["on", "at", "for", "in", "für", "fur", "fuer", "bei", "на", "в", "за"]
        return words.indices.contains { i in
            more.contains(words[i]) && (1...2).contains { k in
                i + k < words.count && nouns.contains(where: words[i + k].hasPrefix) && (k == 1 || !prepositions.contains(words[i + 1]))
            }
        }
    }

    /// "Wie viel geb ich für Sprit aus", "was gaben wir im Oktober aus": a form of "geben" and,
    /// after it, "aus" (the separable "ausgeben") — the indices of both, or nil; with other
    /// forms and particles, "was kam im Oktober rein" (the separable "reinkommen", an income).
    static func separableSpend(_ words: [String], forms: Set<String> = ["gebe", "geb", "gibst", "gibt", "geben", "gebt", "gab", "gabst", "gaben", "gabt"],
                               particle: Set<String> = ["aus"]) -> [Int]? {
        guard let verb = words.firstIndex(where: forms.contains), let out = words[(verb + 1)...].lastIndex(where: particle.contains) else { return nil }
        return [verb, out]
    }

    /// `words` with each German one also as typed without umlauts or ß ("größt" as "groesst" and
    /// "grosst", "über" as "ueber" and "uber").
    static func spellings(_ words: [String]) -> [String] {
        let tables: [[Character: String]] = [["ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"], ["ä": "a", "ö": "o", "ü": "u", "ß": "ss"], ["ä": "a", "ö": "o", "ü": "u"]]
        var out = words
        for word in words where word.contains(where: { "äöüß".contains($0) }) {
            for table in tables {
                let variant = word.reduce(into: "") { text, character in if let plain = table[character] { text += plain } else { text.append(character) } }
                if !out.contains(variant) { out.append(variant) }
            }
        }
        return out
    }

    /// A German compound of a thing and a word of spending cut in two ("Lebensmittelausgaben" →
    /// "lebensmittel ausgaben", "Essensausgaben" → "essen ausgaben": the linking s dropped,
    /// "Taxikosten", "Abokosten", "Gesamtausgaben"); a built-in category's own everyday word
    /// stays whole ("Nebenkosten" is utilities).
    static func compoundsCut(_ words: [String]) -> [String] {
        words.flatMap { word -> [String] in
            // Two words joined by a hyphen ("Uber-Fahrt", "Tinkoff-Karte", "Freelance-Einnahmen"), each of
            // three letters or more; never a number's or a day's («5-го», "twenty-first», «кол-во»).
            let halves = word.split(separator: "-").map(String.init)
            // Two dates joined by a hyphen ("10.10.-20.10.", "10/1-10/15"): each on its own.
            if halves.count == 2, halves.allSatisfy({ $0.contains("/") && $0.first?.isNumber == true }) { return halves }
            if word.hasPrefix("-"), word.dropFirst().first?.isNumber == true, word.contains("/") { return [String(word.dropFirst())] }
            if halves.count == 2, halves.allSatisfy({ $0.count >= 3 && $0.allSatisfy(\.isLetter) }), ordinalDay(word, next: nil) == nil {
                return compoundsCut(halves)
            }
            // A month and a part of it ("Oktoberhälfte", "Monatsende"): the part, then the month.
            for tail in ["hälfte", "haelfte", "halfte", "anfang", "mitte", "ende"] where word.count > tail.count + 2 && word.hasSuffix(tail) {
                let head = String(word.dropLast(tail.count))
                if head == "monats" || monthNumber(head, previous: nil) != nil { return [tail, head] }
            }
            guard word.count >= 8, !isCyrillic(word) else { return [word] }
            for head in compoundHeads where word.count >= head.count + 3 && word.hasSuffix(head) {
                // A built-in's word running into the head ("nebenkosten") is that word, not a compound.
                guard !LedgerVocabulary.builtInSynonyms.values.joined().contains(where: { stem in
                    let whole = stem.trimmingCharacters(in: .whitespaces)
                    return whole.count > word.count - head.count && word.hasPrefix(whole)
                }) else { return [word] }
                var first = String(word.dropLast(head.count))
                if first.hasSuffix("s"), first.count >= 5 { first.removeLast() }
                return [first, head]
            }
            return [word]
        }
    }

    static let compoundHeads = ["ausgaben", "kosten", "rechnungen", "rechnung", "einkäufe", "einkaeufe", "betrag", "budget", "limit", "topf"]

    /// `word` with each run of one letter written once ("abbos" → "abos").
    static func undoubled(_ word: String) -> String {
        var out = ""
        for character in word where out.last != character { out.append(character) }
        return out
    }

    /// The stems a category's own name is matched by: each word of 3+ letters, its last
    /// letters dropped (4–5 letters: one, longer: two) so inflections match («продукты» → «продук»).
    static func nameStems(_ name: String) -> [String] {
        AdvisorRouter.normalise(name).split(separator: " ").map(String.init).filter { $0.count >= 3 }.map(stem)
    }

    static func stem(_ word: String) -> String {
        switch word.count {
        case ...3: return word + " "
        case 4...5: return String(word.dropLast())
        default: return String(word.dropLast(2))
        }
    }

    /// At most one letter apart (one substitution, insertion, deletion or swap), for words of
    /// five letters and more; `stem` matched as a prefix of `word`.
    static func nearly(_ word: String, _ stem: String) -> Bool {
        let s = Array(stem.trimmingCharacters(in: .whitespaces))
        guard s.count >= 5 else { return false }
        let w = Array(word)
        for length in [s.count - 1, s.count, s.count + 1] where length <= w.count && length > 0 {
            if distance(Array(w.prefix(length)), s) <= 1 { return true }
        }
        return false
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
