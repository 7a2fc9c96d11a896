// Calendar feeds (docs/engine-rules.md, "Calendar feeds (.ics)"): the household's dated
// events as RFC 5545 text. Pure: the generation time and "today" are parameters.

// MARK: - Events

/// One all-day event of a feed.
public struct CalendarEvent: Sendable, Hashable {
    /// Stable across edits of amount or name: `{kind}-{id}-{yyyymmdd}@finmind` (an edit
    /// updates the event in the subscriber's calendar, never duplicates it).
    public var uid: String
    public var date: Day
    public var summary: String
    public var description: String
    /// STATUS:CONFIRMED when true, TENTATIVE (planned, not confirmed yet) otherwise.
    public var isConfirmed: Bool
    /// A display alarm at this local time of the event's day (minutes after midnight), or none.
    public var alarmMinutes: Int?

    /// Creates an event.
    public init(uid: String, date: Day, summary: String, description: String = "", isConfirmed: Bool, alarmMinutes: Int? = nil) {
        self.uid = uid; self.date = date; self.summary = summary; self.description = description
        self.isConfirmed = isConfirmed; self.alarmMinutes = alarmMinutes
    }
}

/// What a feed includes besides the planned items.
public struct CalendarFeedOptions: Sendable, Hashable {
    /// False: summaries carry names only (for a calendar others can see).
    public var includeAmounts: Bool
    /// A daily "log today's spending" event with an alarm at this local time (minutes after midnight), or none.
    public var dailyReminderMinutes: Int?
    /// An alarm at this local time on the day of every unconfirmed payment (expense, loan payment), or none.
    public var paymentAlarmMinutes: Int?

    /// Creates options; the defaults are a plain download: amounts, no alarms.
    public init(includeAmounts: Bool = true, dailyReminderMinutes: Int? = nil, paymentAlarmMinutes: Int? = nil) {
        self.includeAmounts = includeAmounts; self.dailyReminderMinutes = dailyReminderMinutes
        self.paymentAlarmMinutes = paymentAlarmMinutes
    }
}

/// A moment in UTC to the second (the feed's DTSTAMP).
public struct UTCTimestamp: Sendable, Hashable {
    public var day: Day
    /// 0 ..< 86 400.
    public var secondOfDay: Int

    /// Creates a timestamp; `secondOfDay` is clamped to the day.
    public init(day: Day, secondOfDay: Int) { self.day = day; self.secondOfDay = min(max(secondOfDay, 0), 86_399) }

    /// Seconds since 1970-01-01T00:00:00Z.
    public init(unixSeconds: Int64) {
        let epoch = Day(year: 1970, month: 1, day: 1)!.ordinal
        let (q, r) = unixSeconds.quotientAndRemainder(dividingBy: 86_400)
        self.init(day: Day(ordinal: epoch + Int(r < 0 ? q - 1 : q)), secondOfDay: Int(r < 0 ? r + 86_400 : r))
    }

    /// `yyyymmddThhmmssZ`.
    public var text: String {
        let (h, m, s) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return ICalendar.basicDate(day) + "T" + pad2(h) + pad2(m) + pad2(s) + "Z"
    }
}

private func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

// MARK: - The household's events

/// Every event of the household from `from` through `through` (docs/engine-rules.md,
/// "Calendar feeds (.ics)"), ordered by date then UID:
/// - each occurrence of a recurring income or expense (tracked bills and subscriptions are
///   recurring items) and each planned debt payment, as `plannedOccurrences` lists them
///   (31st-of-month items on the last day of shorter months); CONFIRMED once an entry confirms it;
/// - each entry entered as planned that does not confirm an occurrence (TENTATIVE while
///   pending, CONFIRMED once confirmed in place); entries typed as actual are history, not events;
/// - each unfinished goal's deadline;
/// - with `dailyReminderMinutes`, one "log today's spending" event a day from max(from, today);
/// - then `extra` (hook for other features' events).
/// `h.entries` must hold the entries dated in the period. `categoryName` names a category key.
public func calendarEvents(_ h: Household, from: Day, through: Day, today: Day, options: CalendarFeedOptions,
                           currency: Currency, language: Language, categoryName: (String) -> String = { $0 },
                           extra: [CalendarEvent] = []) -> [CalendarEvent] {
    guard from <= through else { return extra }
    func amount(_ kind: FlowKind, _ money: Money) -> String {
        guard options.includeAmounts else { return "" }
        return " " + (kind == .income ? "+" : "\u{2212}") + MoneyFormat.format(money, currency, language)
    }
    func state(_ confirmed: Bool) -> String {
        words(confirmed ? "feed_event_confirmed" : "feed_event_planned", language)
    }
    func alarm(_ kind: FlowKind, _ confirmed: Bool) -> Int? { kind == .expense && !confirmed ? options.paymentAlarmMinutes : nil }
    var events: [CalendarEvent] = []
    for o in plannedOccurrences(h, from: from, through: through, today: today) {
        let (uidKind, id, what): (String, any CustomStringConvertible, String)
        switch o.key.source {
        case .recurring(let item):
            (uidKind, id, what) = ("recurring", item, o.kind == .income ? words("feed_event_recurring_income", language)
                                   : words("feed_event_recurring_expense", language) + " · " + categoryName(o.category))
        case .debt(let debt):
            (uidKind, id, what) = ("debt", debt, words("feed_event_debt_payment", language))
        }
        events.append(CalendarEvent(uid: "\(uidKind)-\(id)-\(ICalendar.basicDate(o.date))@finmind", date: o.date,
                                    summary: o.name + amount(o.kind, o.amount), description: what + " · " + state(o.isConfirmed),
                                    isConfirmed: o.isConfirmed, alarmMinutes: alarm(o.kind, o.isConfirmed)))
    }
    for e in h.entries where e.wasPlanned && e.confirms == nil && e.date >= from && e.date <= through {
        let what = e.kind == .income ? words("feed_event_planned_income", language)
            : words("feed_event_planned_expense", language) + (e.category.isEmpty ? "" : " · " + categoryName(e.category))
        events.append(CalendarEvent(uid: "entry-\(e.id)@finmind", date: e.date, summary: e.name + amount(e.kind, e.plannedAmount ?? e.amount),
                                    description: what + " · " + state(e.isActual), isConfirmed: e.isActual,
                                    alarmMinutes: alarm(e.kind, e.isActual)))
    }
    for g in h.goals where !g.isFinished {
        guard let deadline = g.deadline, deadline >= from, deadline <= through else { continue }
        let figures = options.includeAmounts
            ? words("feed_event_goal_saved", language, ["saved": MoneyFormat.format(g.saved, currency, language),
                                                        "target": MoneyFormat.format(g.target, currency, language)])
            : ""
        events.append(CalendarEvent(uid: "goal-\(g.id)@finmind", date: deadline,
                                    summary: words("feed_event_goal_deadline", language, ["name": language.quote(g.name)]),
                                    description: words("feed_event_goal", language) + (figures.isEmpty ? "" : " · " + figures), isConfirmed: true))
    }
    if let minutes = options.dailyReminderMinutes {
        var day = max(from, today)
        while day <= through {
            events.append(CalendarEvent(uid: "daily-\(ICalendar.basicDate(day))@finmind", date: day,
                                        summary: words("feed_event_daily", language),
                                        description: words("feed_event_daily_description", language),
                                        isConfirmed: true, alarmMinutes: minutes))
            day = day.adding(days: 1)
        }
    }
    events += extra
    return events.sorted { $0.date != $1.date ? $0.date < $1.date : $0.uid < $1.uid }
}

// MARK: - RFC 5545 text

/// The iCalendar writer: CRLF line ends, lines folded at 75 octets without splitting a UTF-8
/// sequence, TEXT values escaped.
public enum ICalendar {
    /// The longest physical line in octets, without its CRLF (RFC 5545 §3.1).
    public static let lineOctets = 75

    /// The whole VCALENDAR: PRODID, VERSION, CALSCALE, METHOD:PUBLISH, X-WR-CALNAME, refresh
    /// hints, then one VEVENT per event (all-day: DTSTART;VALUE=DATE, DTEND the next day).
    public static func document(name: String, language: Language, events: [CalendarEvent], stamp: UTCTimestamp) -> String {
        var w = Writer()
        w.out.reserveCapacity(400 * events.count + 400)
        for line in ["BEGIN:VCALENDAR", "PRODID:-//FinMind//FinMind//" + language.rawValue.uppercased(), "VERSION:2.0",
                     "CALSCALE:GREGORIAN", "METHOD:PUBLISH"] { w.line(line) }
        w.line("X-WR-CALNAME:", text: name)
        w.line("REFRESH-INTERVAL;VALUE=DURATION:PT1H")
        w.line("X-PUBLISHED-TTL:PT1H")
        let stampLine = "DTSTAMP:" + stamp.text
        for event in events {
            w.line("BEGIN:VEVENT")
            w.line("UID:", text: event.uid)
            w.line(stampLine)
            w.line("DTSTART;VALUE=DATE:", date: event.date)
            w.line("DTEND;VALUE=DATE:", date: event.date.adding(days: 1))
            w.line("SUMMARY:", text: event.summary)
            if !event.description.isEmpty { w.line("DESCRIPTION:", text: event.description) }
            w.line(event.isConfirmed ? "STATUS:CONFIRMED" : "STATUS:TENTATIVE")
            w.line("TRANSP:TRANSPARENT")
            if let minutes = event.alarmMinutes {
                w.line("BEGIN:VALARM")
                w.line("ACTION:DISPLAY")
                w.line("DESCRIPTION:", text: event.summary)
                w.line("TRIGGER;RELATED=START:" + duration(minutes: minutes))
                w.line("END:VALARM")
            }
            w.line("END:VEVENT")
        }
        w.line("END:VCALENDAR")
        return String(decoding: w.out, as: UTF8.self)
    }

    /// A TEXT value escaped (RFC 5545 §3.3.11): `\` → `\\`, `;` → `\;`, `,` → `\,`, any line
    /// break (CRLF, LF, CR) → `\n`; other control characters are dropped.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One content line folded (RFC 5545 §3.1): physical lines of at most 75 octets joined by
    /// CRLF + one space, breaking only before the first octet of a UTF-8 sequence (never inside one).
    public static func fold(_ line: String) -> String {
        var out: [UInt8] = []
        Writer.emit(Array(line.utf8), into: &out)
        return String(decoding: out.dropLast(2), as: UTF8.self)
    }

    /// Appends `text` escaped as a TEXT value, octet by octet (every octet of a multi-octet
    /// sequence is ≥ 0x80, so only ASCII is ever rewritten).
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var afterCR = false
        for byte in text.utf8 {
            defer { afterCR = byte == 13 }
            switch byte {
            case 92: bytes += [92, 92]                  // \
            case 59: bytes += [92, 59]                  // ;
            case 44: bytes += [92, 44]                  // ,
            case 13: bytes += [92, 110]                 // CR → \n
            case 10: if !afterCR { bytes += [92, 110] } // LF → \n (CRLF once)
            case 9: bytes.append(9)
            case 0..<32, 127: continue
            default: bytes.append(byte)
            }
        }
    }

    /// Collects the folded lines' octets.
    struct Writer {
        var out: [UInt8] = []
        private var buffer: [UInt8] = []

        /// Writes `name` followed by `text` escaped, folded.
        mutating func line(_ name: String, text: String) {
            var line = take()
            line.append(contentsOf: name.utf8)
            ICalendar.appendEscaped(text, to: &line)
            Self.emit(line, into: &out)
            buffer = line
        }

        /// Writes a line whose value needs no escaping, folded.
        mutating func line(_ text: String) {
            var line = take()
            line.append(contentsOf: text.utf8)
            Self.emit(line, into: &out)
            buffer = line
        }

        /// Writes `name` followed by `day` as `yyyymmdd`.
        mutating func line(_ name: String, date day: Day) {
            var line = take()
            line.append(contentsOf: name.utf8)
            for (value, width) in [(day.year, 4), (day.month, 2), (day.day, 2)] {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                var rest = max(value, 0)
                while divisor > 0 { line.append(UInt8(48 + rest / divisor % 10)); rest %= divisor; divisor /= 10 }
            }
            Self.emit(line, into: &out)
            buffer = line
        }

        /// The reusable line buffer, emptied (moved out, so filling it copies nothing).
        private mutating func take() -> [UInt8] {
            var line: [UInt8] = []
            swap(&line, &buffer)
            line.removeAll(keepingCapacity: true)
            return line
        }

        /// Appends `line` folded at 75 octets (74 after a continuation's space), then CRLF.
        static func emit(_ line: [UInt8], into out: inout [UInt8]) {
            var start = 0
            var limit = ICalendar.lineOctets
            while line.count - start > limit {
                var cut = start + limit
                while cut > start + 1 && line[cut] & 0xC0 == 0x80 { cut -= 1 }   // not inside a sequence
                out.append(contentsOf: line[start..<cut])
                out.append(13); out.append(10); out.append(32)
                start = cut
                limit = ICalendar.lineOctets - 1
            }
            out.append(contentsOf: line[start...])
            out.append(13); out.append(10)
        }
    }

    /// `yyyymmdd` (the DATE value form).
    public static func basicDate(_ day: Day) -> String {
        let y = String(day.year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + pad2(day.month) + pad2(day.day)
    }

    /// A positive DURATION from the start of the day: `PT9H`, `PT9H30M`, `PT30M`, `PT0S`.
    static func duration(minutes: Int) -> String {
        let (h, m) = (minutes / 60, minutes % 60)
        if h == 0 && m == 0 { return "PT0S" }
        return "PT" + (h > 0 ? "\(h)H" : "") + (m > 0 ? "\(m)M" : "")
    }
}
