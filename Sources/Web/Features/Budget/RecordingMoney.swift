import Engine
import HTTPCore
import Storage

// Recording money on every path (SPEC §11 "One event, one place"; docs/engine-rules.md, "One money
// model"): the Budget page's one-off form, the Calendar's day form and quick entry first look for
// the pending planned item the entry fulfils and confirm it (the default); the flash offers
// "Record separately" (POST /data/undo with thing=separate-<entry>[-<planned entry>]).

extension Handler {
    /// The pending planned item an actual entry that confirms nothing fulfils, or nil.
    func plannedMatch(for entry: NewEntry) throws -> PlannedMatch? {
        guard entry.isActual, entry.confirms == nil else { return nil }
        let today = today()
        let household = try database.household(settings: try householdSettings().plan, entriesFrom: entry.date.adding(days: -7),
                                               through: entry.date.adding(days: 7), today: today)
        return Engine.plannedMatch(kind: entry.kind, amount: entry.amount, date: entry.date, in: household, today: today)
    }

    /// Records `entry` with the planned item it fulfils; returns the flash sentence that says so
    /// and the "Record separately" button's undo, both nil when it confirmed nothing.
    func recordWithMatch(_ entry: NewEntry, origin: EntryOrigin, token: String, display: Display) throws
        -> (note: String?, undo: (thing: String, name: String)?) {
        let match = try plannedMatch(for: entry)
        guard case .written(let recorded) = try database.record(entry, confirming: match.map(Self.recordedMatch), origin: origin,
                                                                formToken: token),
              let match, recorded.confirmed != nil else { return (nil, nil) }
        return (Self.matchSentence(match, display: display), (Self.separateThing(recorded), display.t["record_separately"]))
    }

    /// "It confirms your planned «Salary» of December 5 (+$120,000.00)."
    static func matchSentence(_ match: PlannedMatch, display: Display) -> String {
        display.t.format("record_confirms", ["name": match.name, "date": display.day(match.date), "amount": display.money(match.amount)])
    }

    /// The storage's form of a match.
    static func recordedMatch(_ match: PlannedMatch) -> RecordedMatch {
        switch match {
        case .occurrence(let occurrence): .occurrence(occurrence.key)
        case .plannedEntry(let entry): .plannedEntry(entry.id)
        }
    }

    /// The undo thing of "Record separately": separate-<entry>, or separate-<entry>-<planned entry it replaced>.
    static func separateThing(_ recorded: RecordedEntry) -> String {
        if case .plannedEntry(let planned) = recorded.confirmed { return "separate-\(recorded.id)-\(planned)" }
        return "separate-\(recorded.id)"
    }

    /// The ids a "separate-…" thing names, or nil.
    static func separateIDs(_ thing: String?) -> (entry: ID<Entry>, planned: ID<Entry>?)? {
        guard let thing, thing.hasPrefix("separate-") else { return nil }
        let parts = thing.dropFirst("separate-".count).split(separator: "-", omittingEmptySubsequences: false).map { ID<Entry>(String($0)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        return (parts[0]!, parts.count == 2 ? parts[1] : nil)
    }

    /// POST /data/undo with a "separate-…" thing: the entry stops confirming what it confirmed.
    func recordSeparately(_ ids: (entry: ID<Entry>, planned: ID<Entry>?), token: String, _ context: RequestContext) throws -> Response {
        let back = context.request.headers["Referer"].flatMap(Self.refererPath) ?? Route.budget(.page).path
        do {
            _ = try database.recordSeparately(ids.entry, plannedEntry: ids.planned, formToken: token)
            return context.redirect(to: back, flash: context.t["record_flash_separate"])
        } catch StorageError.undoExpired {
            return context.redirect(to: back, flash: context.t["flash_undo_expired"])
        }
    }

    /// The account a new entry's form starts on: the default account (nil: none, then cash).
    func defaultAccountValue() throws -> String {
        try database.defaultAccountID().map { String($0.rawValue) } ?? ""
    }
}
