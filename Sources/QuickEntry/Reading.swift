import Engine

// The steps of reading one part of a phrase. Each step marks the tokens it takes as used;
// what is left is the name.

/// A value found in the phrase, with the words it came from.
struct Found<Value> {
    var value: Value
    var confidence: Int
    /// The words as typed ("в пятницу").
    var phrase: String
}

struct Reading {
    var tokens: [Token]
    let context: QuickContext

    // MARK: - Helpers

    func word(_ i: Int) -> String? {
        guard i >= 0, i < tokens.count, !tokens[i].used, tokens[i].kind != .number else { return nil }
        return tokens[i].text
    }

    func number(_ i: Int) -> Int? {
        guard i >= 0, i < tokens.count, !tokens[i].used else { return nil }
        if tokens[i].kind == .number { return NumberReader.whole(tokens[i].text) }
        return Lexicon.numberWords[tokens[i].text]
    }

    func isWord(_ i: Int, in forms: [String]) -> Bool {
        guard let w = word(i) else { return false }
        return forms.contains { Fuzzy.matches(w, $0) }
    }

    func phrase(_ range: ClosedRange<Int>) -> String {
        var text = ""
        for i in range {
            if !text.isEmpty && tokens[i].spaced { text += " " }
            text += tokens[i].original
        }
        return text
    }

    mutating func use(_ range: ClosedRange<Int>) { for i in range { tokens[i].used = true } }

    /// Joins "1 230" and "15 000 000" (a number of 1–3 digits followed by numbers of exactly
    /// three digits before any decimal mark) into one number.
    mutating func mergeSpaceGroups() {
        var i = 0
        while i + 1 < tokens.count {
            let first = tokens[i], next = tokens[i + 1]
            let firstDigits = first.text.allSatisfy { $0.isASCII && $0.isNumber }
            let leading = next.text.prefix { $0.isASCII && $0.isNumber }
            let rest = next.text.dropFirst(leading.count)
            if first.kind == .number, next.kind == .number, next.spaced, firstDigits, (1...3).contains(first.text.count),
               leading.count == 3, rest.isEmpty || rest.first == "," || rest.first == "." {
                tokens[i].text += next.text
                tokens[i].original += " " + next.original
                tokens.remove(at: i + 1)
            } else {
                i += 1
            }
        }
    }

    // MARK: - Dates

    /// The date phrase, if any: relative words, weekdays, "N days ago", explicit dates.
    mutating func readDate() -> Found<Day>? {
        let today = context.today
        for i in tokens.indices where !tokens[i].used {
            if isWord(i, in: ["day"]), isWord(i + 1, in: ["before"]), isWord(i + 2, in: ["yesterday"]) {
                use(i...(i + 2)); return Found(value: today.adding(days: -2), confidence: 100, phrase: phrase(i...(i + 2)))
            }
            if isWord(i, in: ["day"]), isWord(i + 1, in: ["after"]), isWord(i + 2, in: ["tomorrow"]) {
                use(i...(i + 2)); return Found(value: today.adding(days: 2), confidence: 100, phrase: phrase(i...(i + 2)))
            }
            // "last night" is the evening before today.
            if isWord(i, in: ["last"]), isWord(i + 1, in: ["night"]) {
                use(i...(i + 1)); return Found(value: today.adding(days: -1), confidence: 100, phrase: phrase(i...(i + 1)))
            }
            let relative: [([String], Int)] = [(Lexicon.today, 0), (Lexicon.yesterday, -1), (Lexicon.dayBeforeYesterday, -2),
                                               (Lexicon.tomorrow, 1), (Lexicon.dayAfterTomorrow, 2)]
            for (forms, offset) in relative where isWord(i, in: forms) {
                // "позавчера" is one typo from "послезавтра"'s neighbours; exact forms win.
                if offset == -1, isWord(i, in: Lexicon.dayBeforeYesterday), !Lexicon.yesterday.contains(tokens[i].text) { continue }
                if offset == 1, isWord(i, in: Lexicon.dayAfterTomorrow), !Lexicon.tomorrow.contains(tokens[i].text) { continue }
                let start = isWord(i - 1, in: ["в", "on"]) ? i - 1 : i
                use(start...i); return Found(value: today.adding(days: offset), confidence: 100, phrase: phrase(i...i))
            }
            if let found = agoOrIn(i) { return found }
            if let found = weekday(i) { return found }
            if let found = numericDate(i) { return found }
            if let found = dayAndMonth(i) { return found }
            if let found = dayOfMonth(i) { return found }
            if let found = ordinalDay(i) { return found }
        }
        return nil
    }

    /// "3 дня назад", "неделю назад", "two days ago", "через 2 дня", "in 3 days".
    /// Whether `n` may count the unit word at `unit` ("неделю", "week" only with 1, 21, 31…),
    /// and, for a number in digits, another number is left for the amount.
    func counts(_ n: Int, at i: Int, unit: Int) -> Bool {
        let singular: Set<String> = ["неделю", "неделя", "week", "день", "day", "woche", "tag"]
        if singular.contains(tokens[unit].text), n % 10 != 1 || n % 100 == 11 { return false }
        guard tokens[i].kind == .number else { return true }
        return tokens.indices.contains { $0 != i && !tokens[$0].used && tokens[$0].kind == .number }
    }

    mutating func agoOrIn(_ i: Int) -> Found<Day>? {
        let today = context.today
        // N units ago.
        if let n = number(i), (1...400).contains(n), i + 1 < tokens.count, counts(n, at: i, unit: i + 1) {
            let unit = isWord(i + 1, in: Lexicon.dayWords) ? 1 : isWord(i + 1, in: Lexicon.weekWords) ? 7 : 0
            if unit > 0, isWord(i + 2, in: Lexicon.agoWords) {
                use(i...(i + 2)); return Found(value: today.adding(days: -n * unit), confidence: 100, phrase: phrase(i...(i + 2)))
            }
        }
        if isWord(i, in: Lexicon.weekWords), isWord(i + 1, in: Lexicon.agoWords) {
            use(i...(i + 1)); return Found(value: today.adding(days: -7), confidence: 100, phrase: phrase(i...(i + 1)))
        }
        // "vor 3 Tagen", "vor einer Woche": the German "ago" comes first.
        if isWord(i, in: Lexicon.germanAgoPrefixes), let n = number(i + 1), (1...400).contains(n), i + 2 < tokens.count,
           counts(n, at: i + 1, unit: i + 2) {
            let unit = isWord(i + 2, in: Lexicon.dayWords) ? 1 : isWord(i + 2, in: Lexicon.weekWords) ? 7 : 0
            if unit > 0 {
                use(i...(i + 2)); return Found(value: today.adding(days: -n * unit), confidence: 100, phrase: phrase(i...(i + 2)))
            }
        }
        if isWord(i, in: Lexicon.inWords) {
            if let n = number(i + 1), (1...400).contains(n), i + 2 < tokens.count, counts(n, at: i + 1, unit: i + 2) {
                let unit = isWord(i + 2, in: Lexicon.dayWords) ? 1 : isWord(i + 2, in: Lexicon.weekWords) ? 7 : 0
                if unit > 0 {
                    use(i...(i + 2)); return Found(value: today.adding(days: n * unit), confidence: 95, phrase: phrase(i...(i + 2)))
                }
            }
            if isWord(i + 1, in: Lexicon.weekWords) {
                use(i...(i + 1)); return Found(value: today.adding(days: 7), confidence: 90, phrase: phrase(i...(i + 1)))
            }
        }
        return nil
    }

    /// The ISO weekday (1…7) a word names, or nil.
    func weekdayNumber(_ i: Int) -> Int? {
        guard let w = word(i) else { return nil }
        for (index, forms) in Lexicon.weekdays.enumerated() {
            if forms.contains(where: { $0.count <= 4 ? w == $0 : Fuzzy.matches(w, $0) }) { return index + 1 }
        }
        return nil
    }

    /// "в пятницу", "on friday", "last monday", "в прошлый понедельник", "next friday".
    mutating func weekday(_ i: Int) -> Found<Day>? {
        guard let target = weekdayNumber(i) else { return nil }
        let today = context.today
        var start = i
        var mode = 0  // 0 latest ≤ today, -1 strictly before, 1 strictly after
        if isWord(i - 1, in: Lexicon.lastWords) { mode = -1; start = i - 1 }
        else if isWord(i - 1, in: Lexicon.nextWords) { mode = 1; start = i - 1 }
        if isWord(start - 1, in: ["в", "во", "on", "на", "am", "an"]) { start -= 1 }
        var back = (today.weekday - target + 7) % 7
        if mode == -1 && back == 0 { back = 7 }
        let day: Day
        if mode == 1 {
            var ahead = (target - today.weekday + 7) % 7
            if ahead == 0 { ahead = 7 }
            day = today.adding(days: ahead)
        } else {
            day = today.adding(days: -back)
        }
        use(start...i)
        return Found(value: day, confidence: 85, phrase: phrase(start...i))
    }

    /// The year for a date typed without one: the next such day after today when it is at most
    /// 62 days ahead (a planned entry), else the latest such day up to today; nil for an
    /// impossible date.
    func nearest(month: Int, day: Int) -> Day? {
        let today = context.today
        let candidates = [today.year - 1, today.year, today.year + 1].compactMap { Day(year: $0, month: month, day: day) }
        if let ahead = candidates.first(where: { $0 > today && today.days(to: $0) <= 62 }) { return ahead }
        return candidates.last { $0 <= today }
    }

    func fullYear(_ text: Substring) -> Int? {
        guard let value = Int(text) else { return nil }
        if text.count == 4 { return (1900...2200).contains(value) ? value : nil }
        if text.count == 2 { return 2000 + value }
        return nil
    }

    /// "21.11", "21.11.2026", "21/11" (ru) or "11/21" (en), "2026-11-21".
    mutating func numericDate(_ i: Int) -> Found<Day>? {
        guard !tokens[i].used, tokens[i].kind == .number else { return nil }
        let raw = tokens[i].text
        for mark: Character in ["/", ".", "-"] {
            let parts = raw.split(separator: mark, omittingEmptySubsequences: false)
            guard parts.count >= 2, raw.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == mark }) else { continue }
            if mark == "-", parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
               let day = Day(year: y, month: m, day: d) {
                use(i...i); return Found(value: day, confidence: 100, phrase: raw)
            }
            // "21.11" alone may be an amount: the amount step decides (`dateOrAmount`).
            if mark == "." && parts.count == 2 { return nil }
            guard parts.count <= 3, parts[0].count <= 2, parts[1].count <= 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
            let year = parts.count == 3 ? fullYear(parts[2]) : nil
            if parts.count == 3 && year == nil { return nil }
            let dayFirst = mark != "/" || context.language.prefersDayFirst
            func make(_ d: Int, _ m: Int) -> Day? { year.map { Day(year: $0, month: m, day: d) } ?? nearest(month: m, day: d) }
            let preferred = dayFirst ? make(a, b) : make(b, a)
            let other = dayFirst ? make(b, a) : make(a, b)
            if let preferred {
                let ambiguous = mark == "/" && other != nil && a != b
                use(i...i); return Found(value: preferred, confidence: ambiguous ? 75 : 95, phrase: raw)
            }
            if let other, mark == "/" { use(i...i); return Found(value: other, confidence: 80, phrase: raw) }
            return nil
        }
        return nil
    }

    /// The month (1…12) a word names, or nil.
    func monthNumber(_ i: Int) -> Int? {
        guard let w = word(i) else { return nil }
        for (index, forms) in Lexicon.months.enumerated() where forms.contains(where: { $0.count <= 4 ? w == $0 : Fuzzy.matches(w, $0) }) {
            return index + 1
        }
        return nil
    }

    /// "5 мая", "5-го мая 2026", "May 5", "may 5th", "5th of May", "on May 5".
    mutating func dayAndMonth(_ i: Int) -> Found<Day>? {
        var dayIndex: Int?, monthIndex: Int?, end = i
        if let d = number(i), tokens[i].kind == .number, (1...31).contains(d) {
            var j = i + 1
            if isWord(j, in: Lexicon.dayOfMonthEndings), !tokens[j].spaced { j += 1 }
            if isWord(j, in: ["of"]) { j += 1 }
            // "11 May 5" in English: the number after the month is the day.
            let dayAfter = !context.language.prefersDayFirst && j == i + 1 && number(j + 1) != nil && tokens[j + 1].kind == .number
            if monthNumber(j) != nil, !dayAfter { dayIndex = i; monthIndex = j; end = j }
        } else if monthNumber(i) != nil, let d = number(i + 1), tokens[i + 1].kind == .number, (1...31).contains(d) {
            dayIndex = i + 1; monthIndex = i; end = i + 1
            if isWord(i + 2, in: Lexicon.dayOfMonthEndings), !tokens[i + 2].spaced { end = i + 2 }
        }
        guard let dayIndex, let monthIndex, let month = monthNumber(monthIndex), let d = number(dayIndex) else { return nil }
        var day = nearest(month: month, day: d)
        if end + 1 < tokens.count, tokens[end + 1].kind == .number, !tokens[end + 1].used,
           tokens[end + 1].text.count == 4, let year = fullYear(Substring(tokens[end + 1].text)),
           abs(year - context.today.year) <= 5, !nextIsCurrency(end + 2) {
            day = Day(year: year, month: month, day: d); end += 1
            if isWord(end + 1, in: ["г", "года", "год"]) { end += 1 }
        }
        guard let day else { return nil }
        var start = min(dayIndex, monthIndex)
        if isWord(start - 1, in: ["on", "the", "am", "vom"]) { start -= 1 }
        if isWord(start - 1, in: ["on"]) { start -= 1 }
        use(start...end)
        return Found(value: day, confidence: 100, phrase: phrase(start...end))
    }

    /// Whether token `i` is a currency word or symbol.
    func nextIsCurrency(_ i: Int) -> Bool {
        guard i < tokens.count else { return false }
        return Lexicon.currencies.contains { $0.1.contains(tokens[i].text) }
    }

    /// "10-го", "10го", "the 10th", "10 числа": that day of this month.
    mutating func dayOfMonth(_ i: Int) -> Found<Day>? {
        guard tokens[i].kind == .number, let d = number(i), (1...31).contains(d), let ending = word(i + 1) else { return nil }
        let attached = Lexicon.dayOfMonthEndings.contains(ending) && !tokens[i + 1].spaced
        guard attached || ending == "числа" || ending == "число" else { return nil }
        let today = context.today
        let day = Day(year: today.year, month: today.month, day: min(d, Day.daysInMonth(year: today.year, month: today.month)))!
        var start = i
        if isWord(start - 1, in: ["the"]) { start -= 1 }
        if isWord(start - 1, in: ["on", "by"]) { start -= 1 }
        use(start...(i + 1))
        return Found(value: day, confidence: 90, phrase: phrase(i...(i + 1)))
    }

    // MARK: - Periodicity

    /// "monthly", "ежемесячно", "каждую неделю", "every 2 weeks", "/мес".
    mutating func readPeriodicity() -> Found<Periodicity>? {
        for i in tokens.indices where !tokens[i].used {
            for (name, patterns) in Lexicon.periodicities {
                for pattern in patterns where matches(pattern, at: i) {
                    let range = i...(i + pattern.count - 1)
                    use(range)
                    if isWord(i - 1, in: ["раз", "once"]) { use((i - 1)...(i - 1)) }
                    return Found(value: Periodicity(rawValue: name)!, confidence: 90, phrase: phrase(range))
                }
            }
        }
        return nil
    }

    func matches(_ pattern: [String], at i: Int) -> Bool {
        guard i + pattern.count <= tokens.count else { return false }
        for (offset, element) in pattern.enumerated() {
            let token = tokens[i + offset]
            guard !token.used else { return false }
            if element.hasSuffix("*") {
                guard token.text.hasPrefix(String(element.dropLast())) else { return false }
            } else if element.count >= 6 {
                guard Fuzzy.matches(token.text, element) else { return false }
            } else {
                guard token.text == element else { return false }
            }
        }
        return true
    }
}
