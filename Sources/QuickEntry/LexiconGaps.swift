// Category families found missing by the fifth blind set's misses, written from what
// households buy (not from the set's phrases): household consumables (`other`: used up, not
// part of the home), vitamins and supplements, lab tests and sports courts (`health`), car
// sharing, car rental, car brands, EV charging and airlines (`transport`), software, password
// managers, cloud and hosting tools (`subscriptions`), gas and power companies (`utilities`).
// Appended to each category's list (see `Lexicon.categories`); same stem rules as elsewhere.

extension Lexicon {
    static let gapCategoryStems = makeGapCategoryStems()
    @_optimize(none) // a table built once: see the note at the top of Lexicon.swift
    private static func makeGapCategoryStems() -> [String: [String]] { [
        "other": [
            // Household consumables: bought again and again, like toiletries.
            "бытовая хими", "бытовую хими", "бытовой хими", "бытовых хими", "бытовухи", "бытовуха", "хими для дома",
            "стирального порошк", "порошок", "порошк", "гель для стирки", "капсулы для стирки", "кондиционер для белья",
            "средство для", "средства для", "моющ", "чистящ", "фейри", "fairy", "туалетн", "салфетк", "губк", "тряпк",
            "пакеты для мусора", "мешки для мусора", "мусорные пакет", "мусорные мешк", "освежител", "отбеливател",
            "белизна", "белизну", "доместос", "domestos", "персил", "persil", "ариэль", "ariel", "тайд", "ополаскивател",
            "таблетки для посудомойк", "зубочистк", "ватные", "ватных", "фольг", "пищевая пленк", "пищевую пленк",
            "пергамент", "бумажные полотенц", "household supplies", "household items", "cleaning supplies",
            "cleaning products", "paper towels", "paper towel", "toilet paper", "detergent", "laundry detergent",
            "dish soap", "dishwasher pods", "dishwasher tablets", "bleach", "sponges", "sponge", "trash bags",
            "garbage bags", "bin bags", "clorox", "lysol", "windex", "swiffer", "mr clean", "febreze", "charmin",
            "kleenex", "tissues", "napkins", "ziploc", "aluminum foil", "tin foil", "plastic wrap", "cling film",
            "fabric softener", "dryer sheets", "tide pods", "tide", "downy", "wet wipes", "стиральный порошок",
            "стиральные капсул", "стиральный гель",
        ],
        "health": [
            // Vitamins and supplements.
            "мультивитамин", "витаминк", "витамины", "бады", "мелатонин", "коллаген", "пробиотик", "биотин", "цинк",
            "железо в таблетк", "рыбий жир", "креатин", "электролит", "multivitamin", "multi-vitamin", "multivitamins",
            "vitamins", "vitamin", "supplement", "omega", "fish oil", "melatonin", "collagen", "probiotic", "biotin",
            "zinc", "magnesium", "iron pills", "electrolytes", "creatine", "whey",
            // Lab tests and scans.
            "blood", "labwork", "lab work", "lab", "cholesterol", "glucose", "a1c", "urinalysis", "biopsy", "pcr",
            "covid test", "strep test", "allergy test", "mammogram", "colonoscopy", "endoscopy",
            "анализы", "анализ крови", "пцр", "биохими", "гормон", "ттг", "маммограф", "скрининг", "обследовани",
            // Sports played on a court or in a hall, like the gym.
            "tennis", "теннис", "корт", "корта", "корту", "корте", "кортов", "squash", "сквош", "padel", "падел", "badminton", "бадминтон", "pickleball",
            "climbing gym", "bouldering", "скалодром", "boxing", "бокс", "карате", "дзюдо", "тхэквондо",
            "единоборств", "martial arts", "karate", "judo", "jiu jitsu", "jiu-jitsu", "футбольн", "court fee",
        ],
        "transport": [
            // Car sharing, car rental, ride and charging services.
            "zipcar", "getaround", "turo", "car2go", "share now", "free2move", "evo car", "communauto", "gig car",
            "car share", "carshare", "car sharing", "carsharing", "car rental", "rental car", "rent a car", "rent-a-car",
            "hertz", "avis", "enterprise", "sixt", "europcar", "alamo", "thrifty", "budget car",
            "national car", "прокат авто", "прокат машин", "аренда авто", "аренда машин", "аренда автомобил",
            "каршеринг", "делимобил", "ситидрайв", "белкакар", "яндекс драйв", "matreshcar", "матрешкар",
            "supercharger", "chargepoint", "electrify america", "ev charge", "зарядная станци", "электрозаправк",
            "parkmobile", "spothero", "паркон", "valet",
            // Car brands and dealers (a service, a part, a payment).
            "toyota", "тойот", "honda", "хонд", "ford", "форд", "chevy", "chevrolet", "шевроле", "bmw", "бмв",
            "mercedes", "мерседес", "audi", "ауди", "volkswagen", "фольксваген", "kia", "киа", "hyundai", "хендай",
            "хундай", "nissan", "ниссан", "subaru", "субару", "mazda", "мазд", "tesla", "тесл", "lada",
            "лада", "ваз", "жигул", "skoda", "шкод", "renault", "рено", "volvo", "вольво", "lexus", "лексус", "jeep",
            "джип", "geely", "джили", "haval", "хавал", "chery", "черри", "dealership", "автосалон", "автодилер",
            // Airlines, Russian and foreign, and flying words.
            "аэрофлот", "aeroflot", "победа", "pobeda", "s7", "ютэйр", "utair", "уральские авиалинии",
            "ural airlines", "nordwind", "нордвинд", "норд винд", "red wings", "ред вингс", "smartavia",
            "смартавиа", "ираэро", "turkish airlines", "pegasus", "emirates", "qatar", "flydubai",
            "etihad", "airlines", "airline", "airways", "авиакомпани", "авиалини", "авиаперелет", "перелет", "рейс",
            "багаж", "baggage", "checked bag", "bag fee", "spirit airlines", "frontier airlines", "allegiant",
            "hawaiian airlines", "air canada", "westjet", "british airways", "virgin atlantic", "klm", "air france",
            "lufthansa", "ryanair", "easyjet", "wizz", "vueling", "norwegian air", "finnair", "iberia", "aeromexico",
            "qantas", "cathay", "singapore airlines", "airasia", "delta", "united airlines", "southwest", "jetblue", "jet blue",
        ],
        "subscriptions": [
            // Software, password managers, cloud storage, hosting and work tools.
            "password", "password manager", "bitwarden", "dashlane", "lastpass", "1password", "keepass", "proton",
            "protonmail", "fastmail", "zoom", "slack", "figma", "miro", "trello", "asana", "todoist", "grammarly",
            "jetbrains", "setapp", "cleanmymac", "parallels", "backblaze", "carbonite", "aws", "google cloud", "gcp",
            "azure", "digitalocean", "heroku", "vercel", "netlify", "cloudflare", "godaddy", "namecheap", "domain",
            "hosting", "хостинг", "домен", "squarespace", "wix", "wordpress", "shopify", "mailchimp", "zapier",
            "airtable", "pcloud", "google drive", "google workspace", "gsuite", "icloud+", "malwarebytes", "norton",
            "mcafee", "kaspersky", "касперск", "антивирус", "antivirus", "avast", "bitdefender", "eset",
            "software license", "software", "софт", "saas", "яндекс диск", "облако mail", "vk cloud", "гугл диск", "gemini",
            "perplexity", "cursor", "anthropic", "deepl", "copilot", "chatgpt plus", "app store", "google play",
        ],
        "entertainment": [
            // Things hired for fun (so "rental skates", «прокат лыж» read as fun).
            "лыж", "skates", "snowboard", "kayak", "canoe", "paddleboard", "sup board", "байдарк", "сапборд",
        ],
        "food": ["7-eleven", "7eleven"],
        "utilities": [
            // A bill on its own is a utility's ("gass bill"); gas and power bills ("gas" alone is fuel).
            "bill", "bills",
            "gas company", "gas service", "gas utility", "gas & electric", "gas electric", "natural gas",
            "electric company", "power company", "газоснабжени", "газовая служб", "горгаз", "межрегионгаз",
            "газпром межрегионгаз", "socalgas", "nicor", "peoples gas", "centerpoint", "xcel", "pse&g",
        ],
    ] }

    /// Words that say how something was paid for, not what it was: renting (a home, unless
    /// another word names what was rented: a car, a court, skis) and tickets (to what: a train,
    /// a flight, a concert). Another word's category comes first (`Reading.readCategory`).
    /// Names written with digits, read as one word (not a number and a letter).
    static let namesWithDigits = ["1password", "7-eleven", "7eleven", "s7", "microsoft 365", "office 365", "яндекс 360",
                                   "омега-3", "омега 3", "omega-3", "omega 3", "24 hour fitness"]

    static let rentWords = ["rent", "rental", "rentals", "rented", "renting", "аренд", "прокат", "hire"]
    static let ticketWords = ["билет", "ticket", "tickets"]
}

extension Lexicon {
    /// Whether the words hold a several-word list name with one typo in one word after the
    /// first ("gas bil" → gas bill, "blood tset" → blood test): that word one edit away, its
    /// first letter kept, the listed word four letters or more; the last word may be a stem.
    static func nearlyPhrase(_ stem: String, in words: [String]) -> Bool {
        let parts = stem.split(separator: " ").map(String.init)
        guard parts.count >= 2, words.count >= parts.count else { return false }
        for start in 0...(words.count - parts.count) {
            var typos = 0
            var matched = true
            for (k, part) in parts.enumerated() {
                let w = words[start + k]
                if w == part || k == parts.count - 1 && w.hasPrefix(part) { continue }
                if k > 0, typos == 0, part.count >= 4, w.count >= 3, w.first == part.first, Fuzzy.withinOne(Array(w), Array(part)) {
                    typos += 1; continue
                }
                matched = false; break
            }
            if matched && typos == 1 { return true }
        }
        return false
    }

    /// Whether a word is one the category lists or the paying verbs know as it is (so it is
    /// never read as a typo of an income word).
    static func knownAsItIs(_ w: String) -> Bool {
        singleWordCategories.contains { $0.1.contains { Fuzzy.hasStem(w, $0, typos: false) } }
            || spendingVerbs.contains { Fuzzy.hasStem(w, $0, typos: false) }
    }
}
