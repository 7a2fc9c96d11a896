import Engine

// The words a ledger question is read with, beyond its cues (LedgerQuestion.swift): typos of the
// cue words put right, everyday words for categories a household names itself, and the words a
// terse question ("food oct?") may consist of.

extension LedgerQuestionReader {
    /// The question's words with each misspelt cue word put right: a word of four letters or more
    /// that starts with no cue's word, is no merchant's word (`keep`) and no month, one letter from
    /// one cue word ("spnd" → "spend", "yesterdy" → "yesterday"; "spen" → "spend" or "spent": the same).
    /// «Сколько» typed any way (`isHowMuch`) is read as «сколько» first.
    static func corrected(_ words: [String], keep: Set<String> = []) -> [String] {
        words.map { word in
            if isHowMuch(word) { return "сколько" }
            guard word.count >= 4, !cueWords.contains(word), !keep.contains(word), !word.contains(where: \.isNumber),
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
                              "woche", "monat", "jahr", "tage", "year", "days", "start", "beginning"]
    private static let cueWordsBySize: [Int: [String]] = Dictionary(grouping: cueWords.filter { $0.count >= 4 }.sorted(), by: \.count)

    /// Everyday words (prefixes; ending in a space: whole words) for kinds of spending a household
    /// may name a category of its own by: a category whose name is one of a group's words goes by
    /// every word of the group («Кафе» also by "coffee", "cafés", «кофейни»; "Pets" also by «кот»).
    static let synonymGroups: [[String]] = [
        // Eating out: cafés and restaurants alike («Кафе» is where a household eats out).
        ["cafe", "café", "coffee", "кафе", "кафеш", "кофе ", "кофейн", "kaffee", "cafes ", "restaurant", "dining", "eating out", "eat out",
         "ate out", "ресторан", "общепит", "gastronomie"],
        ["pet ", "pets", "dog ", "dogs", "cat ", "cats", "vet ", "питом", "животн", "зверь", "кот ", "кота ", "коту ", "котом ", "котов",
         "кошк", "собак", "пес ", "пса ", "псу ", "ветеринар", "зоомагаз", "зоотовар", "haustier", "hund ", "hunde", "katze", "tierarzt"],
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
        "wie", "viel", "was", "für", "fur", "im", "am", "bei", "mein", "meine", "insgesamt", "war", "waren",
        // Informal openings («чё по продуктам»), one-word "wieviel", and the words between a range's ends.
        "че", "чо", "что", "ну", "там", "wieviel", "between", "till", "until", "through", "thru", "до", "bis", "vom", "von", "zwischen", "und",
    ]
}
