import Engine

// The merchants a ledger question names, matched the way the ledger search does (any case,
// either alphabet, small typos), and the sounds the matching compares.

extension LedgerQuestionReader {
    /// "Should I cancel Spotify or Hulu?", «отменить ли подписку на Spotify»: the merchants a
    /// question about cancelling or subscriptions names (at most three, in the question's order);
    /// [] when it is not such a question or names none.
    public static func subscriptionMerchants(_ question: String, vocabulary: LedgerVocabulary) -> [String] {
        let asks = asksAboutSubscriptions(question), compares = comparesPrices(question)
        guard asks || compares else { return [] }
        let text = AdvisorRouter.normalise(question)
        let words = text.split(separator: " ").map(String.init)
        let skip = Set(words.indices.filter { i in (subscriptionCues + priceCues).contains { words[i].hasPrefix($0.trimmingCharacters(in: .whitespaces)) } })
        var found: [String] = []
        for index in words.indices where !skip.contains(index) {
            let others = Set(words.indices).subtracting([index])
            if let name = readMerchant(words, used: others.union(skip), tokens: vocabulary.merchantWords), !found.contains(name) { found.append(name) }
            if found.count == 3 { break }
        }
        // Prices compared need two names ("was ist teurer im Jahr, Hulu oder Spotify").
        return asks || found.count >= 2 ? found : []
    }

    /// "Which is more expensive a year, Hulu or Spotify?", «что дороже», "vergleich mal Spotify und
    /// Hulu": a word comparing prices and no spending word (two names are needed then).
    public static func comparesPrices(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        return priceCues.contains { text.contains(" " + $0) } && !["spend", "spent", "ausgegeben", "потрат", "paid", "bezahlt"].contains { text.contains(" " + $0) }
    }

    static let priceCues = spellings(["more expensive", "cheaper", "costs more", "pricier", "compare", "дороже", "дешевле", "сравни", "teurer", "billiger",
                                      "vergleich", "günstiger", "kostet mehr", "beide", "both", "оба", "behalten", "im jahr", "a year", "per year", "в год",
                                      "keep", "yearly", "annual", "оставить", "нужны ли", "нужен ли", "годов"])

    /// A question with a word about cancelling or subscriptions.
    public static func asksAboutSubscriptions(_ question: String) -> Bool {
        let text = AdvisorRouter.normalise(question)
        return subscriptionCues.contains { text.contains(" " + $0) }
    }

    static let subscriptionCues = spellings(["cancel", "unsubscrib", "subscription", "keep paying", "worth it", "отмен", "отказат", "отпис", "подписк",
                                           "kündig", "kundig", "abo ", "dropping", "ditch", "get rid of", "stop paying", "should go",
                                           "отключ", "избавит", "abbestell", "loswerden",
                                           // Which one to drop or keep: "should I drop", "lohnt sich … noch", «что оставить».
                                           "should i drop", "should we drop", "which to drop", "one to drop", "worth keeping", "worth paying",
                                           "lohnt", "lohnen", "behalten oder", "оставить или", "что оставить", "soll weg", "sollte weg", "muss weg",
                                           "fliegt raus", "rauswerfen", "rausschmeißen", "weg damit"])


    /// The first question word (3+ letters, not used by anything else) that a merchant's word
    /// matches — the same word, the question's inflection of it («Пятёрочке» → «Пятёрочка»), or one
    /// letter apart — returned as the merchant spells it, for the ledger search.
    /// With `accounts`, the names are accounts' and a Cyrillic word may also be the Latin name
    /// with z read as s, its last letter dropped («визы» → Visa).
    static func readMerchant(_ words: [String], used: Set<Int>, tokens: [MerchantWord], accounts: Bool = false) -> String? {
        readMerchantWord(words, used: used, tokens: tokens, accounts: accounts)?.name
    }

    /// `readMerchant`'s name and the question words it read: two when the next word is the next
    /// word of the same name ("uber eats", «убер итс» → "Uber Eats": only that merchant's entries).
    static func readMerchantWord(_ words: [String], used: Set<Int>, tokens: [MerchantWord], accounts: Bool = false) -> (name: String, indices: [Int])? {
        for (index, word) in words.enumerated() where !used.contains(index) && word.count >= 3 && !word.allSatisfy(\.isNumber) {
            guard let token = merchantToken(word, tokens: tokens, accounts: accounts) else {
                if !accounts, let pair = pairWord(words, index, used: used, tokens: tokens) { return pair }
                continue
            }
            if !accounts, index + 1 < words.count, !used.contains(index + 1) {
                let next = words[index + 1], latin = transliterated(next)
                func follows(_ following: String) -> Bool {
                    isWord(next, of: following) || latin == following
                        || (latin != next && skeleton(latin).count >= 2 && skeleton(latin) == skeleton(following))
                }
                for pair in tokens where pair.folded == token.folded {
                    if let following = pair.next.first(where: { follows($0.folded) }) {
                        return (pair.original + " " + following.original, [index, index + 1])
                    }
                }
            }
            return (token.original, [index])
        }
        return nil
    }

    /// A two-word name typed as one word ("wholefoods", "ubereats" → "Whole Foods", "Uber Eats"), or
    /// with its first word one letter off when its second follows ("ubr eats" → "Uber Eats").
    static func pairWord(_ words: [String], _ index: Int, used: Set<Int>, tokens: [MerchantWord]) -> (name: String, indices: [Int])? {
        let word = words[index]
        if word.count >= 6 {
            for token in tokens where word.hasPrefix(token.folded) {
                if let following = token.next.first(where: { following in
                    let joined = token.folded + following.folded
                    return following.folded.count >= 3 && (word == joined || (word.count >= 8 && distance(Array(word), Array(joined)) <= 1))
                }) {
                    return (token.original + " " + following.original, [index])
                }
            }
        }
        guard index + 1 < words.count, !used.contains(index + 1) else { return nil }
        let next = words[index + 1]
        for token in tokens where abs(token.folded.count - word.count) <= 1 && distance(Array(token.folded), Array(word)) <= 1 {
            if let following = token.next.first(where: { $0.folded.count >= 3 && isWord(next, of: $0.folded) }) {
                return (token.original + " " + following.original, [index, index + 1])
            }
        }
        return nil
    }

    /// The typed word `typed` is the word `word`: the same, or (`minimum` letters or more, at most
    /// one fewer than it) all of its letters but the last begin it ("eat" is no "eats", "eatz" is;
    /// "schon" is no "Schokoladniza").
    static func isWord(_ typed: String, of word: String, minimum: Int = 4) -> Bool {
        typed == word || (typed.count >= minimum && typed.count + 1 >= word.count && word.hasPrefix(String(typed.dropLast())))
    }

    /// The merchant's word `word` is: the same word, its inflection, one letter apart, or typed in the other alphabet.
    static func merchantToken(_ word: String, tokens: [MerchantWord], accounts: Bool) -> MerchantWord? {
        if word.count <= 3 {
            // A name of four letters with a letter inside left out ("ubr" → Uber, "hlu" → Hulu; "eat" is no
            // "Eats"); never an everyday short word.
            return tokens.first(where: { $0.folded == word }) ?? (word.count < 3 || accounts || shortWords.contains(word)
                || AdvisorRouter.moneyWords.contains(where: { word.hasPrefix($0) }) ? nil
                : tokens.first(where: { $0.folded.count == 4 && $0.folded.first == word.first && !$0.folded.hasPrefix(word)
                    && distance(Array($0.folded), Array(word)) == 1 }))
        }
        let stem = word.count >= 6 && word.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) })
            ? String(word.dropLast(2)) : word.count >= 5 ? String(word.dropLast()) : word
        if let exact = tokens.first(where: { $0.folded == word }) { return exact }
        if let inflected = tokens.first(where: { $0.folded.hasPrefix(stem) && $0.folded.count <= word.count + 2 }) { return inflected }
        let letters = Array(word)
        if word.count >= 5, let near = tokens.first(where: { abs($0.folded.count - letters.count) <= 1 && distance(Array($0.folded), letters) <= 1 }) {
            return near
        }
        // An English inflection of a Latin name ("freelancing" → Freelance): all but its last letter begin the word.
        if !isCyrillic(word), let inflected = tokens.first(where: { $0.folded.count >= 6 && word.hasPrefix(String($0.folded.dropLast())) }) {
            return inflected
        }
        let wordSound = skeleton(word)
        // A Cyrillic merchant typed in Latin ("pyaterochka", "tinkoff"): its letters read in Latin.
        if !isCyrillic(word), let latin = tokens.first(where: { $0.latin != $0.folded && (isWord(word, of: $0.latin, minimum: 5)
            || (word.count >= 5 && $0.latinSound == wordSound)) }) {
            return latin
        }
        // …or as German spells it ("Schokoladniza" → Шоколадница), the same or all but its last letter.
        if !isCyrillic(word), word.count >= 5, let german = tokens.first(where: { $0.latin != $0.folded
            && isWord(word, of: $0.german, minimum: 5) }) {
            return german
        }
        // A Latin merchant typed in Cyrillic («убер», «в старбаксе»): the same letters read in
        // Latin, or the same consonants (c and k as one, doubles once) when there are five or more.
        let latin = transliterated(word)
        guard latin != word else { return nil }
        let voiceless = latin.replacingOccurrences(of: "z", with: "s")
        if accounts, voiceless.count >= 4, let exact = tokens.first(where: { $0.folded.hasPrefix(String(voiceless.dropLast())) }) { return exact }
        if let exact = tokens.first(where: { isWord(latin, of: $0.folded, minimum: 5) }) { return exact }
        // As an English name is heard in Russian: х for h, ю for a first u («хулу» → Hulu, «юбер» → Uber).
        let heard = transliterated(word, as: .heard)
        if heard != latin, let exact = tokens.first(where: { isWord(heard, of: $0.folded, minimum: 5) }) {
            return exact
        }
        let sound = skeleton(latin)
        if sound.count >= 5, let near = tokens.first(where: { $0.sound == sound }) { return near }
        // c and q heard as k («петко» → Petco), or four consonants in a long word («спотифай» → Spotify).
        if let hard = tokens.first(where: { isWord(latin, of: $0.hard, minimum: 5) }) {
            return hard
        }
        if word.count >= 6, sound.count >= 4, let near = tokens.first(where: { $0.sound == sound }) { return near }
        // The word without its case ending («визой» → «виз», «старбаксом» → «старбакс») read in Latin.
        let bare = transliterated(russianStem(word))
        guard bare.count >= 3, bare != latin else { return nil }
        let bareVoiceless = bare.replacingOccurrences(of: "z", with: "s")
        if let prefix = tokens.first(where: { $0.folded.hasPrefix(bare) || (accounts && $0.folded.hasPrefix(bareVoiceless)) }) { return prefix }
        let bareSound = skeleton(bare)
        if bareSound.count >= 4, let near = tokens.first(where: { $0.sound == bareSound }) { return near }
        return nil
    }

    /// A compound of a merchant's word and a word of what was bought cut in two ("Uberfahrten" →
    /// "uber fahrten", "Spotifyabo" → "spotify abo", "Starbucksbesuche"): a Latin word of seven
    /// letters or more, itself no merchant's word, that begins with a merchant's word of three or
    /// more and goes on with a category's word, a word of purchases or a compound's head (3+ letters).
    static func merchantCompoundsCut(_ words: [String], vocabulary: LedgerVocabulary) -> [String] {
        words.flatMap { word -> [String] in
            guard word.count >= 7, !isCyrillic(word), !vocabulary.merchantFolded.contains(word) else { return [word] }
            let letters = Array(word)
            for cut in stride(from: letters.count - 3, through: 3, by: -1) where vocabulary.merchantFolded.contains(String(letters[..<cut])) {
                let rest = String(letters[cut...])
                let known = vocabulary.categoryStems.contains { entry in
                    entry.stems.contains { stem in !stem.dropLast().contains(" ") && (stem.hasSuffix(" ") ? rest + " " == stem : stem.count >= 3 && rest.hasPrefix(stem)) }
                } || (purchaseNouns + compoundHeads + ["besuch"]).contains(where: rest.hasPrefix)
                if known { return [String(letters[..<cut]), rest] }
            }
            return [word]
        }
    }

    /// The first word of three letters or more, used by nothing else, right after on / at / for /
    /// from / to, на / в / у / за, für / bei / im (an article or "my" between them skipped) that
    /// names no generic thing ("stuff", "everything") — as the ledger search is to look for it: a
    /// Russian word without its case ending («на обеды» → «обед»), an English plural without its s
    /// ("lattes" → "latte"); nil when there is none.
    static func unknownObject(_ words: [String], used: Set<Int>) -> (name: String, indices: [Int])? {
        // What is needed or should be is no purchase («сколько мне ещё нужно на отпуск»).
        guard !words.contains(where: { ["нужно", "надо", "need", "needed", "brauche", "should", "sollte", "стоит", "worth"].contains($0) }) else { return nil }
        let before: Set<String> = ["on", "at", "for", "from", "to", "на", "в", "во", "у", "за", "für", "fur", "fuer", "fürs", "bei", "beim", "im"]
        let skipped: Set<String> = ["the", "my", "a", "an", "our", "der", "die", "den", "dem", "das", "mein", "meine", "meinen", "мой", "мою", "мои", "моих"]
        for index in words.indices.dropFirst() where !used.contains(index) && before.contains(words[index - 1]) || (index > 1 && !used.contains(index)
            && skipped.contains(words[index - 1]) && before.contains(words[index - 2])) {
            let word = words[index]
            guard word.count >= 3, word.allSatisfy(\.isLetter), !genericThings.contains(where: word.hasPrefix), !terseWords.contains(word),
                  !shortWords.contains(word), !periodWords.contains(where: word.hasPrefix), !knownStems.contains(where: word.hasPrefix),
                  !financeWords.contains(where: word.hasPrefix) else { continue }
            if isCyrillic(word) { return (word.count >= 5 ? russianStem(word) : word, [index]) }
            return (word.count >= 5 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word, [index])
        }
        return nil
    }

    /// Money itself: loans, debts, savings, budgets, goals, taxes, accounts (their beginnings).
    static let financeWords = ["loan", "debt", "credit", "mortgage", "saving", "budget", "goal", "fund", "tax", "interest", "balance", "account",
                               "bank", "money", "income", "salary", "долг", "кредит", "ипотек", "займ", "накоплен", "сбереж", "бюджет", "цел",
                               "налог", "процент", "счет", "деньг", "денег", "schulden", "darlehen", "hypothek", "ersparn", "ziel", "steuer",
                               "zins", "konto", "geld"]
    /// Words (their beginnings) that name no thing a purchase could be searched for by: generic
    /// things, pronouns, spans of time.
    static let genericThings = ["stuff", "thing", "everything", "anything", "something", "nothing", "them", "those", "these", "myself", "ourselves",
                                "average", "once", "one", "all", "всё", "все", "всяк", "ерунд", "хрен", "фигн", "меня", "тебя", "нас", "себя", "него",
                                "alles", "sachen", "zeug", "ding", "raten", "total", "zusammen", "mich", "uns", "period", "период", "zeitraum", "time",
                                "время", "use", "get", "make", "keep", "stop", "start"]

    /// c, q and ck as k.
    static func hard(_ word: String) -> String {
        var out = ""
        var previous: Character?
        for character in word {
            // "ck": the c is dropped when a k follows it; every other c and q is a k.
            if previous == "c", character == "k" { out.removeLast() }
            out.append(character == "c" || character == "q" ? "k" : character)
            previous = character
        }
        return out
    }

    static func isCyrillic(_ word: String) -> Bool { word.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }

    /// A Russian word without its case ending (the longest of the common ones, three letters or more kept).
    static func russianStem(_ word: String) -> String {
        for ending in ["ами", "ями", "ого", "его", "ому", "ему", "ой", "ей", "ою", "ею", "ом", "ем", "ам", "ям", "ах", "ях", "ы", "и", "е", "у", "ю", "а", "я", "о"]
        where word.hasSuffix(ending) && word.count - ending.count >= 3 {
            return String(word.dropLast(ending.count))
        }
        return word
    }

    /// The words of `names` (3+ letters, not all digits) as `readMerchant` matches them: each
    /// word once, as it is first spelt (a household's thousands of names and payees share few
    /// words: each is folded, read in Latin and by its sounds once), with the words that follow it.
    static func words(of names: [String]) -> [MerchantWord] {
        var tokens: [MerchantWord] = []
        var index: [Substring: Int] = [:]
        var skipped = Set<Substring>()
        var pairs = Set<[Substring]>()
        for name in names {
            let pieces = wordPieces(name)
            for (i, original) in pieces.enumerated() where !skipped.contains(original) {
                let at: Int
                if let known = index[original] {
                    at = known
                } else {
                    // One word: normalised as " word " (or " a b " when it held other characters).
                    let folded = String(AdvisorRouter.normalise(String(original)).dropFirst().dropLast())
                    guard folded.count >= 3, !folded.allSatisfy(\.isNumber), !genericPayeeWords.contains(folded) else {
                        skipped.insert(original)
                        continue
                    }
                    let latin = transliterated(folded)
                    tokens.append(MerchantWord(folded: folded, original: String(original), latin: latin, sound: skeleton(folded),
                                               latinSound: skeleton(latin), hard: hard(folded),
                                               german: transliterated(String(original).lowercased(), as: .german)))
                    at = tokens.count - 1
                    index[original] = at
                }
                // The next word, when one space is all between them ("Uber Eats", not "UBER *EATS").
                guard i + 1 < pieces.count, name[original.endIndex..<pieces[i + 1].startIndex] == " ",
                      pairs.insert([original, pieces[i + 1]]).inserted else { continue }
                let following = pieces[i + 1]
                let folded = index[following].map { tokens[$0].folded } ?? String(AdvisorRouter.normalise(String(following)).dropFirst().dropLast())
                tokens[at].next.append((folded, String(following)))
            }
        }
        return tokens
    }

    /// `name` cut into its runs of letters, digits, "/" and "-" (ASCII read at once, the rest
    /// by `Character.isLetter` and `isNumber`).
    static func wordPieces(_ name: String) -> [Substring] {
        name.split { character in
            if let ascii = character.asciiValue {
                return !((ascii >= 97 && ascii <= 122) || (ascii >= 65 && ascii <= 90) || (ascii >= 48 && ascii <= 57) || ascii == 47 || ascii == 45)
            }
            return !(character.isLetter || character.isNumber)
        }
    }

    /// Words bank payees share that name no merchant ("STARBUCKS STORE 1234", "WHOLEFDS MKT"):
    /// "the pet store" is no Starbucks.
    static let genericPayeeWords: Set<String> = ["store", "shop", "market", "mkt", "online", "pending", "payment", "help", "www", "com", "trip",
                                                 "inc", "ltd", "llc", "corp", "pos", "purchase", "card", "магазин", "оплата", "покупка"]

    /// How Cyrillic letters are read in Latin: by `latinLetters` (ГОСТ-like), as an English name
    /// is heard in Russian (х as h, a first ю as u: «хулу» → hulu), or as German spells Russian
    /// names (ш sch, ц z, ч tsch, ж sch, в w, й j, х ch, ё jo, ю ju, я ja: Шоколадница → schokoladniza,
    /// Пятёрочка → pjatjorotschka).
    public enum Reading: Sendable { case letters, heard, german }

    /// Cyrillic letters read as Latin (ГОСТ-like: ж zh, х kh, ц ts, ч ch, ш sh, щ sch, ю yu, я ya), or as `reading` says.
    public static func transliterated(_ word: String, as reading: Reading = .letters) -> String {
        var out = ""
        for (i, character) in word.enumerated() {
            if reading == .heard, character == "х" || (character == "ю" && i == 0) { out += character == "х" ? "h" : "u"; continue }
            if reading == .german, let german = germanLetters[character] { out += german; continue }
            if let latin = latinLetters[character] { out += latin } else { out.append(character) }
        }
        return out
    }

    private static let germanLetters: [Character: String] = [
        "ё": "jo", "ж": "sch", "з": "s", "в": "w", "й": "j", "х": "ch", "ц": "z", "ч": "tsch", "ш": "sch", "щ": "schtsch", "ю": "ju", "я": "ja",
    ]

    private static let latinLetters: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z", "и": "i", "й": "y", "к": "k", "л": "l",
        "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
        "ш": "sh", "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    ]

    /// A word's consonants as heard: vowels, y, h and w dropped, c/q as k but c before e, i, y as s
    /// ("Freelance" as «фриланс»), doubled letters once.
    static func skeleton(_ word: String) -> String {
        var out = ""
        let letters = Array(word)
        for (i, character) in letters.enumerated() {
            guard !"aeiouyhw".contains(character) else { continue }
            let soft = character == "c" && i + 1 < letters.count && "eiy".contains(letters[i + 1])
            let sound: Character = soft ? "s" : "cq".contains(character) ? "k" : character
            if out.last != sound { out.append(sound) }
        }
        return out
    }
}
