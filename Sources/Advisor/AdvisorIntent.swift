import Engine
import Foundation

/// What a question is about: the built-in advisor's topics, "who are you", and anything
/// else (off-topic). The raw value is the advisor_request event's `topic`.
public enum AdvisorIntent: String, CaseIterable, Sendable {
    case whoAreYou, checkup, affordability, goals, taxes, debts, emergencyFund, insurance, investing, cutExpenses, budget
    case offTopic
    /// Topics the newer features brought (bills, limits, forecast, the Challenge, imports).
    case bills, limits, forecast, challenge, imports

    /// True for the personal-finance topics (answered and counted against the daily limit).
    public var isOnTopic: Bool { self != .offTopic && self != .whoAreYou }
}

/// How a question was routed: the intent, how sure the router is, and the runner-up.
public struct AdvisorRouting: Equatable, Sendable {
    public enum Method: String, Sendable { case identityRule, affordRule, keywordRule, noMoneyWords, classifier, unsure }
    public var intent: AdvisorIntent
    public var method: Method
    /// The classifier's posterior of the best on-topic candidate (1 for a certain rule).
    public var confidence: Double
    /// The best two candidates the classifier saw (for the clarifying answer when unsure).
    public var candidates: [AdvisorIntent]

    public init(intent: AdvisorIntent, method: Method, confidence: Double, candidates: [AdvisorIntent]) {
        self.intent = intent
        self.method = method
        self.confidence = confidence
        self.candidates = candidates
    }
}

/// Routes a question to an intent (docs/engine-rules.md, "Advisor routing"): rules where
/// rules are certain, a classifier trained on the labelled corpus for the rest.
///
/// 1. Identity and prompt-injection patterns ("who are you", "ignore your instructions…")
///    → who-are-you, whose answer is the masked one.
/// 2. An amount with an "afford" verb ("can I afford 300", «потяну ли 20к») → affordability.
/// 3. A keyword score of at least 4 that leads the next topic by at least 4 → that topic.
///    Rules are word prefixes ("invest" matches "investing"), or whole words when they end
///    in a space ("tax "); the text is lower-cased, `ё` read as `е`, punctuation a space.
/// 4. Otherwise the classifier (`AdvisorClassifier`); below `unsureBelow` posterior the
///    question is not given a wrong topic: it is answered with a clarifying question.
public enum AdvisorRouter {
    /// Below this posterior the classifier's best guess is not trusted.
    public static let unsureBelow = 0.3

    /// The intent of `question`.
    public static func intent(of question: String) -> AdvisorIntent { route(question).intent }

    /// The routing of `question` with its method and confidence.
    public static func route(_ question: String, classifier: AdvisorClassifier = .shared, tuning: Tuning = Tuning()) -> AdvisorRouting {
        let text = normalise(question)
        if isIdentityOrInjection(text) { return AdvisorRouting(intent: .whoAreYou, method: .identityRule, confidence: 1, candidates: [.whoAreYou]) }
        let scores = ruleScores(text)
        // The classifier runs at most once a question.
        var computed: [(intent: AdvisorIntent, probability: Double)]?
        func classified() -> [(intent: AdvisorIntent, probability: Double)] {
            if let computed { return computed }
            let result = classifier.posteriors(question)
            computed = result
            return result
        }
        if BankAmount.amount(in: question) != nil,
           affordVerbs.contains(where: { matches($0, in: text) })
            || (spendVerbs.contains(where: { matches($0, in: text) }) && AdvisorTone.isMonthly(question)) {
            return AdvisorRouting(intent: .affordability, method: .affordRule, confidence: 1, candidates: [.affordability])
        }
        let ranked = scores.filter { $0.intent != .whoAreYou }.enumerated()
            .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }.map(\.element)
        if let first = ranked.first, first.score >= tuning.keywordMinimum, first.score - (ranked.dropFirst().first?.score ?? 0) >= tuning.keywordMargin,
           tuning.classifierOverrides > 1 || classified().first.map({ $0.intent == first.intent || $0.probability < tuning.classifierOverrides }) ?? true {
            return AdvisorRouting(intent: first.intent, method: .keywordRule, confidence: 1, candidates: [first.intent])
        }
        let posteriors = classified()
        if tuning.moneyWordsRule, ranked.isEmpty, BankAmount.amount(in: question) == nil,
           !moneyWords.contains(where: { matches($0, in: text) }),
           posteriors.first.map({ $0.intent != .whoAreYou || $0.probability < tuning.unsureBelow }) ?? true,
           posteriors.first.map({ $0.intent == .offTopic || $0.probability < tuning.moneyWordsUnlessSure }) ?? true {
            // Not about money at all (an identity question the rules missed still goes to the classifier).
            return AdvisorRouting(intent: .offTopic, method: .noMoneyWords, confidence: 1, candidates: [.offTopic])
        }
        guard let best = posteriors.first else { return AdvisorRouting(intent: .offTopic, method: .unsure, confidence: 0, candidates: []) }
        let candidates = posteriors.prefix(2).map(\.intent)
        if best.probability < tuning.unsureBelow || (ranked.isEmpty && best.probability < tuning.noKeywordUnsureBelow) {
            return AdvisorRouting(intent: .offTopic, method: .unsure, confidence: best.probability, candidates: candidates)
        }
        return AdvisorRouting(intent: best.intent, method: .classifier, confidence: best.probability, candidates: candidates)
    }

    /// Word prefixes that make a question about money at all (rule 4's off-topic test).
    public static let moneyWords = """
        money,cash,spend,spent,save,saving,savings,budget,income,salary,pay,paid,bill,debt,loan,credit,afford,buy,bought,cost,price,\
        expens,invest,tax,insur,fund,goal,balance,account,bank,statement,subscri,limit,challenge,game,import,financ,dollar,rent,\
        mortgage,card,deposit,interest,payday,paycheck,broke,wealth,rich,cheap,purchase,owe,earn,retire,pension,stock,crypto,\
        bitcoin,price,fee,charge,overdraft,emergency,cushion,reserve,afford,splurge,treat myself,advice,advise,finances,numbers,\
        деньг,денег,деньжат,трат,потрат,копи,коплю,накоп,отклад,сбереж,доход,зарплат,получк,аванс,плат,счет,счета,долг,кредит,займ,\
        заем,ипотек,бюджет,расход,инвест,вклад,налог,страх,подушк,цел,баланс,остат,банк,выписк,подписк,лимит,челлендж,игр,импорт,\
        финанс,рубл,тысяч,куп,покуп,дорог,дешев,сэконом,эконом,минус,карт,процент,пенси,акци,дивиденд,заработ,зарабатыва,стоит,\
        стоимость,цен,оплат,списан,совет,консульт,бедн,богат,нищ,мели,хватит,хватает,потян,позвол,мои данные,рекомендац,\
        tight,my data,my numbers,мои цифры,туго,\
        surplus,deficit,cashflow,wallet,finans,financial,paycheque,wage,net worth,refund,deduct,receipt,netflix,spotify,gym,membership,\
        premium,coverage,deductible,brokerage,bond,etf,401k,ira ,roth,refinanc,overspend,leak,checkup,check-up,audit,\
        подпис,остан,взнос,проверк,чекап,разбор,кошел,профицит,дефицит,зп ,связь,коммуналк,жкх,ндфл,вычет,осаго,каско,франшиз,\
        рассрочк,брокер,облигац,иис ,транжир,переплач,утека,зарплат,аренд,ренту,отпуск,прожив,денеж
        """.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.filter { !$0.isEmpty }
        + germanMoneyWords

    /// Verbs that make a question with an amount an affordability question.
    private static let affordVerbs = ["afford", "can i buy", "can we buy", "could i buy", "позвол", "потян", "по карману", "осил", "вытян",
                                      "могу ли я купить", "можно ли купить", "можно мне купить",
                                      "можно я потрачу", "норм ли купить", "нормально ли купить", "should i splurge", "can i splurge"]
        + germanAffordVerbs
    /// Spending verbs that make a question with a monthly amount an affordability question.
    private static let spendVerbs = ["can i spend", "can we spend", "ok to spend", "okay to spend", "можно ли тратить", "могу ли я тратить",
                                     "можно ли мне тратить", "можно тратить"] + germanSpendVerbs

    /// The router's thresholds (chosen by cross-validation on the training set only).
    public struct Tuning: Sendable {
        public var keywordMinimum = 2
        public var keywordMargin = 1
        /// With no keyword at all, the classifier must be at least this sure (off-topic otherwise).
        public var noKeywordUnsureBelow = 0.0
        /// No keyword, no amount and no money word at all: off-topic without asking the classifier.
        public var moneyWordsRule = true
        /// …unless the classifier is at least this sure of a topic (no money word does not make
        /// "am I on the right track?" off-topic when the corpus says otherwise).
        public var moneyWordsUnlessSure = 0.6
        public var unsureBelow = AdvisorRouter.unsureBelow
        /// A keyword verdict gives way to a classifier at least this sure of another topic (above 1: never).
        public var classifierOverrides = 0.75

        /// The thresholds in use (each the default above).
        public init() {}
    }

    /// Each intent's keyword score over a normalised text, in `AdvisorIntent.allCases` order
    /// (intents without rules or without a match left out). Each rule counts once.
    public static func ruleScores(_ text: String) -> [(intent: AdvisorIntent, score: Int)] {
        let scores = matcher.scores(Array(text.utf8))
        return AdvisorIntent.allCases.enumerated().compactMap { scores[$0.offset] > 0 ? ($0.element, scores[$0.offset]) : nil }
    }

    /// The rules indexed by their first two UTF-8 bytes, matched at each word start.
    private struct Matcher {
        var groups: [UInt16: [(bytes: [UInt8], intent: Int, weight: Int, id: Int)]] = [:]
        var count = 0

        init(_ rules: [AdvisorIntent: [Rule]]) {
            for (offset, intent) in AdvisorIntent.allCases.enumerated() {
                for rule in rules[intent, default: []] {
                    let bytes = Array(rule.stem.utf8)
                    guard bytes.count >= 2 else { continue }
                    groups[UInt16(bytes[0]) << 8 | UInt16(bytes[1]), default: []].append((bytes, offset, rule.weight, count))
                    count += 1
                }
            }
        }

        /// Scores by `AdvisorIntent.allCases` offset of a normalised text's UTF-8 bytes.
        func scores(_ text: [UInt8]) -> [Int] {
            var scores = [Int](repeating: 0, count: AdvisorIntent.allCases.count)
            var matched = [Bool](repeating: false, count: count)
            var i = 0
            while i + 2 < text.count {
                if text[i] == 0x20, let group = groups[UInt16(text[i + 1]) << 8 | UInt16(text[i + 2])] {
                    for rule in group where !matched[rule.id] && i + rule.bytes.count < text.count {
                        var equal = true
                        for k in 0..<rule.bytes.count where text[i + 1 + k] != rule.bytes[k] { equal = false; break }
                        if equal { matched[rule.id] = true; scores[rule.intent] += rule.weight }
                    }
                }
                i += 1
            }
            return scores
        }
    }

    private static let matcher = Matcher(rules.merging(germanOnly(germanRules), uniquingKeysWith: +))

    /// True for "who/what are you" in any wording the rules know, and for attempts to make
    /// the advisor leave its instructions or reveal its prompt or model.
    public static func isIdentityOrInjection(_ text: String) -> Bool {
        if matcher.scores(Array(text.utf8))[0] > 0 { return true }   // .whoAreYou is the first case
        return injection.contains { pattern in pattern.allSatisfy { part in part.contains { text.contains(" " + $0) } } }
    }

    /// Each pattern is a list of alternatives that must all occur (each as a word prefix).
    private static let injection: [[[String]]] = [
        [["ignore", "disregard", "forget", "override", "bypass"], ["instruction", "rules", "prompt", "restriction", "previous", "prior", "above"]],
        [["system prompt", "hidden prompt", "your prompt", "initial prompt", "your instructions", "print your", "repeat the text", "jailbreak", "you are now", "developer mode"]],
        [["игнорир", "забудь", "забудьте", "не обращай", "отмени", "обойди"], ["инструкц", "правил", "промпт", "ограничен", "предыдущ"]],
        [["forget everything", "pretend you have no", "pretend you are", "act as a", "act as an", "roleplay", "забудь все", "забудь всё", "притворись", "веди себя как"]],
        [["системный промпт", "системного промпта", "скрытый промпт", "твой промпт", "свои инструкции", "твои инструкции", "повтори текст выше", "теперь ты", "режим разработчика"]],
        [["what", "which", "tell me", "reveal", "real", "какая", "какой", "назови", "скажи", "настоящ"],
         ["llm", "gpt", "openai", "anthropic", "language model", "языковая модель", "нейросет"]],
        [["your model", "your real model", "model name", "model you are", "model are you", "свою модель", "твоя модель", "какая ты модель", "настоящую модель"]],
        [["ты", "вы"], ["вообще кто", "кто такой", "кто такая", "кто такие", "ии ", "gpt", "chatgpt", "чатгпт", "llama", "гигачат", "алиса", "бот", "нейросеть", "языковая"]],
        [["you", "u", "r u", "you re"], ["gpt", "chatgpt", "llama", "mistral", "bard", "gemini", "claude", "llm", "language model", "a bot"]],
    ] + germanInjection

    /// The language a question is written in: Russian when it has more Cyrillic than
    /// Latin letters; with more Latin, German when it reads German (`readsGerman`), else
    /// English; `fallback` on a tie.
    public static func language(of question: String, fallback: Language) -> Language {
        var cyrillic = 0, latin = 0
        for scalar in question.unicodeScalars {
            if (0x0400...0x04FF).contains(scalar.value) { cyrillic += 1 }
            else if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { latin += 1 }
        }
        if cyrillic == latin { return fallback }
        if cyrillic > latin { return .ru }
        return readsGerman(question, fallback: fallback) ? .de : .en
    }

    /// Lower-cased, `ё` → `е`, every non-alphanumeric run but "/" and "-" a single space,
    /// with a space at each end.
    public static func normalise(_ text: String) -> String {
        // Character by character (no Foundation search-and-replace: this runs for every word of
        // every merchant the Advisor knows, docs/PERFORMANCE.md).
        var out = " "
        var lastIsSpace = true
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "/" || character == "-" {
                out.append(character == "ё" ? "е" : character)
                lastIsSpace = false
            } else if !lastIsSpace {
                out.append(" ")
                lastIsSpace = true
            }
        }
        if !lastIsSpace { out.append(" ") }
        return out
    }

    public static func matches(_ stem: String, in text: String) -> Bool { text.contains(" " + stem) }

    // MARK: - Rules

    struct Rule { var stem: String; var weight: Int }

    static func list(_ weight: Int, _ stems: String) -> [Rule] {
        stems.split(separator: ",").map { Rule(stem: String($0.drop { $0 == " " }).replacingOccurrences(of: "_", with: " "), weight: weight) }
    }

    /// Stems are comma-separated; "_" stands for a space (a trailing "_" makes a whole word).
    static let rules: [AdvisorIntent: [Rule]] = [
        .whoAreYou: list(9, """
            who are you,who are u,what are you,who r u,are you a bot,are you a robot,are you human,are you a person,are you a real,\
            are you an ai,are you ai_,are you a machine,are you a program,are you chatgpt,are you gpt,are you claude,are you gemini,\
            what model,which model,what ai_,which ai_,what llm,which llm,who made you,who created you,who built you,who developed you,\
            who trained you,who owns you,who is behind you,what is your name,what s your name,whats your name,your name_,\
            introduce yourself,tell me about yourself,who am i talking,who am i chatting,who is this,are you real,what kind of bot,\
            what are you based on,what powers you,\
            кто ты_,ты кто,кто вы_,вы кто,что ты такое,что вы такое,что ты за,ты бот,вы бот,ты робот,вы робот,ты человек,вы человек,\
            ты живой,вы живой,какая ты модель,какая вы модель,какая модель,какой моделью,на какой модели,ты chatgpt,ты gpt,вы chatgpt,\
            ты нейросеть,вы нейросеть,ты ии_,вы ии_,ты искусственный,кто тебя,кто вас создал,кто вас сделал,кто вас разработал,\
            как тебя зовут,как вас зовут,представься,представьтесь,расскажи о себе,расскажите о себе,с кем я говорю,с кем я общаюсь,\
            с кем я разговариваю,с кем я переписываюсь,с человеком или,с машиной или,у тебя есть имя,что это за помощник,\
            what is this assistant,human or a machine,human or machine,real advisor or,консультант или программа,\
            ты настоящий консультант,твой разработчик,твой создатель,кто мне отвечает,who s answering,who is answering,\
            built on openai,powered by,are you built,what can you help with,\
            что ты умеешь,что вы умеете,как ты устроен,как вы устроены,ты программа,вы программа,ты claude,ты гигачат,ты яндекс,на чем ты работаешь,кем ты являешься
            """),
        .checkup: list(4, """
            check-up,checkup,check up,how am i doing,how are my finances,how are we doing,analy,review my,overview,assess,\
            financial health,money health,advice on my data,advice on my numbers,look at my finances,look at my numbers,diagnos,\
            evaluate,big picture,overall,summary of my,summarize my,audit,health check,rate my finances,what should i do first,\
            where do i stand,state of my,priorities,\
            разбор,проанализ,анализ,оцени,оценк,как у меня дела,как мои дела,как у нас дела,обзор,диагност,в целом,совет по моим,\
            посмотри мои,посмотрите мои,проверь мои,проверьте мои,общая картина,общую картину,итог,финансовое здоровье,\
            что мне делать в первую,с чего начать,с чего мне начать,приоритет,сводк,состояние моих,положение дел,\
            на верном пути,моем положени,мое положение,слабые места,главных шаг,тревожные сигнал,red flags,weak spots,on the right track,\
            the verdict,how bad is it,overall situation,general assessment,rundown,целиком,чекап,полный разбор
            """),
        .affordability: list(5, """
            afford,can i buy,can we buy,can i pay,can i take on,\
            too expensive for me,within my means,can i sign up,can i manage a,can i add a,would i manage,\
            позвол,потяну,потянем,потянет,по карману,осилю,осилим,могу ли я купить,могу ли я взять,\
            могу ли я платить,не слишком ли дорого,выдержит ли,вытяну,справлюсь ли с платежом
            """) + list(3, "хватит ли") + list(1, "per month,a month,monthly,в месяц,ежемесячно"),
        .goals: list(4, """
            goal,saving for,save for,save up for,how long until,how long to save,how long will it take,when will i reach,when will i have,\
            reach my,down payment,target amount,\
            цель,цели_,целью,целей,целям,накопить на,накоплю,коплю на,копить на,копим на,сколько копить,сколько ждать,когда я смогу купить,\
            когда накоп,первоначальный взнос,за сколько месяцев,через сколько
            """) + list(1, "vacation,trip,wedding,dream,car_,house,отпуск,поездк,машин,свадьб,мечт,квартир"),
        .debts: list(4, """
            debt,loan,credit card,mortgage,owe_,owe money,repay,pay off,paying off,payoff,avalanche,snowball,apr_,borrow,refinanc,\
            lender,installment,overpay,interest rate,interest i pay,credit line,minimum payment,\
            долг,кредит,займ,заем,ипотек,погас,лавин,снежн,переплат,рефинанс,задолжен,рассрочк,ставк,минимальный платеж,\
            досрочн,заним
            """) + list(2, "должен,должна,должны"),
        .emergencyFund: list(4, """
            emergency,rainy day,safety net,cushion,reserve,buffer,fund big,fund be,fund size,fund should,for emergencies,\
            unexpected expense,lose my job,lost my job,job loss,\
            подушк,резерв,неприкосновенн,на черный день,экстренн,фонд,непредвиденн,потеряю работу,потерять работу,потери работы,запас,\
            savings last,live on my savings,without income,months of expenses,backup money,if something goes wrong,get fired,got fired,\
            без дохода,проживу на,протяну на,протяну без,без зарплаты,without a paycheck,without pay_,продержусь,на всякий случай,если меня уволят,если уволят
            """),
        .taxes: list(6, """
            tax_,tax-,taxes,taxed,taxation,taxable,deduct,irs_,write off,write-off,tax refund,w-2,1040,vat_,withholding,tax return,file my,\
            налог,вычет,ндфл,3-ндфл,декларац,ифнс,фнс_,налогов,возврат 13,13 процентов
            """),
        .insurance: list(6, """
            insur,policy,premium,coverage,life cover,health plan,osago,kasko,\
            страхов,застрахова,полис,осаго,каско,дмс_,омс_
            """),
        .investing: list(4, """
            invest,stock,bond,etf,index fund,portfolio,dividend,broker,shares,mutual fund,compound interest,crypto,\
            bitcoin,savings account,deposit,grow my money,make my money work,where to put,401k,ira_,\
            инвест,акци,облигац,etf,биржев,биржа,бирже,брокер,портфел,дивиденд,вклад,депозит,сложн,куда вложить,вложит,вложен,\
            офз,пиф,приумнож,деньги работа,крипт,биткоин,иис_,накопительный счет,под процент
            """) + list(5, "retire,pension,пенси"),
        .cutExpenses: list(4, """
            cut_,cut down,cutting,reduce,spend less,spending less,save money on,lower my,trim,spending too much,biggest category,\
            biggest expense,largest expense,largest category,where does my money go,frugal,economi,cheaper,overspend,save more,\
            where can i save,\
            сократ,урез,сэконом,экономи,меньше тратить,снизить расход,снизить трат,уменьшить расход,уменьшить трат,трачу слишком,\
            куда уходят деньги,куда уходят все,больше всего трачу,слишком много трачу,ужать,перестать спускать,stop wasting,\
            wasting money,money going,самая большая категория,самую большую категорию,крупнейш,оптимизир,где сэконом,на чем сэконом,дешевле,тратить меньше,\
            find savings,find me some savings,could drop,could i drop,money leak,leaks,costing me,cost me the most,unnecessary,\
            лишн,затратн,утекают,утекает,срезать,отказаться чтобы,слишком много уходит,затянуть пояс,tighten my belt,\
            pay less,renegotiat,платить меньше,пересмотреть чтобы
            """),
        .budget: list(3, "budget,cash flow,cashflow,free cash,fcf,50/30/20,paycheck,paycheque,бюджет,сдп,денежный поток,свободн")
            + list(2, """
            income,expense,spending,spend_,salary,how much can i save,left over,leftover,allocate,distribute,plan my money,split my,\
            put aside,set aside,earn,\
            доход,расход,трат,трачу,зарплат,is left,left at the end,остает,распредел,откладыва,отложить,сколько можно отклад,зарабатыва
            """),
        .bills: list(4, """
            subscription,subscribed,bills_,bill_,recurring,auto payment,autopay,auto-pay,direct debit,netflix,spotify,disney,\
            streaming,charged twice,utility bill,utilities,electricity bill,phone bill,internet bill,due soon,next bill,\
            подписк,подписан,счета_,счет за,счетов,регулярн,автоплат,автосписан,списани,нетфликс,кинопоиск,яндекс плюс,\
            стриминг,коммуналк,дважды,ближайшие платеж,следующий платеж,\
            rent payment,next rent,fixed monthly charges,still pay for,оплата аренды,оплату аренды,обязательных платеж,плачу за это
            """),
        .limits: list(5, """
            limit,spending cap,monthly cap,over my limit,left in my,room left,allowance,in the red,can i spend,can we spend,\
            still spend,how much can i spend,remaining budget for,is it ok to spend,is it okay to spend,\
            лимит,ограничение трат,карманн,осталось на,осталось в бюджете на,могу ли я тратить,можно ли тратить,можно ли мне тратить,\
            сколько можно потратить,сколько я могу потратить,еще потратить,можно еще,перерасходова,\
            cap_,eating out cap
            """) + list(2, "this week,on food,on groceries,на этой неделе,на продукты,на еду"),
        .forecast: list(5, """
            payday,pay day,paycheck,next salary,until salary,till salary,run out,running out,forecast,predict,projected,\
            low point,lowest balance,go negative,overdraft,balance at the end,end of the month,month end,safe to spend,\
            make it to,last until,outlook,will i be broke,worst case,\
            до зарплаты,до получки,до аванса,прогноз,предсказ,уйду в минус,уйти в минус,в минус,кончатся,закончатся,\
            самый низкий,минимум на счете,в конце месяца,на конец месяца,безопасно_,дотяну,доживу,овердрафт,на мели,\
            хватит ли денег до,через три месяца,через 2 месяца,худший сценарий,\
            short on cash,worry about money,обнулит,будет ли туго
            """),
        .challenge: list(6, """
            challenge,game,play_,points,score,streak,leaderboard,gamif,no spend week,no-spend,level am i,\
            челлендж,игр,очк,серия,серию,серии_,таблица лидеров,вызов,испытани,без трат,без покупок,на каком я уровне,what level
            """),
        .imports: list(6, """
            import,statement,csv,ofx,qif,upload,excel,file format,bank export,bank data,connect my bank,sync with my bank,\
            импорт,выписк,выгрузк,загрузи,загрузить,загружен,csv,файл,подключить банк,синхрониз,из банка,\
            bring in my,bring in transactions
            """),
    ]
}

/// Finds the amount in a question ("300", "5 000", "1,200.50", "5k", "5 тыс").
public enum BankAmount {
    /// The first amount in `text` in minor units, or nil.
    public static func amount(in text: String) -> Money? {
        let pattern = #"(\d{1,3}(?:[ \x{00A0},]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*(k\b|к\b|тыс|thousand|th\b)?"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let wholeRange = Range(match.range(at: 1), in: text) else { return nil }
        let digits = text[wholeRange].filter(\.isNumber)
        guard digits.count <= 12, let whole = Int64(digits) else { return nil }
        var minor = whole * 100
        if let fractionRange = Range(match.range(at: 2), in: text) {
            let fraction = String(text[fractionRange])
            minor += (Int64(fraction) ?? 0) * (fraction.count == 1 ? 10 : 1)
        }
        if Range(match.range(at: 3), in: text) != nil { minor *= 1000 }
        guard minor > 0, minor <= 1_000_000_000_000 else { return nil }
        return Money(minorUnits: minor)
    }
}
