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
            if ["on", "в", "во", "am", "last"].contains(before) {
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
