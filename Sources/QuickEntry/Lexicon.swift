// The quick-entry parser's words, Russian and English (German in LexiconGerman.swift, appended
// here), normalised (lower case, е for ё).
// Stems match the start of a word, so Russian inflections match ("продукт" → продуктов,
// продуктами); stems of three letters or fewer must be the whole word.
//
// The big tables (the categories' stems below and in LexiconMore, LexiconFamilies, LexiconGaps and
// LexiconGerman, the income families) are returned by functions marked `@_optimize(none)`. Each runs
// once, on first use, and builds the same values either way; optimised, their literals took 4–8 s of
// a release build's CPU, a third or more of this target's (docs/PERFORMANCE.md, "The first release
// build's margin"). The code that reads them is optimised as before.

enum Lexicon {
    // MARK: - Kind

    /// Stems that make a phrase an income.
    static let incomeStems = baseIncomeStems + moreIncomeStems + germanIncomeStems
    static let baseIncomeStems = [
        "зарплат", "зп", "аванс", "премия", "премию", "премии", "премиальн", "получил", "пришл", "доход", "возврат", "вернули", "кэшбэк", "кешбэк", "кэшбек",
        "кешбек", "кешбэк", "стипенди", "пенси", "дивиденд", "продал", "продажа", "фриланс", "гонорар", "выигрыш",
        "salary", "paycheck", "payday", "income", "received", "refund", "cashback", "bonus", "dividend", "pension",
        "stipend", "scholarship", "sold", "freelance", "reimburse", "wage", "wages", "earned", "paid me",
    ]
    /// Words of paying out: never read as a typo of an income word ("заплатил" is not "зарплата").
    static let spendingVerbs = ["заплат", "оплат", "потрат", "купил", "купила", "отдал", "paid", "spent", "bought", "payed"]
        + germanSpendingVerbs
    /// Two-word phrases that make an income ("подарок от мамы", "gift from mom").
    static let incomePairs = baseIncomePairs + moreIncomePairs + germanIncomePairs
    static let baseIncomePairs: [(String, String)] = [
        ("подарок", "от"), ("подарили", ""), ("перевод", "от"), ("деньги", "от"), ("gift", "from"), ("transfer", "from"),
        ("money", "from"), ("got", "paid"), ("перевели", "мне"), ("sent", "me"),
    ]

    // MARK: - Dates

    static let today = ["сегодня", "сегодн", "седня", "today", "tonight", "сейчас"] + germanToday
    static let yesterday = ["вчера", "yesterday", "yday"] + germanYesterday
    static let dayBeforeYesterday = ["позавчера"] + germanDayBeforeYesterday
    static let tomorrow = ["завтра", "tomorrow", "tmrw", "tmr"] + germanTomorrow
    static let dayAfterTomorrow = ["послезавтра"] + germanDayAfterTomorrow
    /// Weekday forms, Monday first (ISO 1…7).
    static let weekdays: [[String]] = zip(baseWeekdays, germanWeekdays).map { $0 + [$1] + ($1 == "samstag" ? [germanSaturday] : []) }
    static let baseWeekdays: [[String]] = [
        ["понедельник", "понедельника", "пн", "monday", "mon"],
        ["вторник", "вторника", "вт", "tuesday", "tue", "tues"],
        ["среда", "среду", "среды", "ср", "wednesday", "wed"],
        ["четверг", "четверга", "чт", "thursday", "thu", "thur", "thurs"],
        ["пятница", "пятницу", "пятницы", "пт", "friday", "fri"],
        ["суббота", "субботу", "субботы", "сб", "saturday", "sat"],
        ["воскресенье", "воскресенья", "вс", "sunday", "sun"],
    ]
    /// Month forms, January first; matched whole (with one typo for long ones).
    static let months: [[String]] = zip(baseMonths, germanMonths).map { $0 + $1 }
    static let baseMonths: [[String]] = [
        ["января", "январь", "янв", "january", "jan"],
        ["февраля", "февраль", "фев", "february", "feb"],
        ["марта", "март", "мар", "march", "mar"],
        ["апреля", "апрель", "апр", "april", "apr"],
        ["мая", "май", "may"],
        ["июня", "июнь", "июн", "june", "jun"],
        ["июля", "июль", "июл", "july", "jul"],
        ["августа", "август", "авг", "august", "aug"],
        ["сентября", "сентябрь", "сен", "сент", "september", "sep", "sept"],
        ["октября", "октябрь", "окт", "october", "oct"],
        ["ноября", "ноябрь", "ноя", "нояб", "november", "nov"],
        ["декабря", "декабрь", "дек", "december", "dec"],
    ]
    /// Words before a weekday meaning "the one before today" (strictly).
    static let lastWords = ["прошлый", "прошлую", "прошлое", "прошлой", "прошлом", "прошлого", "last", "past", "пред"] + germanLastWords
    /// Words before a weekday meaning "the next one after today".
    static let nextWords = ["следующий", "следующую", "следующее", "след", "next", "ближайший", "ближайшую", "coming", "this"]
        + germanNextWords
    /// Little words that belong to a date phrase ("в пятницу", "on friday", "the 10th").
    static let datePrepositions = ["в", "во", "on", "the", "of", "за", "at", "last"] + germanDatePrepositions
    static let dayWords = ["день", "дня", "дней", "дн", "д", "day", "days", "d"] + germanDayWords
    static let weekWords = ["неделю", "недели", "недель", "неделя", "нед", "week", "weeks", "wk", "wks"] + germanWeekWords
    static let agoWords = ["назад", "ago", "тому"]
    static let inWords = ["через", "in"]
    /// Endings that make a number a day of the month ("10-го", "10th", "10 числа").
    static let dayOfMonthEndings = ["го", "е", "ое", "th", "st", "nd", "rd", "числа", "число"]
    /// Small numbers in words, for "два дня назад", "two days ago".
    static let numberWords: [String: Int] = [
        "один": 1, "одну": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
        "a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    ].merging(germanNumberWords) { first, _ in first }

    // MARK: - Periodicity

    /// Phrases (word sequences; a trailing `*` makes the last a stem) by periodicity.
    static let periodicities: [(String, [[String]])] = zip(basePeriodicities, germanPeriodicities).map { ($0.0, $0.1 + $1.1) }
    static let basePeriodicities: [(String, [[String]])] = [
        ("biweekly", [["раз", "в", "две", "недели"], ["раз", "в", "2", "недели"], ["каждые", "две", "недели"],
                      ["каждые", "2", "недели"], ["biweekly"], ["bi-weekly"], ["every", "two", "weeks"], ["every", "2", "weeks"],
                      ["fortnightly"], ["раз", "в", "2", "нед"]]),
        ("weekly", [["еженедельн*"], ["каждую", "неделю"], ["каждой", "неделе"], ["раз", "в", "неделю"], ["в", "неделю"],
                    ["weekly"], ["every", "week"], ["per", "week"], ["a", "week"], ["each", "week"], ["/", "нед*"],
                    ["/", "wk"], ["/", "week"]]),
        ("quarterly", [["ежекварт*"], ["раз", "в", "квартал"], ["каждый", "квартал"], ["в", "квартал"], ["quarterly"],
                       ["every", "quarter"], ["per", "quarter"], ["a", "quarter"]]),
        ("yearly", [["ежегодн*"], ["каждый", "год"], ["раз", "в", "год"], ["в", "год"], ["yearly"], ["annually"], ["annual"],
                    ["every", "year"], ["per", "year"], ["a", "year"], ["each", "year"], ["/", "год"], ["/", "yr"], ["/", "year"]]),
        ("monthly", [["ежемесячн*"], ["каждый", "месяц"], ["каждого", "месяца"], ["раз", "в", "месяц"], ["в", "месяц"],
                     ["в", "мес"], ["monthly"], ["every", "month"], ["per", "month"], ["a", "month"], ["each", "month"],
                     ["/", "мес*"], ["/", "mo"], ["/", "month"], ["/", "m"]]),
    ]

    // MARK: - Amounts

    /// Multipliers after a number.
    static let thousands = ["к", "k", "тыс", "тысяч", "тысячи", "тысяча", "тыщ", "тыщи", "тысячу", "т", "thousand", "grand", "тр", "тыр", "тыщу"]
        + germanThousands
    static let millions = ["млн", "mln", "m", "кк", "миллион", "миллиона", "миллионов", "million"] + germanMillions
    /// Currency words and symbols by ISO code.
    static let currencies: [(String, [String])] = [
        ("RUB", ["₽", "р", "руб", "рублей", "рубля", "рубль", "рублика", "рубасов", "rub", "rur", "p"]),
        ("USD", ["$", "usd", "доллар", "долларов", "доллара", "долл", "бакс", "баксов", "dollar", "dollars", "bucks", "dol"]),
        ("EUR", ["€", "eur", "евро", "euro", "euros"]),
    ]

    // MARK: - Accounts

    /// Words that stand for a cash account or a card account.
    static let cashWords = ["нал", "налом", "наличными", "наличкой", "наличные", "кэш", "кешем", "cash"] + germanCashWords
    static let cardWords = ["картой", "карта", "карты", "карточкой", "card", "debit", "credit"] + germanCardWords
    static let accountPrepositions = ["с", "со", "by", "with", "from", "via", "on"] + germanAccountPrepositions

    // MARK: - Name

    /// Little words dropped from either end of the name.
    static let nameEdgeWords = ["за", "на", "в", "во", "с", "со", "из", "по", "и", "for", "on", "at", "in", "the", "a", "and",
                                "of", "to", "купил", "купила", "bought", "paid", "got", "заплатил", "заплатила", "потратил",
                                "потратила", "spent", "утром", "вечером", "днем", "ночью",
                                // An income's arrival is no part of its name: «зарплата пришла» is «Зарплата».
                                "пришла", "пришло", "пришли", "пришел", "поступила", "поступило", "поступили", "поступил",
                                "получил", "получила", "получили", "came", "arrived", "received"] + germanNameEdgeWords

    // MARK: - Categories

    /// Stems by built-in category, checked in this order: the lists below and LexiconMore's.
    static let categories: [(String, [String])] = baseCategories.map {
        ($0.0, $0.1 + (moreCategoryStems[$0.0] ?? []) + (familyCategoryStems[$0.0] ?? []) + (gapCategoryStems[$0.0] ?? [])
            + (germanCategoryStems[$0.0] ?? []))
    }
    static let baseCategories = makeBaseCategories()
    @_optimize(none) // a table built once: see the note at the top of Lexicon.swift
    private static func makeBaseCategories() -> [(String, [String])] { [
        // Pets and their food are not the household's food.
        ("other", ["корм", "кошк", "кота", "коту", "собак", "питом", "ветеринар", "ветклиник", "зоомагазин", "pet", "pets",
                   "cat", "dog", "vet", "petshop"]),
        ("subscriptions", ["netflix", "нетфликс", "spotify", "спотифай", "подписк", "subscription", "youtube", "ютуб",
                           "кинопоиск", "icloud", "айклауд", "okko", "ivi", "иви", "disney", "hbo", "chatgpt", "patreon",
                           "яндекс плюс", "yandex plus", "apple music", "apple tv", "prime", "premium", "премиум", "boosty",
                           "vpn", "впн"]),
        ("transport", ["такси", "taxi", "такс", "uber", "убер", "bolt", "lyft", "метро", "metro", "subway", "автобус", "bus",
                       "трамва", "tram", "троллейбус", "маршрутк", "электричк", "поезд", "train", "бензин", "бенз", "petrol",
                       "fuel", "gas station", "заправк", "азс", "парковк", "parking", "каршеринг", "каршер", "делимобил",
                       "ситидрайв", "самокат", "whoosh", "проезд", "тройк", "transit", "toll", "авиабилет", "самолет", "flight",
                       "ржд", "шиномонтаж", "автомойк", "мойка", "car wash", "яндекс го", "yandex go", "ride", "cab", "fare",
                       "проездн", "дизел", "diesel", "oil change", "масло в машин", "стоянк", "gas"]),
        ("utilities", ["коммуналк", "коммунал", "жкх", "жку", "электричеств", "свет", "electricity", "electric", "вода",
                       "воду", "воды", "water bill", "газ", "gas bill", "интернет", "internet", "wifi", "вайфай", "телефон",
                       "phone bill", "phone", "мобильн", "mobile", "связь", "сотов", "utilities", "utility", "мтс", "билайн",
                       "мегафон", "теле2", "tele2", "ростелеком", "отоплени", "heating", "broadband", "cell"]),
        ("housing", ["аренд", "rent", "ипотек", "mortgage", "квартплат", "квартир", "apartment", "landlord", "ремонт",
                     "repair", "мебел", "furniture", "ikea", "икеа", "леруа", "хозтовар", "household", "посуд", "сантехник",
                     "plumber", "диван", "sofa"]),
        ("health", ["аптек", "pharmacy", "лекарств", "medicine", "meds", "таблетк", "pills", "витамин", "vitamin", "врач",
                    "доктор", "doctor", "стоматолог", "зубн", "dentist", "dental", "анализ", "клиник", "clinic", "больниц",
                    "hospital", "медицин", "massage", "массаж", "терапевт", "therapy", "терапи", "окулист", "очки", "glasses",
                    "прививк", "vaccine", "drugstore", "ибупрофен", "ibuprofen", "спортзал", "фитнес", "gym", "fitness"]),
        ("education", ["курс", "course", "книг", "book", "учебн", "textbook", "школ", "school", "репетитор", "tutor",
                       "университет", "универ", "university", "tuition", "урок", "lesson", "тренинг", "training",
                       "вебинар", "webinar", "coursera", "udemy", "skyeng", "английск", "english class", "кружок", "секци",
                       "college", "семинар", "exam", "экзамен"]),
        ("entertainment", ["кино", "cinema", "movie", "фильм", "театр", "theatre", "theater", "концерт", "concert", "игра",
                           "игру", "игры", "game", "games", "steam", "playstation", "xbox", "nintendo", "боулинг", "bowling",
                           "музей", "museum", "бар", "бары", "баре", "bar", "bars", "pub", "паб", "клуб", "club",
                           "вечеринк", "party", "караоке", "karaoke", "квест", "зоопарк", "zoo", "билет", "ticket",
                           "выставк", "exhibition", "пиво", "beer", "вино", "wine", "коктейл", "cocktail", "drinks",
                           "аттракцион", "парк развлечений", "бильярд", "кальян", "hookah", "цирк", "circus", "festival",
                           "фестивал", "netflix party"]),
        ("clothing", ["одежд", "clothes", "clothing", "обув", "shoes", "кроссовк", "sneakers", "куртк", "jacket", "джинс",
                      "jeans", "футболк", "t-shirt", "tshirt", "shirt", "рубашк", "плать", "dress", "носк", "socks", "ботинк",
                      "boots", "шапк", "hat", "пальто", "coat", "свитер", "sweater", "hoodie", "худи", "брюк", "pants",
                      "trousers", "юбк", "skirt", "zara", "uniqlo", "h&m", "lamoda", "ламода", "спортмастер", "шарф",
                      "scarf", "перчатк", "gloves", "белье", "underwear", "сапог", "туфл", "кроссы", "кросы"]),
        ("food", ["продукт", "groceries", "grocery", "еда", "еду", "еды", "food", "кофе", "кофей", "coffee", "латте", "latte",
                  "капучино", "cappuccino", "раф", "американо", "обед", "lunch", "ужин", "dinner", "завтрак", "breakfast",
                  "перекус", "snack", "пицц", "pizza", "суши", "sushi", "роллы", "бургер", "burger", "шаурм", "шаверм",
                  "донер", "ресторан", "restaurant", "кафе", "cafe", "café", "столов", "canteen", "магнит", "пятерочк",
                  "перекресток", "ашан", "лента", "вкусвилл", "дикси", "азбука вкуса", "самокат продукт", "хлеб",
                  "bread", "молок", "milk", "мясо", "meat", "овощ", "vegetables", "фрукт", "fruit", "сыр", "cheese",
                  "яйца", "eggs", "чай", "tea", "пекарн", "bakery", "выпечк", "булочк", "пирож", "торт", "cake",
                  "мороженое", "ice cream", "мак", "макдак", "uber eats", "subway sandwich", "subway sub", "subway footlong", "doordash", "grubhub", "deliveroo", "макдональдс", "mcdonald", "kfc", "бургер кинг", "burger king",
                  "starbucks", "старбакс", "доставк еды", "delivery", "takeout", "take-out", "бизнес-ланч", "ланч",
                  "supermarket", "супермаркет", "costco", "walmart", "trader joe", "whole foods", "lidl", "aldi",
                  "tesco", "снеки", "чипсы", "шоколад", "chocolate", "вода в бутылк", "бананы", "яблоки", "картошк",
                  "курица", "chicken", "рыба", "fish", "brunch", "бранч", "доширак", "фастфуд", "fast food",
                  "donut", "пончик", "sandwich", "сэндвич", "бутерброд", "салат", "salad", "суп", "soup", "meal",
                  "еда на вынос", "ролл", "вок", "wok", "пельмен", "dumplings", "продукты", "магаз", "гастроном"]),
    ] }
}
