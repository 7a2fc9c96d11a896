import Engine
import Foundation

/// What a question is about: the built-in advisor's topics, "who are you", and anything
/// else (off-topic). The raw value is the advisor_request event's `topic`.
enum AdvisorIntent: String, CaseIterable, Sendable {
    case whoAreYou, checkup, affordability, goals, taxes, debts, emergencyFund, insurance, investing, cutExpenses, budget
    case offTopic

    /// True for the personal-finance topics (answered and counted against the daily limit).
    var isOnTopic: Bool { self != .offTopic && self != .whoAreYou }
}

/// Routes a question to an intent by keyword and stem rules in Russian and English.
///
/// The text is lower-cased, `ё` read as `е`, punctuation turned into spaces. A rule is a
/// word prefix ("invest" matches "investing"), or a whole word when it ends in a space
/// ("tax "). Each intent scores the weights of its matching rules; the best score of at
/// least 2 wins, ties going to the earlier intent of `AdvisorIntent.allCases`. "Who are
/// you" rules win outright.
enum AdvisorRouter {
    /// The intent of `question`.
    static func intent(of question: String) -> AdvisorIntent {
        let text = normalise(question)
        if rules[.whoAreYou, default: []].contains(where: { matches($0.stem, in: text) }) { return .whoAreYou }
        var best: (intent: AdvisorIntent, score: Int) = (.offTopic, 1)
        for intent in AdvisorIntent.allCases where intent != .whoAreYou && intent != .offTopic {
            let score = rules[intent, default: []].filter { matches($0.stem, in: text) }.map(\.weight).reduce(0, +)
            if score > best.score { best = (intent, score) }
        }
        return best.intent
    }

    /// The language a question is written in: Russian when it has more Cyrillic than
    /// Latin letters, English when it has more Latin, else `fallback`.
    static func language(of question: String, fallback: Language) -> Language {
        var cyrillic = 0, latin = 0
        for scalar in question.unicodeScalars {
            if (0x0400...0x04FF).contains(scalar.value) { cyrillic += 1 }
            else if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { latin += 1 }
        }
        if cyrillic == latin { return fallback }
        return cyrillic > latin ? .ru : .en
    }

    /// Lower-cased, `ё` → `е`, every non-alphanumeric run but "/" and "-" a single space,
    /// with a space at each end.
    static func normalise(_ text: String) -> String {
        var out = " "
        for character in text.lowercased().replacingOccurrences(of: "ё", with: "е") {
            if character.isLetter || character.isNumber || character == "/" || character == "-" { out.append(character) }
            else if out.last != " " { out.append(" ") }
        }
        if out.last != " " { out.append(" ") }
        return out
    }

    private static func matches(_ stem: String, in text: String) -> Bool { text.contains(" " + stem) }

    // MARK: - Rules

    private struct Rule { var stem: String; var weight: Int }

    private static func list(_ weight: Int, _ stems: String) -> [Rule] {
        stems.split(separator: ",").map { Rule(stem: String($0.drop { $0 == " " }).replacingOccurrences(of: "_", with: " "), weight: weight) }
    }

    /// Stems are comma-separated; "_" stands for a space (a trailing "_" makes a whole word).
    private static let rules: [AdvisorIntent: [Rule]] = [
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
            с кем я разговариваю,ты программа,вы программа,ты claude,ты гигачат,ты яндекс,на чем ты работаешь,кем ты являешься
            """),
        .checkup: list(4, """
            check-up,checkup,check up,how am i doing,how are my finances,how are we doing,analy,review my,overview,assess,\
            financial health,money health,advice on my data,advice on my numbers,look at my finances,look at my numbers,diagnos,\
            evaluate,big picture,overall,summary of my,summarize my,audit,health check,rate my finances,what should i do first,\
            where do i stand,state of my,priorities,\
            разбор,проанализ,анализ,оцени,оценк,как у меня дела,как мои дела,как у нас дела,обзор,диагност,в целом,совет по моим,\
            посмотри мои,посмотрите мои,проверь мои,проверьте мои,общая картина,общую картину,итог,финансовое здоровье,\
            что мне делать в первую,с чего начать,с чего мне начать,приоритет,сводк,состояние моих,положение дел
            """),
        .affordability: list(5, """
            afford,can i buy,can i spend,can we spend,can we buy,can i pay,is it ok to spend,is it okay to spend,can i take on,\
            too expensive for me,within my means,can i sign up,can i manage a,can i add a,would i manage,\
            позвол,потяну,потянем,потянет,по карману,осилю,осилим,могу ли я тратить,могу ли я купить,могу ли я взять,\
            могу ли я платить,можно ли тратить,можно ли мне тратить,не слишком ли дорого,выдержит ли,вытяну,справлюсь ли с платежом
            """) + list(3, "хватит ли") + list(1, "per month,a month,monthly,в месяц,ежемесячно"),
        .goals: list(4, """
            goal,saving for,save for,save up for,how long until,how long to save,how long will it take,when will i reach,when will i have,\
            reach my,down payment,target amount,\
            цель,цели,целью,целей,целям,накопить на,накоплю,коплю на,копить на,копим на,сколько копить,сколько ждать,когда я смогу купить,\
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
            подушк,резерв,неприкосновенн,на черный день,экстренн,фонд,непредвиденн,потеряю работу,потерять работу,потери работы,запас
            """),
        .taxes: list(4, """
            tax_,tax-,taxes,taxed,taxation,taxable,deduct,irs_,write off,write-off,tax refund,w-2,1040,vat_,withholding,tax return,file my,\
            налог,вычет,ндфл,3-ндфл,декларац,ифнс,фнс_,налогов,возврат 13,13 процентов
            """),
        .insurance: list(5, """
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
            куда уходят деньги,самая большая категория,самую большую категорию,крупнейш,оптимизир,где сэконом,на чем сэконом,дешевле,тратить меньше
            """),
        .budget: list(3, "budget,cash flow,cashflow,free cash,fcf,50/30/20,paycheck,paycheque,бюджет,сдп,денежный поток,свободн")
            + list(2, """
            income,expense,spending,spend_,salary,how much can i save,left over,leftover,allocate,distribute,plan my money,split my,\
            put aside,set aside,earn,\
            доход,расход,трат,трачу,зарплат,is left,left at the end,остает,распредел,откладыва,отложить,сколько можно отклад,зарабатыва
            """),
    ]
}

/// Finds the amount in a question ("300", "5 000", "1,200.50", "5k", "5 тыс").
enum BankAmount {
    /// The first amount in `text` in minor units, or nil.
    static func amount(in text: String) -> Money? {
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
