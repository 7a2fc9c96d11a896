import Engine

// Spans a ledger question names by the calendar's other units (LedgerPeriods.swift reads the
// rest): a weekend, a weekday ("since Monday", «в пятницу») and a quarter ("Q3", «в третьем
// квартале», "letztes Quartal"); dates written with a dot, and the period before another.

extension LedgerQuestionReader {
    /// A weekday after since / с / seit: from the latest such day not after today through today
    /// ("since Monday", «с понедельника», "seit Montag"); after on / в / во / am / last: that one day
    /// ("what did I spend on Friday", «в пятницу», "am Freitag"). Nil without one.
    static func weekdaySpan(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        for index in words.indices.dropFirst() {
            guard let weekday = weekdayNumber(words[index]) else { continue }
            let before = words[index - 1]
            let latest = today.adding(days: -((today.weekday - weekday + 7) % 7))
            // "Since last Monday" is since Monday.
            if sinceWords.contains(before) || (before == "last" && index > 1 && sinceWords.contains(words[index - 2])) {
                used.formUnion([index - 1, index])
                if before == "last" { used.insert(index - 2) }
                return LedgerQuestion.Period(name: .range, from: latest, through: today)
            }
            if ["on", "в", "во", "am", "last", "past", "previous", "letzten", "letzte", "vorigen", "прошлую", "прошлый", "прошлое", "прошлая"].contains(before) {
                used.formUnion([index - 1, index])
                return LedgerQuestion.Period(name: .range, from: latest, through: latest)
            }
        }
        return nil
    }

    /// A weekend, Saturday and Sunday: "last weekend", «прошлые выходные», "letztes Wochenende"
    /// (a word of the past right before it) is the latest one that ended before today; any other
    /// ("the weekend", "this weekend", «на выходных», "am Wochenende") the latest one that has
    /// begun, stopping today (on a Saturday, that day alone). Nil without one.
    static func weekendSpan(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        guard let index = words.firstIndex(where: { ["weekend", "выходн", "wochenend"].contains(where: $0.hasPrefix) }) else { return nil }
        var saturday = today.adding(days: -((today.weekday - 6 + 7) % 7))
        used.insert(index)
        if index > 0, ["last", "past", "previous", "прошл", "предыдущ", "letzt", "vergangen", "vorig"].contains(where: words[index - 1].hasPrefix) {
            used.insert(index - 1)
            if saturday.adding(days: 1) >= today { saturday = saturday.adding(days: -7) }
        } else if index > 0, ["this", "эти", "этих", "dieses", "diesem"].contains(words[index - 1]) {
            used.insert(index - 1)
        }
        return LedgerQuestion.Period(name: .range, from: saturday, through: min(saturday.adding(days: 1), today))
    }

    /// A third of a month: its start (1st–10th), middle (11th–20th) or end (21st–its last day),
    /// named before a month's name or "the month" / "last month" ("Ende Oktober", "Anfang des
    /// Monats", "Ende letzten Monats", "early October", "mid-October", "the end of last month",
    /// «в начале октября», «в середине месяца», «в конце прошлого месяца»), stopping today; after
    /// since / с / seit, from that third's first day through today ("seit Mitte Oktober"). Nil
    /// without one, or when the third has not begun.
    static func monthThird(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        let thirds = [["anfang", "beginn", "early", "beginning", "start", "начале", "начало"], ["mitte", "mid", "middle", "середине", "середина"],
                      ["ende", "late", "end", "конце", "конец"]]
        let fillers: Set<String> = ["of", "the", "this", "des", "dem", "der", "im", "diesen", "dieses", "этого"]
        let last: Set<String> = ["last", "previous", "letzten", "vorigen", "vergangenen", "прошлого", "предыдущего"]
        for index in words.indices {
            guard let third = thirds.firstIndex(where: { $0.contains(words[index]) }) else { continue }
            var j = index + 1
            while j < words.count, fillers.contains(words[j]) { j += 1 }
            guard j < words.count else { return nil }
            var end = j, month: YearMonth
            if let number = monthNumber(words[j], previous: words[j - 1]) ?? (words[j] == "march" || words[j] == "may" ? (words[j] == "may" ? 5 : 3) : nil) {
                month = YearMonth(year: today.year, month: number)!
                if j + 1 < words.count, let year = Int(words[j + 1]), (2000...today.year).contains(year) { month = YearMonth(year: year, month: number)!; end = j + 1 }
                else if month > today.yearMonth { month = month.adding(months: -12) }
            } else if ["month", "monats", "monat", "месяца", "месяц"].contains(words[j]) {
                month = today.yearMonth
            } else if ["vormonats", "vormonat"].contains(words[j]) {
                month = today.yearMonth.previous
            } else if last.contains(words[j]), j + 1 < words.count, ["month", "monats", "monat", "месяца"].contains(words[j + 1]) {
                month = today.yearMonth.previous
                end = j + 1
            } else { continue }
            let from = Day(year: month.year, month: month.month, day: 1 + 10 * third)!
            guard from <= today else { return nil }
            let through = third == 2 ? month.lastDay : Day(year: month.year, month: month.month, day: 10 + 10 * third)!
            used.formUnion(index...end)
            // ("Since the start of October": its first day through today.)
            let since = (max(0, index - 2)..<index).last { sinceWords.contains(words[$0]) && ($0 == index - 1 || words[index - 1] == "the") }
            if let since {
                used.formUnion(since..<index)
                return LedgerQuestion.Period(name: .range, from: from, through: today)
            }
            return LedgerQuestion.Period(name: .range, from: from, through: min(through, today))
        }
        return nil
    }

    /// A season, three months: spring March–May, summer June–August, autumn September–November,
    /// winter December–February ("this summer", "im Herbst", «летом», «прошлой зимой»); "last" /
    /// «прошл» / "letzt" before it is the latest one that ended, else the latest begun, stopping today
    /// ("fall" only after this / last / the / in / during). Nil without one.
    static func seasonSpan(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        let seasons: [(first: Int, words: Set<String>)] = [
            (3, ["spring", "frühling", "fruehling", "fruhling", "frühjahr", "весной", "весна", "весну", "весны"]),
            (6, ["summer", "sommer", "летом", "лето"]),
            (9, ["autumn", "herbst", "осенью", "осень", "осени"]),
            (12, ["winter", "зимой", "зима", "зиму", "зимы"])]
        for (index, word) in words.enumerated() {
            let before = index > 0 ? words[index - 1] : ""
            guard let season = seasons.first(where: { $0.words.contains(word) })
                ?? (word == "fall" && ["this", "last", "the", "in", "during"].contains(before) ? seasons[2] : nil) else { continue }
            var start = YearMonth(year: today.year, month: season.first)!
            if start > today.yearMonth { start = start.adding(months: -12) }
            used.insert(index)
            if ["last", "previous", "past", "прошл", "letzt", "vorig", "vergangen"].contains(where: before.hasPrefix) {
                used.insert(index - 1)
                if start.adding(months: 2).lastDay >= today { start = start.adding(months: -12) }
            } else if ["this", "этим", "этой", "этого", "этот", "dieses", "diesen", "diesem"].contains(before) {
                used.insert(index - 1)
            }
            return LedgerQuestion.Period(name: .range, from: start.firstDay, through: min(start.adding(months: 2).lastDay, today))
        }
        return nil
    }

    /// A calendar week by its ISO number, as Germans name weeks ("KW 45", "in der KW45", "Kalenderwoche 45",
    /// "week 45", «45 неделя»: Monday 2 – Sunday 8 November 2026) — of this year, or last year's when
    /// it has not begun; stopping today. Nil without one.
    static func calendarWeek(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        for (index, word) in words.enumerated() {
            var number: Int?, taken = [index]
            if word.hasPrefix("kw"), let n = Int(word.dropFirst(2)) { number = n }
            else if ["kw", "kalenderwoche", "week", "wk"].contains(word), index + 1 < words.count, let n = Int(words[index + 1]) { number = n; taken.append(index + 1) }
            else if ["неделя", "неделе", "неделю"].contains(word), index > 0, let n = Int(words[index - 1]) { number = n; taken.append(index - 1) }
            guard let week = number, (1...53).contains(week) else { continue }
            func monday(_ year: Int) -> Day {
                let fourth = Day(year: year, month: 1, day: 4)!
                return fourth.adding(days: -(fourth.weekday - 1) + 7 * (week - 1))
            }
            var from = monday(today.year)
            if from > today { from = monday(today.year - 1) }
            used.formUnion(taken)
            return LedgerQuestion.Period(name: .range, from: from, through: min(from.adding(days: 6), today))
        }
        return nil
    }

    /// A day of the month written as an ordinal word: "first" … "thirty-first", «первого» …
    /// «тридцатого» (any case ending; «двадцать первого» is read at «двадцать» when `next` is 1–9).
    static func ordinalDay(_ word: String, next: String?) -> Int? {
        let english = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
                       "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"]
        if let i = english.firstIndex(of: word) { return i + 1 }
        if word == "thirtieth" { return 30 }
        if word == "thirty-first" { return 31 }
        if word.hasPrefix("twenty-"), let i = english.prefix(9).firstIndex(of: String(word.dropFirst(7))) { return 21 + i }
        let russian = ["перв", "втор", "трет", "четверт", "пят", "шест", "седьм", "восьм", "девят", "десят", "одиннадцат", "двенадцат",
                       "тринадцат", "четырнадцат", "пятнадцат", "шестнадцат", "семнадцат", "восемнадцат", "девятнадцат", "двадцат"]
        let endings = ["ое", "ого", "ый", "ом", "ому", "ье", "ьего", "ий", "ьему"]
        func russianOrdinal(_ w: String) -> Int? {
            russian.indices.last { i in w.hasPrefix(russian[i]) && endings.contains(String(w.dropFirst(russian[i].count))) }.map { $0 + 1 }
        }
        if word == "тридцатое" || word == "тридцатого" { return 30 }
        if ["двадцать", "тридцать"].contains(word), let next, let unit = russianOrdinal(next), unit <= 9 { return (word == "двадцать" ? 20 : 30) + unit }
        return russianOrdinal(word)
    }

    /// The ISO weekday (1 = Monday) a word names in English, Russian (any case) or German, or nil.
    static func weekdayNumber(_ word: String) -> Int? {
        let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let russian = ["понедельн", "вторн", "сред", "четверг", "пятниц", "суббот", "воскресен"]
        let german = ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"]
        if let i = english.firstIndex(of: word) ?? german.firstIndex(of: word) { return i + 1 }
        if word == "sonnabend" { return 6 }
        // «среда», «среду», «среды», not «средний» nor «средства».
        if let i = russian.firstIndex(where: { word.hasPrefix($0) && word.count <= $0.count + 3 }), i != 2 || ["среда", "среду", "среды"].contains(word) {
            return i + 1
        }
        return nil
    }

    /// A quarter: "Q3", "the third quarter", «в третьем квартале», «3 квартал», "drittes Quartal" —
    /// the latest such quarter that has begun (or of the year after it) — and "this quarter" /
    /// «этот квартал» / "dieses Quartal", "last quarter" / «прошлый квартал» / "letztes Quartal";
    /// three months, stopping today. Nil without one.
    static func quarterSpan(_ words: [String], today: Day, used: inout Set<Int>) -> LedgerQuestion.Period? {
        let ordinals = [["first", "1st", "1", "перв", "erst"], ["second", "2nd", "2", "втор", "zweit"], ["third", "3rd", "3", "трет", "dritt"],
                        ["fourth", "4th", "4", "четверт", "viert"]]
        let current = (today.month - 1) / 3 + 1
        for (index, word) in words.enumerated() {
            var number: Int?, year = today.year
            if word.count == 2, word.hasPrefix("q"), let n = Int(word.dropFirst()), (1...4).contains(n) {
                number = n
                used.insert(index)
            } else if ["quarter", "квартал", "quartal"].contains(where: word.hasPrefix), index > 0 {
                let before = words[index - 1]
                if let n = ordinals.firstIndex(where: { forms in forms.contains { $0.count <= 3 ? before == $0 : before.hasPrefix($0) } }) {
                    number = n + 1
                } else if ["this", "этот", "этом", "текущ", "dieses", "diesem", "laufend"].contains(where: before.hasPrefix) {
                    number = current
                } else if ["last", "previous", "прошл", "предыдущ", "letzt", "vorig", "vergangen"].contains(where: before.hasPrefix) {
                    number = current == 1 ? 4 : current - 1
                    if current == 1 { year -= 1 }
                }
                if number != nil { used.formUnion([index - 1, index]) }
            }
            guard let quarter = number else { continue }
            if let next = words.dropFirst(index + 1).first, let named = Int(next), (2000...today.year).contains(named) {
                year = named
                used.insert(index + 1)
            } else if quarter > current, year == today.year {
                year -= 1
            }
            let first = YearMonth(year: year, month: 3 * (quarter - 1) + 1)!
            return LedgerQuestion.Period(name: .range, from: first.firstDay, through: min(first.adding(months: 2).lastDay, today))
        }
        return nil
    }

    /// "1.10" (a day and a month, the way Russian and German write them) as "1/10", which the
    /// periods read; a dot between digits is otherwise a space to `normalise`. In English it is an
    /// amount ("3.10" dollars), one number ("310"): never a date nor two day numbers.
    static func slashedDates(_ question: String, language: Language) -> String {
        var out = "", characters = Array(question)
        for (i, c) in characters.enumerated() {
            let between = c == "." && i > 0 && i + 1 < characters.count && characters[i - 1].isNumber && characters[i + 1].isNumber
            if between, language == .en { continue }
            out.append(between ? "/" : c)
        }
        characters = []
        return out
    }

    /// The period before `period`, of the same kind: the whole month, week or day before; a
    /// range (or since payday) of as many days, ending the day before it starts.
    static func previous(_ period: LedgerQuestion.Period) -> LedgerQuestion.Period {
        switch period.name {
        case .thisMonth, .lastMonth, .month:
            let earlier = period.from.yearMonth.previous
            return LedgerQuestion.Period(name: .month(earlier), from: earlier.firstDay, through: earlier.lastDay)
        case .thisWeek, .lastWeek:
            return LedgerQuestion.Period(name: .lastWeek, from: period.from.adding(days: -7), through: period.from.adding(days: -1))
        case .today, .yesterday, .range, .sincePayday:
            let length = period.from.days(to: period.through)
            let through = period.from.adding(days: -1)
            return LedgerQuestion.Period(name: .range, from: through.adding(days: -length), through: through)
        }
    }
}
