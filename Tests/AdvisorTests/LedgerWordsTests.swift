import Engine
import Testing
@testable import Advisor

/// The words ledger questions are read with (Sources/Advisor/LedgerWords.swift): typos of cue
/// words, terse questions, short category typos, synonym groups for a household's own categories.
@Suite("Ledger question words")
struct LedgerWordsTests {
    static func read(_ question: String, language: Language = .en) -> LedgerQuestion? {
        LedgerQuestionReader.read(question, today: LedgerQuestionTests.today, language: language, vocabulary: LedgerQuestionTests.withAccounts)
    }

    @Test("a misspelt cue word is put right; a merchant's word, a cue's inflection and a month are kept")
    func corrected() {
        #expect(LedgerQuestionReader.corrected(["spnd", "yesterdy", "mnth", "tims", "avrage", "bigest"])
            == ["spend", "yesterday", "month", "times", "average", "biggest"])
        #expect(LedgerQuestionReader.corrected(["charged", "прошлым", "самый", "octobr", "hulu"], keep: ["hulu"])
            == ["charged", "прошлым", "самый", "octobr", "hulu"])
    }

    @Test("«сколько» typed any way is «сколько»; words that only look like it are kept")
    func howMuch() throws {
        for word in ["сколько", "скоко", "скока", "скок", "сколко", "скокло", "скольки", "склько", "скилько"] {
            #expect(LedgerQuestionReader.isHowMuch(word), "\(word)")
        }
        for word in ["скука", "скала", "скол", "склад", "скидка", "скакал", "скилл", "столик", "ско"] {
            #expect(!LedgerQuestionReader.isHowMuch(word), "\(word)")
        }
        let income = try #require(Self.read("скоко заработал в октябре", language: .ru))
        #expect(income.income && income.period.name == .month(YearMonth(year: 2026, month: 10)!))
        let cost = try #require(Self.read("скокло стоили продукты в октябре", language: .ru))
        #expect(cost.category == "food" && cost.measure == .sum)
        #expect(try #require(Self.read("скока раз я был в пятерочке", language: .ru)).measure == .count)
        #expect(Self.read("скока еще нужно на отпуск", language: .ru) == nil)
    }

    @Test("typos: “how much did i spen on fod this month”, “how much did i spnd on transport last mnth”")
    func typos() throws {
        let fod = try #require(Self.read("how much did i spen on fod this month"))
        #expect(fod.category == "food" && fod.period.name == .thisMonth && fod.measure == .sum)
        let mnth = try #require(Self.read("how much did i spnd on transport last mnth"))
        #expect(mnth.category == "transport" && mnth.period.name == .lastMonth)
        #expect(try #require(Self.read("how many tims did i go to starbucks")).measure == .count)
        // "tax" is a money word, never "taxi"; "und" is not "Hund".
        #expect(Self.read("how much tax did i pay in october")?.category == nil)
    }

    @Test("terse questions: a category or merchant and a period with filler words only is a sum; anything else is not read")
    func terse() throws {
        let food = try #require(Self.read("food oct?"))
        #expect(food.category == "food" && food.period.name == .month(YearMonth(year: 2026, month: 10)!) && food.measure == .sum)
        let uber = try #require(Self.read("uber last month"))
        #expect(uber.merchant == "Uber" && uber.period.name == .lastMonth)
        let ru = try #require(Self.read("еда октябрь?", language: .ru))
        #expect(ru.category == "food")
        for question in ["what bills are due next week", "food limit", "how big should my emergency fund be", "last month?"] {
            #expect(Self.read(question) == nil, "\(question)")
        }
        #expect(LedgerQuestionReader.mayBeLedger("food oct?"))
    }

    @Test("a category of the household's own goes by its synonym group's words: coffee → «Кафе», «кота» → Pets")
    func synonyms() throws {
        var words = LedgerQuestionTests.withAccounts
        words.categories.append((key: "custom-2", names: ["Pets"]))
        let coffee = try #require(LedgerQuestionReader.read("how much did i spend on coffee last month", today: LedgerQuestionTests.today,
                                                            language: .en, vocabulary: words))
        #expect(coffee.category == "custom-1")
        let cat = try #require(LedgerQuestionReader.read("сколько потратила на кота в сентябре", today: LedgerQuestionTests.today,
                                                         language: .ru, vocabulary: words))
        #expect(cat.category == "custom-2")
        #expect(LedgerQuestionReader.categoryStems(key: "custom-9", names: ["Кафе"]).contains("coffee"))
        #expect(!LedgerQuestionReader.categoryStems(key: "custom-9", names: ["Books"]).contains("coffee"))
    }

    @Test("German as people write about money: verbs, umlauts typed as ae/oe/ue, compounds, wie hoch, more periods")
    func german() throws {
        for (question, measure, category, from, through) in [
            ("wie viel habe ich im oktober verbraucht", LedgerQuestion.Measure.sum, nil as String?, "2026-10-01", "2026-10-31"),
            ("wie viel ist im oktober für essen draufgegangen", .sum, "food", "2026-10-01", "2026-10-31"),
            ("wie viel habe ich im oktober für lebensmittel gezahlt", .sum, "food", "2026-10-01", "2026-10-31"),
            ("groesste ausgabe im oktober", .largest, nil, "2026-10-01", "2026-10-31"),
            ("hoechste ausgabe im september", .largest, nil, "2026-09-01", "2026-09-30"),
            ("ausgaben fuer lebensmittel im maerz", .sum, "food", "2026-03-01", "2026-03-31"),
            ("wie hoch waren meine lebensmittelausgaben im oktober", .sum, "food", "2026-10-01", "2026-10-31"),
            ("wie hoch waren die taxikosten im oktober", .sum, "transport", "2026-10-01", "2026-10-31"),
            ("abokosten im oktober", .sum, "subscriptions", "2026-10-01", "2026-10-31"),
            ("anzahl der einkäufe im oktober", .count, nil, "2026-10-01", "2026-10-31"),
            ("wie viel habe ich vergangenen monat ausgegeben", .sum, nil, "2026-10-01", "2026-10-31"),
            ("wie viel habe ich seit anfang des monats ausgegeben", .sum, nil, "2026-11-01", "2026-11-21"),
            ("wie viel habe ich im oktobr ausgegeben", .sum, nil, "2026-10-01", "2026-10-31"),
            ("welcher war mein teuerster einkauf", .largest, nil, "2026-11-01", "2026-11-21"),
        ] {
            let read = try #require(Self.read(question, language: .de), "\(question)")
            #expect(read.measure == measure && read.category == category, "\(question)")
            #expect([read.period.from, read.period.through] == LedgerQuestionTests.days(from, through), "\(question)")
        }
        #expect(LedgerQuestionReader.compoundsCut(["essensausgaben", "nebenkosten", "oktober"]) == ["essen", "ausgaben", "nebenkosten", "oktober"])
        #expect(LedgerQuestionReader.spellings(["größt"]) == ["größt", "groesst", "grosst", "großt"])
        // A cue word's inflection is not a typo of it ("monats" stays, so "seit anfang des monats" is read).
        #expect(LedgerQuestionReader.corrected(["monats", "weeks"]) == ["monats", "weeks"])
        // A measure alone is a ledger question only about purchases ("what is the average savings rate" is not).
        #expect(Self.read("what is a good average savings rate") == nil)
    }

    @Test("families from the fifth batch: going through money, what is left of a limit, hyphenated words, a doubled letter, definitions, cancelling words")
    func fifthBatchFamilies() throws {
        #expect(try #require(Self.read("how much did i go thru since payday")).period.name == .sincePayday)
        #expect(try #require(Self.read("how much did we burn through on groceries last month")).category == "food")
        #expect(try #require(Self.read("сколько осталось в бюджете на продукты в этом месяце", language: .ru)).comparison == .plan)
        #expect(try #require(Self.read("wie viel ist vom Lebensmittelbudget diesen Monat noch übrig", language: .de)).comparison == .plan)
        #expect(try #require(Self.read("укладываюсь ли я в лимит на кафе в этом месяце", language: .ru)).comparison == .plan)
        let hyphen = try #require(Self.read("Ausgaben mit der Visa-Karte im Oktober", language: .de))
        #expect(hyphen.account == 2)
        #expect(LedgerQuestionReader.compoundsCut(["uber-fahrt", "5-го", "кол-во", "twenty-first"]) == ["uber", "fahrt", "5-го", "кол-во", "twenty-first"])
        #expect(try #require(Self.read("Abbos im Oktober", language: .de)).category == "subscriptions")
        #expect(try #require(Self.read("transport this month vs last month")).comparison != nil)
        #expect(Self.read("what does safe to spend mean") == nil && !LedgerQuestionReader.asksSafeToSpend("what does safe to spend mean"))
        #expect(!LedgerQuestionReader.asksSpendingVaguely("what does safe to spend mean"))
        #expect(LedgerQuestionReader.asksSafeToSpend("what can i still afford to spend today"))
        #expect(LedgerQuestionReader.asksAboutSubscriptions("should i ditch spotify or hulu"))
        #expect(LedgerQuestionReader.asksAboutSubscriptions("что лучше отключить spotify или hulu"))
    }

    @Test("the longest category word wins; slang verbs; a long terse question; a merchant's compound and short typo")
    func gridFamilies() throws {
        var household = LedgerQuestionTests.withAccounts
        household.categories += [(key: "custom-2", names: ["Pets"])]
        household.merchants += ["Petco"]
        func read(_ question: String, _ language: Language = .en) throws -> LedgerQuestion {
            try #require(LedgerQuestionReader.read(question, today: LedgerQuestionTests.today, language: language, vocabulary: household), "\(question)")
        }
        #expect(try read("how much did i spend on petrol in september").category == "transport")
        #expect(try read("how much did i spend on pet food last month").category == "custom-2")
        #expect(try read("how much did i spend eating out in october").category == "custom-1")
        #expect(try read("how much did i spend on eating in october").category == "food")
        #expect(try read("how many transactions this month").category == nil)
        #expect(try read("Ausgaben diese Woche im Vergleich zur letzten Woche", .de).category == nil)
        for verb in ["shell out for", "fork out on", "splurge on", "waste on", "dish out for", "rack up on", "put toward", "cough up for"] {
            let question = try read("how much did i \(verb) groceries last wk")
            #expect(question.category == "food" && question.period.name == .lastWeek, "\(verb)")
        }
        #expect(try read("how much was food in the past 30 days").category == "food")
        let total = try read("what's my food total since the 1st")
        #expect(total.category == "food" && [total.period.from, total.period.through] == LedgerQuestionTests.days("2026-11-01", "2026-11-21"))
        let compound = try read("wie viel habe ich im oktober für uberfahrten bezahlt", .de)
        #expect(compound.category == "transport" && compound.merchant == "Uber")
        #expect(try read("how much did i spend on ubr in oct").merchant == "Uber")
        #expect(try read("how many times did i eat at cafes").merchant == nil)
        #expect(try read("sag mal, wie viel ist diesen monat für kaffee draufgegangen", .de).measure == .sum)
        let more = try read("how much more did i spend on groceries in october than in september")
        #expect(more.category == "food" && more.comparison == .period(LedgerQuestion.Period(name: .month(YearMonth(year: 2026, month: 9)!),
                                                                                              from: Day(iso: "2026-09-01")!, through: Day(iso: "2026-09-30")!)))
        #expect(try read("was coffee more expensive in october than september").comparison != nil)
        #expect(try read("how am i doing against my food budget").comparison == .plan)
        #expect(try read("total income for september").income)
        #expect(LedgerQuestionReader.read("tips to cut grocery spending", today: LedgerQuestionTests.today, language: .en, vocabulary: household) == nil)
        let uber = try read("сколько я потратил на uber 3 октября", .ru)
        #expect(uber.merchant == "Uber" && [uber.period.from, uber.period.through] == LedgerQuestionTests.days("2026-10-03", "2026-10-03"))
    }

    @Test("families from the seventh stop: separable “geben … aus”, German paying verbs, events counted, more rides, “wie häufig”, “am meisten gekostet”")
    func seventhFamilies() throws {
        var household = LedgerQuestionTests.withAccounts
        household.merchants += ["ACME Payroll"]
        func read(_ question: String, _ language: Language = .de) throws -> LedgerQuestion {
            try #require(LedgerQuestionReader.read(question, today: LedgerQuestionTests.today, language: language, vocabulary: household), "\(question)")
        }
        #expect(LedgerQuestionReader.separableSpend(["wie", "viel", "geb", "ich", "für", "sprit", "aus"]) == [2, 6])
        #expect(LedgerQuestionReader.separableSpend(["geb", "mir", "tipps"]) == nil)
        for question in ["wie viel geb ich diesen monat für sprit aus", "was hab ich letzte woche für sprit verbraten", "wie viel musste ich für sprit blechen",
                         "wie viel hab ich diese woche in sprit gesteckt", "wieviel ist diesen monat für sprit weg", "was zahl ich diesen monat für sprit"] {
            #expect(try read(question).category == "transport", "\(question)")
        }
        #expect(try read("zeig mir meine ausgaben für einkaufen diesen monat").category == "food")
        #expect(try read("meine tankkosten dieses jahr").category == "transport")
        #expect(try read("wie häufig war ich im oktober bei starbucks").measure == .count)
        #expect(try read("wieviele einkäufe bei starbucks im oktober").measure == .count)
        #expect(try read("was hat im oktober am meisten gekostet").measure == .largest)
        #expect(try read("wie viel im mittel bei starbucks im oktober").measure == .average)
        #expect(try read("uber rides this month compared to october", .en).measure == .count)
        #expect(try read("how much on rides last month", .en).measure == .sum)
        #expect(try read("did i take more uber rides this month than last month", .en).measure == .count)
        #expect(try read("did i spend more on uber rides this month than last month", .en).measure == .sum)
        #expect(try read("war ich diesen monat öfter bei starbucks als letzten monat").measure == .count)
        #expect(try read("wie viel gehalt hat acme dieses jahr überwiesen").income)
        #expect(try read("wie viel hab ich seit ich gehalt bekommen hab ausgegeben").period.name == .sincePayday)
        #expect(try read("was kam im oktober rein").income)
        #expect(try read("starbucks visits since payday", .en).measure == .count)
        #expect(try read("rides bill in october", .en).measure == .sum)
        #expect(try read("whats the tally for groceries last month", .en).category == "food")
        #expect(try read("how many payments did i get for october", .en).income)
        #expect(try read("wie steh ich beim kaffeebudget").comparison == .plan)
        #expect(try read("wie viel kann ich diesen monat noch für lebensmittel ausgeben").comparison == .plan)
        // From batch 7's tuning misses: prices of two names compared, a day's budget, the last money in, a limit's standing.
        #expect(LedgerQuestionReader.comparesPrices("welches abo ist teurer, spotify oder hulu") && !LedgerQuestionReader.comparesPrices("did i spend more at starbucks, compared"))
        #expect(LedgerQuestionReader.subscriptionMerchants("spotify und hulu vergleichen", vocabulary: household) == ["Spotify", "Hulu"])
        #expect(LedgerQuestionReader.subscriptionMerchants("starbucks im vergleich zum letzten monat", vocabulary: household).isEmpty)
        #expect(LedgerQuestionReader.asksSafeToSpend("mein tagesbudget heute") && LedgerQuestionReader.asksSafeToSpend("how much would be safe for me to spend today"))
        #expect(try read("сколько я потратил с последнего поступления", .ru).period.name == .sincePayday)
        #expect(try read("как там с бюджетом на кафе", .ru).comparison == .plan)
        #expect(try read("wie viel in der letzten woche").period.name == .lastWeek)
        #expect(try read("how much did we spend on the shopping last month", .en).category == "food")
        for question in ["bin ich beim kaffee im rahmen", "reicht mein kaffeebudget noch", "wie sieht mein kaffeebudget aus", "wie viel ist noch im kaffeetopf",
                         "hab ich beim kaffee das limit gerissen"] {
            #expect(try read(question).comparison == .plan, "\(question)")
        }
        #expect(LedgerQuestionReader.subscriptionMerchants("brauche ich hulu und spotify beide", vocabulary: household) == ["Hulu", "Spotify"])
        #expect(LedgerQuestionReader.asksSafeToSpend("wie viel steht mir heute zur verfügung") && LedgerQuestionReader.asksSafeToSpend("wie viel ist heute drin"))
        #expect(try read("не вышел ли я за лимит на кафе", .ru).comparison == .plan && read("is my food budget ok", .en).comparison == .plan)
        #expect(LedgerQuestionReader.subscriptionMerchants("keep spotify or hulu?", vocabulary: household) == ["Spotify", "Hulu"])
        #expect(LedgerQuestionReader.asksSafeToSpend("how much wiggle room do i have today") && LedgerQuestionReader.asksSafeToSpend("сколько свободных денег сегодня"))
        #expect(LedgerQuestionReader.read("wie kann ich beim einkaufen sparen", today: LedgerQuestionTests.today, language: .de, vocabulary: household) == nil)
        #expect(LedgerQuestionReader.asksAboutSubscriptions("lohnt sich spotify noch") && LedgerQuestionReader.asksAboutSubscriptions("hulu oder spotify was soll weg"))
        #expect(LedgerQuestionReader.asksAboutSubscriptions("spotify or hulu, which one should i drop"))
        #expect(!LedgerQuestionReader.asksAboutSubscriptions("how much did i drop at starbucks"))
    }
}
