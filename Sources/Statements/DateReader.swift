import Engine

// Dates as banks write them: 2026-05-05, 05.05.2026, 05.05.26, 05/05/2026 (either order),
// 20260505, "5 мая 2026", "May 5, 2026", "5 May 2026", QIF's 1/15'24; a time after the date
// is ignored. Whether 05/04/2026 is 5 April or 4 May is decided for the whole column.

/// Reads date text; `decideOrder` picks the day/month order for a column of values.
struct BankDate {
    let today: Day
    let earliest: Day
    let latest: Day

    init(today: Day) {
        self.today = today
        earliest = today.addingMonths(-240)
        latest = today.addingMonths(12)
    }

    /// What a value's form says before the order is known.
    enum Shape: Equatable {
        case blank
        /// A form with one reading (ISO, YYYYMMDD, a month name); nil when it is no real date.
        case fixed(Day?)
        /// Two small numbers and a year (already four digits): `first`/`second` are day and month
        /// in some order; `dotted` when they are separated by dots (05.04.2026).
        case numeric(first: Int, second: Int, year: Int, dotted: Bool)
        case unreadable
    }

    /// The order, whether nothing but the household's language decided it, and why.
    struct Decision: Equatable {
        var order: DateOrder?
        var ambiguous: Bool
        var evidence: DateOrderEvidence?

        init(order: DateOrder?, ambiguous: Bool, evidence: DateOrderEvidence? = nil) {
            self.order = order; self.ambiguous = ambiguous; self.evidence = evidence
        }
    }

    // MARK: - Shapes

    func shape(_ text: String) -> Shape {
        let all = Array(text.utf8)
        guard let start = all.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x22 }),
              let end = all.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }), start <= end else { return .blank }
        guard end - start < 64 else { return .unreadable }
        let bytes = Array(all[start...end])
        if bytes.contains(where: { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }),
           let named = namedShape(text) { return named }
        // Leading digits groups separated by . / - ' (a time part after a space or T is dropped).
        var groups: [(value: Int, length: Int)] = []
        var separators: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                var value = 0, length = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, length < 9 {
                    value = value * 10 + Int(bytes[index] - 0x30); length += 1; index += 1
                }
                groups.append((value, length))
                if groups.count == 3 || (groups.count == 1 && length == 8) { break }
            } else if groups.count > 0, separators.count < groups.count, [0x2E, 0x2F, 0x2D, 0x27].contains(byte) {
                separators.append(byte); index += 1
                while index < bytes.count, bytes[index] == 0x20 { index += 1 } // Quicken's "1/ 5' 4"
            } else {
                return .unreadable
            }
        }
        // After the date: nothing, or a time ("12:30", "T12:30:00Z", " 12:30:00").
        if index < bytes.count {
            let rest = bytes[index...]
            guard let next = rest.first, next == 0x20 || next == 0x54 || next == 0x74 || next == 0x2C || next == 0x09 || next == 0xC2
            else { return .unreadable }
        }
        if groups.count == 1, groups[0].length == 8 {
            let value = groups[0].value
            return .fixed(real(year: value / 10000, month: value / 100 % 100, day: value % 100))
        }
        guard groups.count == 3, separators.count == 2 else { return .unreadable }
        if groups[0].length == 4 {
            guard separators[0] == separators[1], groups[1].length <= 2, groups[2].length <= 2 else { return .unreadable }
            return .fixed(real(year: groups[0].value, month: groups[1].value, day: groups[2].value))
        }
        guard groups[0].length <= 2, groups[1].length <= 2, groups[2].length == 4 || groups[2].length <= 2 else { return .unreadable }
        let apostrophe = separators[1] == 0x27
        guard apostrophe || separators[0] == separators[1] else { return .unreadable }
        let year = groups[2].length == 4 ? groups[2].value : fullYear(groups[2].value, apostrophe: apostrophe)
        return .numeric(first: groups[0].value, second: groups[1].value, year: year, dotted: separators[0] == 0x2E)
    }

    /// A two-digit year: 20yy unless that is more than a year ahead, then 19yy; after QIF's
    /// apostrophe always 20yy.
    func fullYear(_ short: Int, apostrophe: Bool) -> Int {
        if apostrophe { return 2000 + short }
        return 2000 + short > today.year + 1 ? 1900 + short : 2000 + short
    }

    func real(year: Int, month: Int, day: Int) -> Day? { Day(year: year, month: month, day: day) }

    /// "5 мая 2026", "05 мая 2026 г.", "May 5, 2026", "5 May 2026", "5-May-26", "мая 5 2026 12:00".
    func namedShape(_ text: String) -> Shape? {
        var tokens: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == ":" {
                current.append(character == "ё" ? "е" : character)
            } else if !current.isEmpty {
                tokens.append(current); current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var month: Int?, monthPosition = 0
        var numbers: [(value: Int, length: Int)] = []
        for (position, token) in tokens.enumerated() {
            if token.allSatisfy(\.isNumber) {
                if month == nil || numbers.count < 2 {
                    guard let value = Int(token), token.count <= 4 else { return .unreadable }
                    numbers.append((value, token.count))
                }
            } else if token.contains(":") {
                continue
            } else if month == nil, let found = Self.month(token) {
                month = found; monthPosition = position
            } else if month != nil, ["г", "года", "гг", "am", "pm", "utc", "msk", "мск", "t"].contains(token) {
                continue
            } else if month == nil, numbers.isEmpty, Self.weekdays.contains(where: { $0.hasPrefix(token) }), token.count >= 2 {
                continue // "Mon, 5 May 2026", "пн, 5 мая 2026"
            } else {
                return month == nil ? nil : .unreadable
            }
        }
        guard let month, numbers.count == 2 else { return month == nil ? nil : .unreadable }
        _ = monthPosition
        let dayToken: (value: Int, length: Int), yearToken: (value: Int, length: Int)
        if numbers[0].length == 4 { (yearToken, dayToken) = (numbers[0], numbers[1]) } else { (dayToken, yearToken) = (numbers[0], numbers[1]) }
        guard dayToken.length <= 2, yearToken.length == 4 || yearToken.length == 2 else { return .unreadable }
        let year = yearToken.length == 4 ? yearToken.value : fullYear(yearToken.value, apostrophe: false)
        return .fixed(real(year: year, month: month, day: dayToken.value))
    }

    /// Russian and English month names, full, genitive and short ("янв", "sept").
    static func month(_ token: String) -> Int? {
        guard token.count >= 3 else { return nil }
        for (index, forms) in monthForms.enumerated() where forms.contains(where: { $0.hasPrefix(token) }) {
            return index + 1
        }
        return nil
    }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                           "понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье",
                           "пн", "вт", "ср", "чт", "пт", "сб", "вс"]

    static let monthForms: [[String]] = [
        ["январь", "января", "январе", "january"], ["февраль", "февраля", "феврале", "february"],
        ["март", "марта", "марте", "march"], ["апрель", "апреля", "апреле", "april"],
        ["май", "мая", "мае", "may"], ["июнь", "июня", "июне", "june"], ["июль", "июля", "июле", "july"],
        ["август", "августа", "августе", "august"], ["сентябрь", "сентября", "сентябре", "september", "sept"],
        ["октябрь", "октября", "октябре", "october"], ["ноябрь", "ноября", "ноябре", "november"],
        ["декабрь", "декабря", "декабре", "december"],
    ]

    // MARK: - Order and reading

    /// What besides the dates themselves tells the order (docs/engine-rules.md, "Dates").
    struct Evidence {
        /// The household's language writes day first (Russian).
        var prefersDayFirst: Bool
        /// The file's own text is Cyrillic (or cp1251): its bank writes day first.
        var fileDayFirst = false
        /// The statement's period read under each order (the preamble writes dates as the rows do).
        var period: (DateOrder) -> ClosedRange<Day>? = { _ in nil }
        /// The account's opening day.
        var openedOn: Day?
    }

    /// The day/month order for a column: `forced` when given; else the order under which every
    /// numeric value is a real date in range; when neither is, the order that reads more of
    /// them. When both are (every day ≤ 12), the evidence decides, in this order: dotted
    /// dates are day first; the order that puts more rows inside the stated period; on or
    /// after the account's opening day; not after today; then the file's language (Cyrillic →
    /// day first), and last the household's — only then is the column `ambiguous` (unless
    /// every value reads the same both ways). Order nil when no value is numeric.
    func decideOrder(_ shapes: [Shape], forced: DateOrder?, evidence: Evidence) -> Decision {
        var numeric = 0, dayMonth = 0, monthDay = 0, differ = false, dotted = 0
        var days: [(dayMonth: Day?, monthDay: Day?)] = []
        for shape in shapes {
            guard case let .numeric(first, second, year, isDotted) = shape else { continue }
            numeric += 1
            if isDotted { dotted += 1 }
            let asDayMonth = real(year: year, month: second, day: first), asMonthDay = real(year: year, month: first, day: second)
            if inRange(asDayMonth) { dayMonth += 1 }
            if inRange(asMonthDay) { monthDay += 1 }
            if first != second { differ = true; days.append((asDayMonth, asMonthDay)) }
        }
        if let forced { return Decision(order: forced, ambiguous: numeric > 0 && dayMonth == numeric && monthDay == numeric && differ, evidence: .chosen) }
        guard numeric > 0 else { return Decision(order: nil, ambiguous: false) }
        guard dayMonth == numeric, monthDay == numeric else {
            if dayMonth == monthDay {
                return Decision(order: evidence.prefersDayFirst ? .dayMonth : .monthDay, ambiguous: false, evidence: .householdLanguage)
            }
            return Decision(order: dayMonth > monthDay ? .dayMonth : .monthDay, ambiguous: false, evidence: .onlyReading)
        }
        guard differ else { return Decision(order: evidence.prefersDayFirst ? .dayMonth : .monthDay, ambiguous: false) }
        if dotted * 2 > numeric { return Decision(order: .dayMonth, ambiguous: false, evidence: .dotted) }
        // Count the rows each order keeps where they belong; the first test that tells wins.
        func tally(_ test: (Day) -> Bool) -> DateOrder? {
            var a = 0, b = 0
            for pair in days {
                if let day = pair.dayMonth, test(day) { a += 1 }
                if let day = pair.monthDay, test(day) { b += 1 }
            }
            return a == b ? nil : (a > b ? .dayMonth : .monthDay)
        }
        let periods = (evidence.period(.dayMonth), evidence.period(.monthDay))
        if periods.0 != nil || periods.1 != nil {
            var a = 0, b = 0
            for pair in days {
                if let day = pair.dayMonth, let period = periods.0, period.contains(day) { a += 1 }
                if let day = pair.monthDay, let period = periods.1, period.contains(day) { b += 1 }
            }
            if a != b { return Decision(order: a > b ? .dayMonth : .monthDay, ambiguous: false, evidence: .period) }
        }
        if let opened = evidence.openedOn, let order = tally({ $0 >= opened }) {
            return Decision(order: order, ambiguous: false, evidence: .openedOn)
        }
        if let order = tally({ $0 <= today }) { return Decision(order: order, ambiguous: false, evidence: .future) }
        if evidence.fileDayFirst { return Decision(order: .dayMonth, ambiguous: false, evidence: .fileLanguage) }
        return Decision(order: evidence.prefersDayFirst ? .dayMonth : .monthDay, ambiguous: true, evidence: .householdLanguage)
    }

    /// The first two dates on a preamble line that names a period ("Период: 01.10.2026 -
    /// 31.10.2026", "Statement period 10/01/2026 to 10/31/2026", "Начало периода;2019-07-07"
    /// with "Конец периода;2019-07-13"), read under `order`, as a range; nil without two.
    func period(in lines: [String], order: DateOrder) -> ClosedRange<Day>? {
        let words = ["период", "period", "from", "начало", "конец", "beginning", "ending", "between", "statement date", "выписка за", "c ", "с "]
        var found: [Day] = []
        for line in lines.prefix(60) {
            let lower = line.lowercased()
            guard line.utf8.count < 400, words.contains(where: { lower.contains($0) }) else { continue }
            for token in lower.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," || $0 == "\t" || $0 == "\"" }) {
                let text = String(token).trimmingPeriodPunctuation
                guard text.first?.isNumber == true else { continue }
                switch shape(text) {
                case .fixed(let day?): found.append(day)
                case let .numeric(first, second, year, _):
                    let day = order == .monthDay ? real(year: year, month: first, day: second) : real(year: year, month: second, day: first)
                    if let day { found.append(day) }
                default: continue
                }
            }
        }
        guard found.count >= 2, let low = found.min(), let high = found.max(), low.days(to: high) <= 400 else { return nil }
        return low...high
    }

    func inRange(_ day: Day?) -> Bool {
        guard let day else { return false }
        return day >= earliest && day <= latest
    }

    /// A value's date under `order`, or why it is not one.
    func day(_ shape: Shape, text: String, order: DateOrder?) -> Result<Day, DateProblem> {
        let found: Day?
        switch shape {
        case .blank: return .failure(DateProblem("no date"))
        case .unreadable: return .failure(DateProblem("“\(text)” is not a date"))
        case .fixed(let day): found = day
        case let .numeric(first, second, year, _):
            found = order == .monthDay ? real(year: year, month: first, day: second) : real(year: year, month: second, day: first)
        }
        guard let found else { return .failure(DateProblem("“\(text)” is not a real date")) }
        guard inRange(found) else {
            return .failure(DateProblem("\(found.iso) is outside \(earliest.iso) … \(latest.iso)"))
        }
        return .success(found)
    }
}

/// Why a date cell was not read, in words for the preview.
struct DateProblem: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension String {
    /// Without the punctuation a period line puts around its dates ("(01.10.2026", "2026г.").
    var trimmingPeriodPunctuation: String {
        var text = Substring(self)
        while let last = text.last, !last.isNumber { text.removeLast() }
        while let first = text.first, !first.isNumber { text.removeFirst() }
        return String(text)
    }
}
