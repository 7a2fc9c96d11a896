// More of the quick-entry parser's words: broad vocabulary by built-in category (merchants,
// goods and services people type on a phone, Russian by stems), and more words of income.
// Added to Lexicon's own lists (see `Lexicon.categories`); same normalisation and stem rules.

extension Lexicon {
    /// Extra stems by built-in category key, appended to the category's own list.
    static let moreCategoryStems = makeMoreCategoryStems()
    @_optimize(none) // a table built once: see the note at the top of Lexicon.swift
    private static func makeMoreCategoryStems() -> [String: [String]] { [
        "other": [
            // Marketplaces sell everything: no one category fits.
            "озон", "ozon", "вб", "wb", "wildberries", "вайлдберриз", "валдберис", "вайлдбериз", "яндекс маркет",
            "мегамаркет", "aliexpress", "алиэкспресс", "али", "amazon", "амазон", "ebay", "etsy", "temu", "target", "авито", "avito",
            // Personal care.
            "стрижк", "постриг", "подстриг", "парикмахер", "барбер", "салон красот", "маникюр", "педикюр", "ноготоч",
            "косметолог", "брови", "ресниц", "эпиляц", "haircut", "hair cut", "barber", "salon", "nails", "nail salon",
            "manicure", "pedicure", "spa", "waxing", "косметик", "cosmetics", "sephora", "ulta", "золотое яблоко", "летуаль",
            "шампун", "shampoo", "дезодорант", "deodorant", "бритв", "razor", "toiletries", "зубная паст", "toothpaste",
            // Gifts, giving, fees, money sent away.
            "подарок", "подарк", "подарил", "gift", "gifts", "present", "цвет", "букет", "flowers", "благотвор", "charity",
            "donation", "donate", "пожертвов", "чаевые", "tip", "tips", "комисси", "fee", "fees", "штраф", "fine",
            "налог", "tax", "taxes", "перевод", "перевел", "перевела", "скинул", "скинула", "transfer", "sent", "venmo", "zelle",
            "paypal", "cash app", "долг", "в долг", "loan to",
            // Household services and odds and ends.
            "laundry", "прачечн", "химчистк", "dry clean", "ремонт телефон", "ремонт обув", "ключ", "почта", "post office",
            "usps", "fedex", "ups", "shipping", "доставка посылк", "сигарет", "cigarettes", "вейп", "vape", "табак",
            "игрушк", "toys", "toy", "подгузник", "памперс", "diapers", "baby", "фикс прайс", "fix price",
            "dollar tree", "dollar general", "страховк", "insurance",
        ],
        "subscriptions": [
            "hulu", "paramount", "peacock", "apple one", "google one", "google storage", "dropbox", "adobe", "microsoft 365",
            "office 365", "notion", "canva", "crunchyroll", "twitch", "nyt", "new york times", "deezer", "tidal",
            "яндекс музык", "more.tv", "wink", "кион", "сберпрайм", "сбер прайм", "сберзвук", "амедиатек", "start.ru",
            "amazon prime", "prime video", "ps plus", "game pass", "xbox live", "nintendo online", "audible", "kindle unlimited",
            "linkedin premium", "duolingo", "headspace", "calm app", "substack", "onlyfans", "hbo max", "disney plus",
            "youtube premium", "ютуб премиум", "telegram premium", "телеграм премиум", "ozon premium", "membership fee",
        ],
        "transport": [
            "яндекс такси", "ситимобил", "gett", "везет", "blablacar", "блаблакар", "аэроэкспресс", "аэропорт", "airport",
            "лукойл", "роснефть", "газпромнефть", "татнефть", "shell", "chevron", "exxon", "bp", "arco", "valero",
            "speedway", "заправил", "заправилс", "топлив", "дизель", "аи-95", "аи-92", "техосмотр", "осаго", "каско",
            "car insurance", "auto insurance", "car payment", "автокредит", "гибдд", "платная дорог", "toll", "tolls", "mta",
            "metrocard", "clipper", "amtrak", "greyhound", "airline", "airfare", "plane", "самолет", "scooter", "lime",
            "кикшеринг", "юрент", "велосипед", "bike share", "citibike", "сапсан", "ласточк", "авиа", "аэрофлот",
            "шины", "шиномонтаж", "tires", "tire", "запчаст", "auto parts", "autozone", "jiffy lube", "car wash", "автосервис",
            "мойка машин", "ubers", "ride", "rideshare", "cab", "автобусн", "трамвай", "такси до", "паркинг",
            "парков", "стоянк", "gas", "gasoline", "filled up", "fill up", "fuel", "ev charging", "зарядка машин",
            "metro card", "транспорт", "transport", "commute", "проезд", "тройка", "подорожник", 
        ],
        "utilities": [
            "электроэнерг", "мосэнерго", "энергосбыт", "свет за", "домофон", "вывоз мусор", "мусор", "trash", "garbage",
            "sewer", "канализац", "verizon", "at&t", "att", "t-mobile", "tmobile", "comcast", "xfinity", "spectrum", "cox",
            "pg&e", "con edison", "coned", "duke energy", "power bill", "electric", "gas and electric", "water bill",
            "сим", "симк", "пополнил телефон", "пополнила телефон", "баланс телефон", "йота", "yota", "мгтс", "дом.ру",
            "телевидени", "кабельн", "cable", "internet bill", "phone bill", "cell phone", "wireless", "mint mobile",
            "газ за", "горячая вода", "холодная вода", "водоснабжен", "счет за", "счета за", "квитанци", "жилищн",
        ],
        "housing": [
            "кварплат", "квартплат", "квартир", "жилье", "съем", "найм", "hoa", "condo fee", "property tax", "rental",
            "home depot", "lowes", "lowe's", "wayfair", "bed bath", "hardware", "инструмент", "стиралк", "стиральн",
            "холодильник", "пылесос", "микроволнов", "чайник", "утюг", "appliance", "обои", "краск", "лампочк",
            "light bulb", "уборк", "cleaning", "клининг", "cleaner", "housekeeping", "электрик", "плотник", "замок",
            "locksmith", "стройматериал", "obi", "петрович", "hoff", "хофф", "аскона", "постельн", "подушк", "матрас",
            "mattress", "штор", "curtains", "ковер", "rug", "shelf", "лампа", "lamp", "decor", "декор",
            "хозтовар", "ремонт", "repair", "handyman", "сантехник", "plumbing", 
        ],
        "health": [
            "cvs", "walgreens", "rite aid", "riteaid", "аптеке", "аптечн", "еаптек", "горздрав", "ригла", "copay",
            "co-pay", "deductible", "prescription", "рецепт", "rx", "urgent care", "medical", "медосмотр", "узи", "мрт",
            "mri", "x-ray", "xray", "рентген", "optometrist", "линз", "lenses", "contact lenses", "зуб", "ортодонт", "брекет",
            "braces", "психолог", "psycholog", "psychiatr", "психиатр", "therapist", "counseling", "физиотерап", "chiropract",
            "поликлиник", "прием врач", "прием у врач", "инвитро", "invitro", "гемотест", "хеликс", "сдал анализ",
            "йога", "yoga", "pilates", "пилатес", "бассейн", "swimming pool", "тренер", "personal trainer", "тренировк",
            "workout", "crossfit", "кроссфит", "planet fitness", "equinox", "бад", "supplements", "protein", "протеин",
            "пластыр", "бинт", "band-aid", "tylenol", "advil", "нурофен", "парацетамол", "антибиотик", "капли", "сироп",
            "таблет", "мазь", "health", "здоров", "medication", "meds", "vitamins", "аптека", "абонемент в зал",
            "абонемент в спортзал", "зал", "качалк", "фитнес", "gym", "dentist", "doctor", "physio", "lab test", "blood test",
        ],
        "education": [
            "учеб", "тетрад", "канцеляр", "stationery", "school supplies", "ручк", "карандаш", "skillbox", "нетологи",
            "geekbrains", "практикум", "masterclass", "lessons", "tuition", "детский сад", "детсад", "садик", "kindergarten",
            "daycare", "preschool", "обучени", "study", "olympiad", "олимпиад", "лекци", "lecture", "conference",
            "конференц", "workshop", "мастер-класс", "мастер класс", "книжн", "литрес", "litres", "kindle", "student",
            "студенч", "матеш", "математик", "math", "физик", "химия", "язык", "language", "english", "английск", "tutoring",
            "онлайн-курс", "онлайн курс", "класс", "class", "classes", "seminar", "certification", "сертификац", "exam fee",
            "колледж", "institute", "институт", "логопед", "развивашк", "бизнес-школ", "учебник", "textbook", 
        ],
        "entertainment": [
            "стендап", "standup", "stand-up", "comedy", "шоу", "спектакл", "балет", "ballet", "мюзикл",
            "musical", "аквапарк", "waterpark", "каток", "коньки", "skating", "горнолыж", "ski", "батут", "trampoline",
            "пейнтбол", "paintball", "лазертаг", "картинг", "karting", "go kart", "escape room", "arcade", "аркад", "игров",
            "ps5", "epic games", "roblox", "робукс", "robux", "донат", "v-bucks", "казино", "casino", "ставк", "bet",
            "лотере", "lottery", "hobby", "хобби", "отпуск", "vacation", "отел", "hotel", "гостиниц", "airbnb", "хостел",
            "hostel", "экскурси", "tour", "тур", "gallery", "галере", "ярмарк", "парк", "brewery", "winery", "night out",
            "beers", "beer", "пивко", "пивас", "alcohol", "алкогол", "водк", "vodka", "whiskey", "виски", "коньяк",
            "liquor", "сидр", "cider", "бухло", "tickets", "ticketmaster", "stubhub", "кинотеатр", "imax", "amc",
            "фильм", "movies", "film", "netflix night", "развлечен", "fun", "концерт", "fest", "гулянк", "тусовк", "бильярд",
            "dart", "golf", "гольф", "fishing", "рыбалк", "кемпинг", "camping", "пикник", "picnic",
        ],
        "clothing": [
            "old navy", "gap", "nike", "найк", "adidas", "адидас", "puma", "reebok", "new balance", "levi", "forever 21",
            "nordstrom", "macy", "kohls", "kohl's", "tj maxx", "tjmaxx", "marshalls", "ross", "shein", "asos", "gloria jeans",
            "глория джинс", "остин", "befree", "love republic", "бершк", "bershka", "pull&bear", "reserved", "lacoste",
            "пуховик", "жилет", "vest", "шорт", "shorts", "леггинс", "leggings", "колготк", "tights", "бюстгальт", "bra",
            "пижам", "pajamas", "халат", "кофта", "кофту", "кофты", "кофтой", "кофточк", "свитшот", "sweatshirt", "толстовк", "пиджак", "blazer", "костюм", "suit",
            "галстук", "tie", "ремень", "belt", "сумк", "кошелек", "wallet", "кепк", "варежк", "кеды", "тапк", "тапоч",
            "slippers", "сандал", "sandals", "шлепк", "flip flops", "heels", "каблук", "sneaker", "trainers", "ботильон",
            "угги", "ugg", "зонт", "umbrella", "украшен", "jewelry", "серьг", "earrings", "shoe", "обувь", "кроссовок",
            "кросовк", "apparel", "outfit", "наряд", "одежк", "шмот", "tee", "блузк", "blouse",
            "водолазк", "лонгслив", "мех", "пальт", "шуба", "шубу", "плащ", "raincoat", "parka", 
        ],
        "food": [
            "перекрест", "окей", "спар", "spar", "верный", "светофор", "вкусвил", "ленте", "магните", "пятерке", "пятерка",
            "лавк", "яндекс лавк", "сбермаркет", "купер", "kuper", "delivery club", "деливери", "яндекс еда", "яндекс еду",
            "вкусно и точка", "вкусно", "теремок", "шоколадниц", "кофе хаус", "coffee house", "cofix", "кофикс", "даблби",
            "surf coffee", "додо", "dodo", "папа джонс", "papa john", "domino", "доминос", "ростикс", "rostics", "хачапур",
            "хинкал", "плов", "лагман", "вареник", "блин", "блинч", "пирог", "поке", "poke", "фалафел", "falafel", "гриль",
            "шашлык", "кебаб", "kebab", "хот-дог", "хотдог", "hot dog", "hotdog", "круассан", "croissant", "бейгл", "bagel",
            "бублик", "сок", "juice", "смузи", "smoothie", "лимонад", "lemonade", "газировк", "кола", "coke", "pepsi",
            "энергетик", "redbull", "печень", "cookie", "конфет", "candy", "сладост", "snacks", "орех", "мука", "сахар",
            "sugar", "рис", "rice", "макарон", "pasta", "круп", "гречк", "овсянк", "oatmeal", "кефир", "йогурт", "yogurt",
            "творог", "сметан", "колбас", "сосиск", "ветчин", "бекон", "bacon", "курин", "куриц", "говядин", "свинин",
            "фарш", "beef", "pork", "ham", "steak", "стейк", "лосос", "salmon", "креветк", "shrimp", "помидор", "огурц",
            "огурец", "tomato", "картофел", "potato", "лук", "onion", "морков", "carrot", "капуст", "яблок", "банан",
            "banana", "апельсин", "мандарин", "виноград", "ягод", "авокадо", "avocado", "зелень", "продуктов", "рынок",
            "рынке", "farmers market", "grocer", "safeway", "kroger", "publix", "wegmans", "heb", "h-e-b", "albertsons",
            "sprouts", "food lion", "stop & shop", "meijer", "wholefoods", "trader joe", "traderjoe", "chipotle", "taco bell",
            "wendy", "chick-fil-a", "chickfila", "chick fil a", "popeyes", "panera", "dunkin", "tim hortons", "peet",
            "dutch bros", "pret", "shake shack", "five guys", "in-n-out", "jersey mike", "jimmy john", "panda express",
            "olive garden", "applebee", "ihop", "denny", "waffle house", "arby", "buffalo wild", "postmates", "instacart",
            "seamless", "ubereats", "taco", "tacos", "burrito", "буррито", "ramen", "рамен", "noodles", "лапш", "curry",
            "карри", "thai food", "indian food", "chinese food", "takeaway", "поел", "поели", "пообедал", "поужинал",
            "позавтракал", "перекусил", "espresso", "эспрессо", "mocha", "frappuccino", "какао", "cocoa", "hot chocolate",
            "флэт уайт", "буфет", "кулинар", "deli", "diner", "bistro", "бистро", "grill", "dessert", "десерт", "пирожн",
            "морожен", "кондитер", "питьевая вод", "бутылка вод", "water bottle", "кофейн", "кафешк", "ресторанчик", "рест",
            "бургерн", "пиццери", "pizzeria", "sushi bar", "суши бар", "еду", "покушать", "food court", "фудкорт",
            "mcdonalds", "mc donalds", "макдоналдс", "мак дак", "kfc", "starbucks", "dominos",
            "sandwich", "продуктовый", "grocery store", "costco", "walmart", "sam's club", "bj's", "ресторане", "кафе",
            "dining", "dine", "eat out", "eating out", "takeout", "перекус", "snack", "foodpanda", "glovo", "wolt",
        ],
    ] }

    /// More stems that make a phrase an income.
    static let moreIncomeStems = [
        "refunded", "reimbursed", "reimbursement", "rebate", "chargeback", "payout", "payroll", "direct deposit",
        "allowance", "компенсац", "compensation", "зачислен", "поступлени", 
        "подработк", "халтур", "карманные", "side gig", "tax refund", "возвращ", "продала", "продали",
    ]

    /// More two-word phrases that make an income.
    static let moreIncomePairs: [(String, String)] = [
        ("venmo", "from"), ("zelle", "from"), ("paypal", "from"), ("cashapp", "from"), ("refund", "from"),
        ("got", "refund"), ("got", "back"), ("скинул", "мне"), ("скинула", "мне"), ("скинули", "мне"), ("перевел", "мне"),
        ("перевела", "мне"), ("прислал", "мне"), ("прислала", "мне"), ("вернул", "долг"), ("вернула", "долг"),
        ("paid", "me"),
    ]
}
