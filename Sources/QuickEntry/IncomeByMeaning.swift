// Income by meaning: families of words that bring money in (interest, cashback, refunds,
// dividends, pay, freelance work, selling something, benefits, winnings) and money from a
// person (“от мамы”, “мама перевела”, "mom sent", "from grandma"), in both languages.
// docs/engine-rules.md, "Quick entry in plain words".

extension Lexicon {
    /// Stems of money coming in, by family (matched as stems, never as typos).
    static let incomeFamilies = makeIncomeFamilies()
    @_optimize(none) // a table built once: see the note at the top of Lexicon.swift
    private static func makeIncomeFamilies() -> [String: [String]] { [
        "interest": ["процент", "капитализац", "interest", "apy"],
        "cashback": ["кэшбэк", "кешбэк", "кэшбек", "кешбек", "кэшбак", "кешбак", "cashback", "cash back", "cash-back", "rewards",
                     "reward points", "баллы спасибо"],
        "refund": ["возврат", "вернули", "вернул мне", "вернула мне", "возмещени", "компенсац", "refund", "reimburs",
                   "rebate", "chargeback", "money back", "returned"],
        "dividends": ["дивиденд", "дивы", "дивов", "купон", "купоны", "dividend", "divs", "coupon payment"],
        "pay": ["зарплат", "зарпл", "зп", "аванс", "получк", "оклад", "премия", "премию", "премии", "премиальн", "бонус",
                "отпускн", "больничн", "декретн", "командировочн", "суточн", "расчет при увольнении", "выходное пособие",
                "salary", "paycheck", "payday", "payroll", "wage", "wages", "bonus", "overtime", "per diem", "severance",
                "direct deposit", "commission check"],
        "benefits": ["пенси", "стипенди", "стипух", "пособи", "субсиди", "вычет", "материнск", "детские", "грант", "pension",
                     "stipend", "scholarship", "benefits", "unemployment", "social security", "child benefit", "grant",
                     "stimulus", "tax refund", "tax return"],
        "work": ["фриланс", "гонорар", "подработк", "халтур", "шабашк", "калым", "заказчик", "выручк", "прибыл", "доход",
                 "freelance", "upwork", "fiverr", "side gig", "side hustle", "gig money", "invoice paid", "client paid",
                 "royalt", "earnings", "earned", "income", "profit", "revenue", "client payment", "in tips", "tips earned"],
        "sold": ["продал", "продала", "продали", "продажа", "продажи", "продаж", "sold", "sale of", "resold", "marketplace sale",
                 "ebay sale", "etsy sale", "etsy sales", "garage sale", "yard sale", "sold on"],
        "rent in": ["жилец", "жильц", "квартирант", "арендатор", "сдал квартиру", "сдала квартиру", "сдали квартиру",
                    "сдал комнату", "сдала комнату", "сдача квартиры", "за сдачу", "tenant", "rental income", "rent from"],
        "won": ["выигр", "выйгр", "приз", "нашел", "нашла", "found", "lottery win", "prize", "winnings", "won", "jackpot"],
        "received": ["получил", "получила", "пришл", "поступ", "зачисл", "начислил", "received", "got paid", "deposit from",
                     "birthday money", "деньги на др", "деньги на день рождения"],
    ] }

    /// Words that make an interest or payout word money going out ("проценты по кредиту").
    static let outgoingContext = ["кредит", "ипотек", "займ", "заем", "микрозайм", "рассрочк", "долг", "просрочк", "штраф",
                                  "loan", "credit", "mortgage", "overdraft", "late", "penalty", "debt", "fee"]
    /// Families the outgoing context turns around.
    static let turnedByContext: Set<String> = ["interest", "dividends"]

    /// People money comes from, by case: who does it (nominative), from whom (genitive after
    /// «от»), and to whom (dative: money sent, an expense).
    static let peopleWho = payers + ["мама", "папа", "мать", "отец", "брат", "сестра", "сестренка", "братишка", "муж", "жена", "сын",
                            "дочь", "дочка", "бабушка", "бабуля", "дедушка", "дед", "тетя", "дядя", "друг", "подруга", "коллега",
                            "сосед", "соседка", "родители", "свекровь", "теща", "тесть", "кум", "кума", "крестная", "крестный",
                            "mom", "mum", "mother", "dad", "father", "parents", "grandma", "grandpa", "granny", "nana",
                            "brother", "bro", "sister", "sis", "wife", "husband", "son", "daughter", "friend", "buddy",
                            "roommate", "aunt", "uncle", "cousin", "neighbor", "neighbour",
                            "coworker", "colleague", "boyfriend", "girlfriend"]
    static let peopleFrom = ["мамы", "папы", "матери", "отца", "брата", "сестры", "мужа", "жены", "сына", "дочери", "дочки",
                             "бабушки", "бабули", "дедушки", "деда", "тети", "дяди", "друга", "друзей", "подруги", "коллеги",
                             "коллег", "соседа", "соседки", "родителей", "свекрови", "тещи", "тестя", "начальника", "шефа",
                             "клиента", "клиентов", "заказчика", "работодателя", "кума", "кумы", "крестной", "крестного",
                             "работы", "государства", "банка"]
    /// Verbs of giving or sending money, past tense (the giver is the subject).
    static let givingVerbs = ["перевел", "перевела", "перевели", "скинул", "скинула", "скинули", "кинул", "кинула", "закинул",
                              "закинула", "подкинул", "подкинула", "подкинули", "выслал", "выслала", "прислал", "прислала", "прислали", "дал", "дала", "дали", "вернул", "вернула",
                              "вернули", "подарил", "подарила", "подарили", "отправил", "отправила", "занес", "занесла", "отдал",
                              "отдала", "одолжил", "одолжила", "sent", "gave", "venmoed", "zelled", "transferred", "wired", "returned", "repaid",
                              "reimbursed", "lent", "tipped", "gifted", "venmo'd", "zelled", "zelle'd", "cashapped", "paypaled"]

    /// Verbs of paying: money in only when the payer is someone one works for («клиент
    /// оплатил», "client paid"), since «жена оплатила продукты» is the household's own spending.
    static let payingVerbs = ["оплатил", "оплатила", "оплатили", "заплатил", "заплатила", "заплатили", "paid", "payed"]
    static let payers = ["клиент", "заказчик", "работодатель", "начальник", "шеф", "жилец", "квартирант", "арендатор",
                         "client", "customer", "employer", "boss", "tenant", "roommate", "roomie", "flatmate"]

    /// The English words for "from".
    static let fromWords = ["from", "frm"]
}

extension Reading {
    /// Income read from the meaning of the words, or nil: a family word (not turned around by
    /// a loan or fee word), a person before a giving verb ("мама перевела", "mom sent"), or
    /// «от»/"from" before a person ("от брата", "from grandma"). A person after the verb in the
    /// dative ("перевел маме") or as the object ("sent mom") is money sent: not income.
    func incomeByMeaning() -> (phrase: String, family: String)? {
        let words = tokens.indices.filter { tokens[$0].kind == .word && !tokens[$0].used }
        let texts = words.map { tokens[$0].text }
        let joined = " " + texts.joined(separator: " ") + " "
        let outgoing = texts.contains { w in Lexicon.outgoingContext.contains { $0.count <= 4 ? w == $0 || w.hasPrefix($0) && w.count <= $0.count + 3 : w.hasPrefix($0) } }
            || Lexicon.spendingVerbs.contains { verb in texts.first.map { $0.hasPrefix(verb) } ?? false }
        for (family, stems) in Lexicon.incomeFamilies.sorted(by: { $0.key < $1.key }) {
            if outgoing && Lexicon.turnedByContext.contains(family) { continue }
            for stem in stems {
                if stem.contains(" ") {
                    if joined.contains(" " + stem + " ") || joined.contains(" " + stem) && stem.count >= 8 { return (stem, family) }
                } else if let hit = words.first(where: { Fuzzy.hasStem(tokens[$0].text, stem, typos: false) }) {
                    return (tokens[hit].original, family)
                }
            }
        }
        // Then one typo in a family word of six letters or more («процетны», "dividnd"), in a
        // word the lists and paying verbs do not know as it is.
        for (family, stems) in Lexicon.incomeFamilies.sorted(by: { $0.key < $1.key }) {
            if outgoing && Lexicon.turnedByContext.contains(family) { continue }
            for stem in stems where !stem.contains(" ") && stem.count >= 6 {
                if let hit = words.first(where: { Fuzzy.hasStem(tokens[$0].text, stem) && !Lexicon.knownAsItIs(tokens[$0].text) }) {
                    return (tokens[hit].original, family)
                }
            }
        }
        for (position, i) in words.enumerated() {
            let w = tokens[i].text
            // «от мамы», "from grandma", "from Anna" (a name written with a capital).
            if w == "от" || Lexicon.fromWords.contains(w), position + 1 < words.count {
                let next = tokens[words[position + 1]]
                // A name: written with a capital and not a word the lists know.
                let name = next.original.first?.isUppercase == true
                    && !Lexicon.singleWordCategories.contains { $0.1.contains { Fuzzy.hasStem(next.text, $0, typos: false) } }
                if Lexicon.peopleFrom.contains(next.text) || Lexicon.peopleWho.contains(next.text) && next.text.allSatisfy(\.isASCII) || name {
                    return ("\(tokens[i].original) \(next.original)", "person")
                }
            }
            // A giving verb followed by «мне»/"me": "jake venmo'd me", «вернула мне».
            if Lexicon.givingVerbs.contains(w), position + 1 < words.count, ["мне", "нам", "me", "us"].contains(tokens[words[position + 1]].text) {
                return ("\(tokens[i].original) \(tokens[words[position + 1]].original)", "person")
            }
            // «мама перевела», «Оля скинула», "mom sent": a person (a family word, or a name written
            // with a capital that no list knows and, in Russian, not in the dative: «Оле», «Диме»),
            // then (perhaps after «мне»/"me") a giving verb.
            if Lexicon.peopleWho.contains(w) || isName(i) {
                var j = position + 1
                if j < words.count, ["мне", "нам", "me", "us"].contains(tokens[words[j]].text) { j += 1 }
                if j < words.count, Lexicon.givingVerbs.contains(tokens[words[j]].text)
                    || j < words.count && Lexicon.payingVerbs.contains(tokens[words[j]].text) && Lexicon.payers.contains(w) {
                    return ("\(tokens[i].original) \(tokens[words[j]].original)", "person")
                }
                // «перевела мама»: the verb first, then the person in the nominative.
                if position > 0, Lexicon.givingVerbs.contains(tokens[words[position - 1]].text), w.contains(where: { !$0.isASCII }) {
                    return ("\(tokens[words[position - 1]].original) \(tokens[i].original)", "person")
                }
            }
        }
        return nil
    }
}

extension Reading {
    /// Whether token `i` looks like a person's name in the nominative: written with a capital,
    /// a word no list knows, and for a Russian word not ending like a dative («Оле», «Диме», «Ивану»).
    func isName(_ i: Int) -> Bool {
        let token = tokens[i]
        guard token.kind == .word, token.original.first?.isUppercase == true, token.text.count >= 3 else { return false }
        if token.text.contains(where: WordForms.isCyrillic), ["е", "у", "ю", "ам", "ям"].contains(where: { token.text.hasSuffix($0) }) {
            return false
        }
        return !Keyboard.knows(token.text) && !Lexicon.peopleFrom.contains(token.text)
    }
}
