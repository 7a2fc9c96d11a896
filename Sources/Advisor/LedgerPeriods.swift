import Engine

// The periods a ledger question names (LedgerQuestion.swift reads the rest): today, yesterday,
// this/last week and month, a month by name, since payday, a range of days.

extension LedgerQuestionReader {
    static func month(_ name: LedgerQuestion.PeriodName, _ month: YearMonth, today: Day) -> LedgerQuestion.Period {
        LedgerQuestion.Period(name: name, from: month.firstDay, through: min(month.lastDay, today))
    }

    /// The period the words name, or nil (`namedPeriod`); after since / с / seit, from its first
    /// day through today ("since last week", «с прошлого месяца», "seit letzter Woche").
    static func readPeriod(_ words: [String], today: Day, language: Language, used: inout Set<Int>) -> LedgerQuestion.Period? {
        let before = used
        guard let period = namedPeriod(words, today: today, language: language, used: &used) else { return nil }
        let named: Bool
        switch period.name { case .lastWeek, .lastMonth, .month, .yesterday: named = true; default: named = false }
        // (A range reads its own «с»: «с 1 по 15 ноября»; "change since last month", «по сравнению с
        // прошлым» compare with it.)
        let text = " " + words.joined(separator: " ") + " "
        if named, period.through < today, let first = used.subtracting(before).min(), first > 0, sinceWords.contains(words[first - 1]),
           !compareCues.contains(where: { text.contains(" " + $0) }) {
            used.insert(first - 1)
            return LedgerQuestion.Period(name: .range, from: period.from, through: today)
        }
        return period
    }

    /// The period the words name, or nil: today, yesterday, this/last week, this/last month, a
    /// month by its name (the latest one not after today).
    static func namedPeriod(_ words: [String], today: Day, language: Language, used: inout Set<Int>) -> LedgerQuestion.Period? {
        // A phrase is there when its words begin words in a row (an inflection: «предыдущ месяц» is
        // «в предыдущем месяце»); a phrase ending in a space wants its last word whole ("this mo ").
        func has(_ phrases: [String]) -> Bool {
            var found = false
            for phrase in phrases where !found {
                let parts = phrase.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
                let whole = phrase.hasSuffix(" ")
                for start in 0...max(0, words.count - parts.count) where start + parts.count <= words.count {
                    if parts.indices.allSatisfy({ i in whole && i == parts.count - 1 ? words[start + i] == parts[i] : words[start + i].hasPrefix(parts[i]) }) {
                        found = true
                        for i in parts.indices { used.insert(start + i) }
                    }
                }
            }
            return found
        }
        let weekStart = today.adding(days: -((today.weekday - (language.weekStartsMonday ? 1 : 0) + 7) % 7))
        if let range = readRange(words, today: today, language: language, used: &used) { return range }
        if let from = lastDays(words, today: today, used: &used) {
            return LedgerQuestion.Period(name: .range, from: from, through: today)
        }
        if let span = monthThird(words, today: today, used: &used) ?? quarterSpan(words, today: today, used: &used) ?? weekendSpan(words, today: today, used: &used)
            ?? seasonSpan(words, today: today, used: &used) ?? calendarWeek(words, today: today, used: &used)
            ?? weekdaySpan(words, today: today, used: &used) { return span }
        // With a month named, "this year" / "last year" say which year it is ("November last year").
        let monthNamed = words.indices.contains { monthNumber(words[$0], previous: $0 > 0 ? words[$0 - 1] : nil) != nil }
        var namedYear: Int?
        if has(["this year", "this yr", "so far this year", "year to date", "ytd ", "этом году", "этот год", "текущ году", "с начала года",
                "за год", "dieses jahr", "diesem jahr", "seit jahresbeginn", "seit jahresanfang", "seit anfang des jahres", "seit beginn des jahres", "heuer", "im heurigen jahr",
                "since the start of the year", "since the beginning of the year", "so far this yr"]) {
            if !monthNamed { return year(today.year, today: today) }
            namedYear = today.year
        }
        if has(["last year", "previous year", "прошлом году", "прошлый год", "прошлого года", "предыдущ год", "letztes jahr", "letzten jahr",
                "letzten jahres", "vergangenes jahr", "vergangenen jahr", "vorjahr"]) {
            if !monthNamed { return year(today.year - 1, today: today) }
            namedYear = today.year - 1
        }
        if has(["month before last", "позапрошл месяц", "позапрошлом месяц", "позапрошлый месяц", "позапрошлого месяц",
                "vorletzten monat", "vorletzter monat", "vorvorigen monat"]) {
            let named = today.yearMonth.adding(months: -2)
            return month(.month(named), named, today: today)
        }
        if has(["since the start of the month", "since the beginning of the month", "since the start of this month", "since the 1st",
                "с начала месяц", "с начала этого месяц", "seit monatsanfang", "seit monatsbeginn", "seit anfang des monats"]) {
            return month(.thisMonth, today.yearMonth, today: today)
        }
        if has(["day before yesterday", "позавчера", "vorgestern"]) {
            let day = today.adding(days: -2)
            return LedgerQuestion.Period(name: .range, from: day, through: day)
        }
        if has(["yesterday", "вчера", "gestern "]) {
            let day = today.adding(days: -1)
            return LedgerQuestion.Period(name: .yesterday, from: day, through: day)
        }
        if has(["today", "сегодня", "heute", "for the day"]) { return LedgerQuestion.Period(name: .today, from: today, through: today) }
        if has(["week before last", "позапрошл недел", "позапрошлой недел", "позапрошлую недел", "позапрошлая недел", "vorletzte woche", "vorletzten woche"]) {
            return LedgerQuestion.Period(name: .range, from: weekStart.adding(days: -14), through: weekStart.adding(days: -8))
        }
        if has(["last week", "past week", "previous week", "прошл недел", "прошлой недел", "прошлую недел", "прошлая недел",
                "предыдущ недел", "прошедш недел", "последнюю недел", "последней недел", "последняя недел", "letzte woche", "letzten woche", "letzter woche", "vorige woche", "vorigen woche", "vergangene woche", "vergangenen woche", "vorwoche",
                "last wk", "past wk", "previous wk", "prev week", "prev wk"]) {
            return LedgerQuestion.Period(name: .lastWeek, from: weekStart.adding(days: -7), through: weekStart.adding(days: -1))
        }
        if has(["this week", "since the start of the week", "since the beginning of the week", "с начала недели", "seit anfang der woche",
                "seit wochenbeginn", "seit wochenanfang", "seit beginn der woche", "текущ недел", "этой недел", "эту недел", "эта недел", "за неделю", "на неделе", "diese woche", "dieser woche", "aktuellen woche", "laufenden woche", "this wk"]) {
            return LedgerQuestion.Period(name: .thisWeek, from: weekStart, through: today)
        }
        if has(["last month", "past month", "previous month", "прошлом месяц", "прошлый месяц", "прошлого месяц", "прошлым месяц", "прошлому месяц", "прошл месяц",
                "предыдущ месяц", "последн месяц", "прошедш месяц", "прошл мес ", "прошлом мес ", "предыдущ мес ", "letzten monat", "letzter monat", "vorigen monat", "voriger monat", "vergangenen monat", "vergangener monat",
                "vormonat", "last mo ", "prev month", "prev mo ", "letztem monat"]) {
            return month(.lastMonth, today.yearMonth.previous, today: today)
        }
        // «За месяц», «в месяц» alone are this month; «за октябрь месяц» is October.
        if !monthNamed && has(["за месяц", "в месяц", "месяц "]) || has(["this month", "этом месяц", "этот месяц", "текущ месяц", "diesen monat", "diesem monat", "aktuellen monat", "laufenden monat",
                "this mo ", "so far this", "month so far", "mtd ", "этом мес ", "текущ мес "]) {
            return month(.thisMonth, today.yearMonth, today: today)
        }
        for (index, word) in words.enumerated() {
            guard let number = monthNumber(word, previous: index > 0 ? words[index - 1] : nil) else { continue }
            used.insert(index)
            var named = YearMonth(year: namedYear ?? today.year, month: number)!
            if let next = words.dropFirst(index + 1).first, let year = Int(next), (2000...2100).contains(year) {
                named = YearMonth(year: year, month: number)!
                used.insert(index + 1)
            } else if named > today.yearMonth {
                named = named.adding(months: -12)
            }
            if let part = monthPart(words, before: index, named, today: today, used: &used) { return part }
            if named == today.yearMonth { return month(.thisMonth, named, today: today) }
            return month(.month(named), named, today: today)
        }
        return yearAlone(words, today: today, used: &used)
    }

    /// The part of the month named at `index` the words before it name, or nil: since it ("since
    /// October", "since the start of October", «с начала октября», "seit Anfang Oktober": its first
    /// day through today) or its first or second half ("the first half of October", «в первой
    /// половине октября», "in der ersten Hälfte des Oktobers": the 1st–15th, the 16th–its end).
    static func monthPart(_ words: [String], before index: Int, _ named: YearMonth, today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        let fillers: Set<String> = ["the", "start", "beginning", "of", "начала", "начало", "anfang", "beginn", "des", "dem", "от"]
        var i = index - 1
        while i >= 0, fillers.contains(words[i]) { i -= 1 }
        if i >= 0, sinceWords.contains(words[i]) {
            used.formUnion(i..<index)
            return LedgerQuestion.Period(name: .range, from: named.firstDay, through: today)
        }
        guard let half = (max(0, index - 4)..<index).first(where: { ["half", "половин", "hälfte", "haelfte", "halfte"].contains(where: words[$0].hasPrefix) }),
              half > 0 else { return nil }
        let which = words[half - 1]
        let first = ["first", "перв", "erst"].contains(where: which.hasPrefix), second = ["second", "втор", "zweit"].contains(where: which.hasPrefix)
        guard first || second else { return nil }
        used.formUnion((half - 1)..<index)
        let middle = Day(year: named.year, month: named.month, day: 15)!
        return first ? LedgerQuestion.Period(name: .range, from: named.firstDay, through: min(middle, today))
            : LedgerQuestion.Period(name: .range, from: middle.adding(days: 1), through: min(named.lastDay, today))
    }

    /// 1 January through 31 December of `number`, stopping today.
    static func year(_ number: Int, today: Day) -> LedgerQuestion.Period {
        LedgerQuestion.Period(name: .range, from: Day(year: number, month: 1, day: 1)!, through: min(Day(year: number, month: 12, day: 31)!, today))
    }

    /// A year named alone ("in 2025", «в 2025 году», "im Jahr 2025", "ausgaben 2025"): that year up
    /// to today; after since / с / seit, from its first day through today. A year from 2000 to this
    /// one, not after a word of amounts ("more than 2025") nor before a unit ("2025 rubles").
    static func yearAlone(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        for (index, word) in words.enumerated() {
            guard word.count == 4, let number = Int(word), (2000...today.year).contains(number) else { continue }
            let before = index > 0 ? words[index - 1] : "", after = index + 1 < words.count ? words[index + 1] : ""
            guard !amountWords.contains(before), !unitWords.contains(where: { after.hasPrefix($0) }) else { continue }
            used.insert(index)
            if ["год", "году", "года", "year", "jahr"].contains(after) { used.insert(index + 1) }
            if ["year", "jahr"].contains(before) { used.insert(index - 1) }
            if sinceWords.contains(before) {
                return LedgerQuestion.Period(name: .range, from: Day(year: number, month: 1, day: 1)!, through: today)
            }
            return year(number, today: today)
        }
        return nil
    }

    /// "Since" before a day, a month, a year or a weekday: from it through today.
    static let sinceWords: Set<String> = ["since", "с", "со", "seit"]

    /// Words before a number that make it an amount ("more than 2025", «больше 20»), not a date (not
    /// "uber": the merchant Uber far more often than "über" typed without its umlaut).
    static let amountWords: Set<String> = ["than", "over", "under", "above", "below", "about", "around", "top", "чем", "больше", "меньше", "более",
                                           "менее", "свыше", "около", "als", "über", "ueber", "unter", "mehr", "weniger", "etwa", "rund"]

    /// Words after a number that make it an amount or a count, not a date ("5 times", «2025 рублей»).
    static let unitWords = ["time", "раз", "mal", "dollar", "buck", "usd", "eur", "euro", "руб", "р ", "тыс", "rub", "purchase", "покуп", "einkauf"]

    /// "In the last 30 days", «за последние 7 дней», "in den letzten 14 tagen", "the past two
    /// weeks", «за две недели», «за 30 дней», "over 30 days", "30 days", "the last 3 months": a
    /// number of days, weeks or months after a word of the past (last, past, previous, последние,
    /// letzten, vergangenen), after over / in / for / within / за / in / der / den, or opening the
    /// question ("past week" alone is not this: a week by the calendar). N days are today and the
    /// N − 1 before; N weeks, 7 × N days; N months, from the day after the same day N months ago.
    /// Never with a word of the future ("next", "will", «следующие», "nächsten"). The first day, or nil.
    static func lastDays(_ words: [String], today: Day, used: inout Set<Int>) -> Day? {
        let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10, "fourteen": 14, "thirty": 30,
                           "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "десять": 10, "четырнадцать": 14, "тридцать": 30,
                           "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "zehn": 10, "vierzehn": 14, "dreißig": 30]
        let future = ["next", "will", "coming", "следующ", "ближайш", "будущ", "буду", "nächst", "kommend", "werde"]
        guard !words.contains(where: { word in future.contains { word.hasPrefix($0) } }) else { return nil }
        let pastWords = ["last", "past", "previous", "прошедш", "последн", "letzt", "vergangen"]
        // "The last fortnight", "past fortnight": two weeks (British English has the word).
        if let index = words.firstIndex(where: { $0 == "fortnight" }), index > 0,
           pastWords.contains(where: { words[index - 1].hasPrefix($0) }) || ["the", "a", "over", "in", "for", "within"].contains(words[index - 1]) {
            used.formUnion([index - 1, index])
            return today.adding(days: -13)
        }
        for index in words.indices.dropLast() {
            guard let number = Int(words[index]) ?? numberWords[words[index]], (1...366).contains(number) else { continue }
            let unit = words[index + 1]
            let days = ["day", "дн", "дня", "день", "tag"].contains(where: { unit.hasPrefix($0) }) ? 1
                : ["week", "недел", "woche"].contains(where: { unit.hasPrefix($0) }) ? 7
                : ["month", "месяц", "monat", "monate"].contains(where: { unit.hasPrefix($0) }) ? 30 : 0
            let before = index > 0 ? words[index - 1] : ""
            guard days > 0, index == 0 || pastWords.contains(where: { before.hasPrefix($0) })
                    || ["за", "in", "over", "for", "within", "during", "the", "der", "den", "während", "binnen"].contains(before) else { continue }
            used.formUnion([index - 1, index, index + 1].filter { $0 >= 0 })
            if days == 30 {
                let month = today.yearMonth.adding(months: -number)
                return Day(year: month.year, month: month.month, day: min(today.day, month.lastDay.day))!.adding(days: 1)
            }
            return today.adding(days: -(number * days - 1))
        }
        return nil
    }

    /// "From 1 to 15 November", «с 1 по 15 ноября», "between Oct 3 and Oct 10", "5-20 October",
    /// "vom 1. bis 15. November": two day numbers, each in the month named nearest to it (the
    /// other's when it has none; this month when neither has), the latest such days not after
    /// today; nil without two day numbers, or when a day does not exist.
    static func readRange(_ words: [String], today: Day, language: Language = .en, used: inout Set<Int>) -> LedgerQuestion.Period? {
        var numbers: [(index: Int, day: Int)] = []
        var months: [(index: Int, month: Int)] = []
        // The year a date is written with ("14.10.2026", "10/14/2025"), when one is.
        var written: Int?
        func dayNumber(_ text: Substring) -> Int? {
            let digits = text.prefix { $0.isNumber }
            let rest = text.dropFirst(digits.count)
            guard (1...2).contains(digits.count), ["", "st", "nd", "rd", "th", "го", "е", "ое", "ого", "-го", "-е", "-ое"].contains(String(rest)),
                  let value = Int(digits), (1...31).contains(value) else { return nil }
            return value
        }
        for (index, word) in words.enumerated() {
            let pieces = word.split(separator: "-", omittingEmptySubsequences: false)
            var slashed = word.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            if slashed.count == 3, let year = slashed[2], (2000...today.year).contains(year) || (0...99).contains(year) && 2000 + year <= today.year {
                written = year < 100 ? 2000 + year : year
                slashed.removeLast()
            }
            if slashed.count == 2, let a = slashed[0], let b = slashed[1] {
                // "10/1": month/day in English, day/month otherwise.
                let (m, d) = language == .en ? (a, b) : (b, a)
                guard (1...12).contains(m), (1...31).contains(d) else { continue }
                numbers.append((index, d))
                months.append((index, m))
            } else if let ordinal = ordinalDay(word, next: index + 1 < words.count ? words[index + 1] : nil) {
                numbers.append((index, ordinal))
            } else if pieces.count == 2, let a = dayNumber(pieces[0]), let b = dayNumber(pieces[1]) {
                numbers += [(index, a), (index, b)]
            } else if let day = dayNumber(Substring(word)) {
                numbers.append((index, day))
            } else if let month = monthNumber(word, previous: index > 0 ? words[index - 1] : nil) {
                months.append((index, month))
            } else if ["may", "march", "mar"].contains(word),
                      [index - 1, index + 1].contains(where: { $0 >= 0 && $0 < words.count && dayNumber(Substring(words[$0])) != nil }) {
                months.append((index, word == "may" ? 5 : 3))
            }
        }
        func month(of number: (index: Int, day: Int)) -> Int? {
            months.min { a, b in
                let da = abs(a.index - number.index), db = abs(b.index - number.index)
                return da != db ? da < db : a.index > b.index
            }?.month
        }
        // The day one number names, its words then read: in its month if one is named, else this
        // month (last month when the day is still to come); a year back when that is after today.
        func namedDay(_ only: (index: Int, day: Int)) -> Day? {
            let named = month(of: only) ?? (only.day <= today.day ? today.month : today.yearMonth.previous.month)
            guard var day = Day(year: written ?? today.year, month: named, day: only.day) else { return nil }
            if day > today, written == nil { guard let earlier = Day(year: today.year - 1, month: named, day: only.day) else { return nil }; day = earlier }
            used.insert(only.index)
            for month in months { used.insert(month.index) }
            return day
        }
        // One day after "since" or, alone, "from" ("since the 5th", «с 5 ноября», "seit dem 3. Oktober", "from
        // Nov 1 until today"): from it through today.
        if numbers.count == 1, let only = numbers.first,
           words[max(0, only.index - 2)..<only.index].contains(where: { sinceWords.contains($0) || ["starting", "from", "von", "vom"].contains($0) }) {
            guard let from = namedDay(only) else { return nil }
            return LedgerQuestion.Period(name: .range, from: from, through: today)
        }
        // One date alone ("1.10", "10/1", "on October 1", «1 октября», "am 1. Oktober", "on the 5th"): that day.
        if numbers.count == 1, let only = numbers.first, isDate(only.index, words, months: months.map(\.index)) {
            guard let day = namedDay(only) else { return nil }
            return LedgerQuestion.Period(name: .range, from: day, through: day)
        }
        if numbers.isEmpty, let span = monthSpan(words, months, today: today) {
            for month in months { used.insert(month.index) }
            return span
        }
        guard numbers.count >= 2 else { return nil }
        let first = numbers[0], second = numbers[1]
        let startMonth = month(of: first) ?? month(of: second) ?? today.month
        let endMonth = month(of: second) ?? startMonth
        var year = written ?? today.year
        guard var from = Day(year: year, month: startMonth, day: first.day) else { return nil }
        if from > today, written == nil { year -= 1; guard let earlier = Day(year: year, month: startMonth, day: first.day) else { return nil }; from = earlier }
        guard var through = Day(year: year, month: endMonth, day: second.day) else { return nil }
        if through < from { guard let later = Day(year: year + 1, month: endMonth, day: second.day) else { return nil }; through = later }
        for number in numbers.prefix(2) { used.insert(number.index) }
        for month in months { used.insert(month.index) }
        return LedgerQuestion.Period(name: .range, from: from, through: min(through, today))
    }

    /// Whether the day number at `index` is a date on its own: written with its month ("1/10"), next
    /// to a month's name ("October 1", "1st of October", «1 октября»), or an ordinal after the / on /
    /// am ("on the 5th", «5-го»); never an amount or a count ("more than 20", "october 5 times").
    static func isDate(_ index: Int, _ words: [String], months: [Int]) -> Bool {
        let word = words[index]
        let before = index > 0 ? words[index - 1] : "", after = index + 1 < words.count ? words[index + 1] : ""
        guard !unitWords.contains(where: { after.hasPrefix($0) }),
              !amountWords.contains(before) else { return false }
        if word.contains("/") { return true }
        let joiners: Set<String> = ["of", "the"]
        if months.contains(where: { abs($0 - index) == 1 || (abs($0 - index) == 2 && joiners.contains(words[($0 + index) / 2])) }) { return true }
        // «5-го», «5-е» are dates wherever they stand; "5th" after the / on / am.
        let ordinal = word.first?.isNumber == true && !word.allSatisfy(\.isNumber)
        return ordinal && (word.contains("-") || ["the", "on", "am", "den", "dem"].contains(before))
    }

    /// "From September to October", «с сентября по октябрь», "von September bis Oktober": two
    /// different months with one of to / through / till / until / по / до / bis between them (or
    /// "and" / «и» / "und" after "between" / «между» / "zwischen") →
    /// the first's first day through the second's last (or today): the latest first month not after
    /// today, the second the next one of its name from there.
    static func monthSpan(_ words: [String], _ months: [(index: Int, month: Int)], today: Day) -> LedgerQuestion.Period? {
        guard months.count == 2, months[1].index == months[0].index + 2, months[0].month != months[1].month else { return nil }
        // "And" only after "between" ("September and October compared" is a comparison).
        // (Or with no word of comparing: "in September and October", «в сентябре и октябре» is both.)
        let text = " " + words.joined(separator: " ") + " "
        let between = months[0].index > 0 && ["between", "zwischen", "между"].contains(words[months[0].index - 1])
            || !compareCues.contains(where: { text.contains(" " + $0) })
        guard ["to", "through", "thru", "till", "until", "по", "до", "bis"].contains(words[months[0].index + 1])
                || (between && ["and", "и", "und"].contains(words[months[0].index + 1])) else { return nil }
        var start = YearMonth(year: today.year, month: months[0].month)!
        if start > today.yearMonth { start = start.adding(months: -12) }
        var end = YearMonth(year: start.year, month: months[1].month)!
        if end < start { end = end.adding(months: 12) }
        return LedgerQuestion.Period(name: .range, from: start.firstDay, through: min(end.lastDay, today))
    }

    /// The month a word names (1…12), in any of the three languages and Russian's cases; the
    /// English "may" only after "in"/"during"/"since" (else it is the verb).
    static func monthNumber(_ word: String, previous: String?) -> Int? {
        if word == "may" { return ["in", "during", "since", "for"].contains(previous ?? "") ? 5 : nil }
        if word == "march" || word == "mar" { return previous.map { ["in", "during", "since", "for", "of"].contains($0) } == true ? 3 : nil }
        let english = ["january", "february", "", "april", "", "june", "july", "august", "september", "october", "november", "december"]
        let short = ["jan", "feb", "", "apr", "", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        if let m = ["mär": 3, "mrz": 3, "okt": 10, "dez": 12][word] { return m }
        if word == "sept" { return 9 }
        let russian = ["январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр"]
        let german = ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"]
        for m in 0..<12 {
            if !english[m].isEmpty, word == english[m] || (word.count >= 5 && nearly(word, english[m]) && word.count <= english[m].count + 1) { return m + 1 }
            if !short[m].isEmpty, word == short[m] || word == short[m] + "." { return m + 1 }
            if word == german[m] || (m == 2 && ["maerz", "marz"].contains(word)) { return m + 1 }
            // One letter off a German month of six letters or more ("oktobr", "septembr").
            if german[m].count >= 6, word.count >= 5, nearly(word, german[m]), word.count <= german[m].count + 1 { return m + 1 }
        }
        for m in 0..<12 {
            if m == 4 { if ["май", "мая", "мае", "маем"].contains(word) { return 5 } else { continue } }
            if m == 2 { if ["март", "марта", "марте", "мартом"].contains(word) { return 3 } else { continue } }
            if word.hasPrefix(russian[m]), word.count <= russian[m].count + 3 { return m + 1 }
        }
        // One letter off a Russian month of five letters or more («сентбяре», «окятбрь»), as typed.
        if word.count >= 6, let m = russian.indices.first(where: { russian[$0].count >= 5 && nearly(word, russian[$0]) && word.count <= russian[$0].count + 3 }) {
            return m + 1
        }
        // A Russian month typed in Latin letters ("oktyabr", "v sentyabre"): five letters or more.
        let latin = ["yanvar", "fevral", "", "aprel", "", "iyun", "iyul", "avgust", "sentyabr", "oktyabr", "noyabr", "dekabr"]
        if word.count >= 5, let m = latin.indices.first(where: { !latin[$0].isEmpty && word.hasPrefix(latin[$0]) && word.count <= latin[$0].count + 3 }) {
            return m + 1
        }
        // Russian short forms: «окт», «сент», «нояб.».
        let shortRussian = ["янв", "фев", "", "апр", "", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
        if let m = shortRussian.firstIndex(where: { !$0.isEmpty && (word == $0 || (word.hasPrefix($0) && word.count == $0.count + 1 && !"аеиоуыяюэ".contains(word.last!))) }) {
            return m + 1
        }
        return nil
    }
}
