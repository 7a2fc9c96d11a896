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
    let ru = language == .ru
    func amount(_ kind: FlowKind, _ money: Money) -> String {
        guard options.includeAmounts else { return "" }
        return " " + (kind == .income ? "+" : "\u{2212}") + MoneyFormat.format(money, currency, language)
    }
    func state(_ confirmed: Bool) -> String {
        confirmed ? (ru ? "подтверждено" : "confirmed") : (ru ? "запланировано" : "planned")
    }
    func alarm(_ kind: FlowKind, _ confirmed: Bool) -> Int? { kind == .expense && !confirmed ? options.paymentAlarmMinutes : nil }
    var events: [CalendarEvent] = []
    for o in plannedOccurrences(h, from: from, through: through, today: today) {
        let (uidKind, id, what): (String, Int64, String)
        switch o.key.source {
        case .recurring(let item):
            (uidKind, id, what) = ("recurring", item, o.kind == .income ? (ru ? "Регулярный доход" : "Recurring income")
                                   : (ru ? "Регулярный расход" : "Recurring expense") + " · " + categoryName(o.category))
        case .debt(let debt):
            (uidKind, id, what) = ("debt", debt, ru ? "Платёж по долгу" : "Debt payment")
        }
        events.append(CalendarEvent(uid: "\(uidKind)-\(id)-\(ICalendar.basicDate(o.date))@finmind", date: o.date,
                                    summary: o.name + amount(o.kind, o.amount), description: what + " · " + state(o.isConfirmed),
                                    isConfirmed: o.isConfirmed, alarmMinutes: alarm(o.kind, o.isConfirmed)))
    }
    for e in h.entries where e.wasPlanned && e.confirms == nil && e.date >= from && e.date <= through {
        let what = e.kind == .income ? (ru ? "Запланированный доход" : "Planned income")
            : (ru ? "Запланированный расход" : "Planned expense") + (e.category.isEmpty ? "" : " · " + categoryName(e.category))
        events.append(CalendarEvent(uid: "entry-\(e.id)@finmind", date: e.date, summary: e.name + amount(e.kind, e.plannedAmount ?? e.amount),
                                    description: what + " · " + state(e.isActual), isConfirmed: e.isActual,
                                    alarmMinutes: alarm(e.kind, e.isActual)))
    }
    for g in h.goals where !g.isFinished {
        guard let deadline = g.deadline, deadline >= from, deadline <= through else { continue }
        let figures = options.includeAmounts
            ? (ru ? "накоплено " : "saved ") + MoneyFormat.format(g.saved, currency, language) + (ru ? " из " : " of ")
                + MoneyFormat.format(g.target, currency, language)
            : ""
        events.append(CalendarEvent(uid: "goal-\(g.id)@finmind", date: deadline,
                                    summary: (ru ? "Срок цели «" : "Goal deadline: “") + g.name + (ru ? "»" : "”"),
                                    description: (ru ? "Цель" : "Goal") + (figures.isEmpty ? "" : " · " + figures), isConfirmed: true))
    }
    if let minutes = options.dailyReminderMinutes {
        var day = max(from, today)
        while day <= through {
            events.append(CalendarEvent(uid: "daily-\(ICalendar.basicDate(day))@finmind", date: day,
                                        summary: ru ? "Записать траты за сегодня" : "Log today's spending",
                                        description: ru ? "Ежедневное напоминание FinMind" : "FinMind daily reminder",
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
        var lines = [
            "BEGIN:VCALENDAR",
            "PRODID:-//FinMind//FinMind//" + language.rawValue.uppercased(),
            "VERSION:2.0",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escape(name),
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
            "X-PUBLISHED-TTL:PT1H",
        ]
        let stampText = stamp.text
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:" + escape(event.uid),
                "DTSTAMP:" + stampText,
                "DTSTART;VALUE=DATE:" + basicDate(event.date),
                "DTEND;VALUE=DATE:" + basicDate(event.date.adding(days: 1)),
                "SUMMARY:" + escape(event.summary),
            ]
            if !event.description.isEmpty { lines.append("DESCRIPTION:" + escape(event.description)) }
            lines.append("STATUS:" + (event.isConfirmed ? "CONFIRMED" : "TENTATIVE"))
            lines.append("TRANSP:TRANSPARENT")
            if let minutes = event.alarmMinutes {
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escape(event.summary),
                          "TRIGGER;RELATED=START:" + duration(minutes: minutes), "END:VALARM"]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        var text = ""
        for line in lines { text += fold(line) + "\r\n" }
        return text
    }

    /// A TEXT value escaped (RFC 5545 §3.3.11): `\` → `\\`, `;` → `\;`, `,` → `\,`, any line
    /// break (CRLF, LF, CR) → `\n`; other control characters are dropped.
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\r": out.append(contentsOf: "\\n".unicodeScalars)
            case "\n": if !afterCR { out.append(contentsOf: "\\n".unicodeScalars) }
            case "\t": out.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// One content line folded (RFC 5545 §3.1): physical lines of at most 75 octets joined by
    /// CRLF + one space, breaking only between Unicode scalars (never inside a UTF-8 sequence).
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > lineOctets else { return line }
        var out = ""
        var current = ""
        var octets = 0
        var limit = lineOctets
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > limit {
                out += current + "\r\n "
                current = ""
                octets = 0
                limit = lineOctets - 1   // the leading space counts
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        return out + current
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
