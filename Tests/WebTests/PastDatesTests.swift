import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

// Past dates are questioned, not taken silently: a goal deadline or a
// planned one-off dated before today answers 422 with "keep it?"; the ticked box saves.
// The Calendar asks "did it happen?" of past planned one-offs. Today is 2026-11-21.

@Suite("Past deadlines and past planned one-offs")
struct PastDatesTests {
    @Test("a goal with a past deadline: 422 with the question, then saved once the box is ticked")
    func goalDeadline() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let version = database.version
        let fields = DataForm.goal.with(["deadline": "2026-10-31"])
        let asked = try browser.submit(DataForm.goal.page, to: DataForm.goal.action, fields)
        #expect(asked.status == 422)
        #expect(database.version == version, "nothing written")
        let html = asked.text
        #expect(html.contains(#"<p class="error" id="error-deadline">The deadline has passed — keep it? Tick “Keep the past deadline” to save it anyway.</p>"#))
        #expect(html.contains(#"name="deadline" value="2026-10-31""#))
        #expect(html.contains(#"<input type="checkbox" id="field-keepPast" name="keepPast" value="1">"#))
        // Submitting again with the box ticked saves it.
        let token = try #require(HTML.form(in: html, action: "/data/goal")).token
        let saved = browser.post("/data/goal", fields + [("keepPast", "1")], formToken: token)
        #expect(saved.status == 303)
        #expect(try database.household(settings: PlanSettings(), entriesFrom: date("2026-11-01"), through: date("2026-11-30"))
            .goals.first?.deadline == date("2026-10-31"))
    }

    @Test("today or later, or no deadline, is not questioned", arguments: ["2026-11-21", "2027-01-01", ""])
    func goalDeadlineFine(deadline: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        #expect(try browser.submit(DataForm.goal.page, to: DataForm.goal.action, DataForm.goal.with(["deadline": deadline])).status == 303)
    }

    @Test("editing a goal whose past deadline is unchanged is not questioned again")
    func goalUnchanged() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewGoal(name: "Bike", target: cents(50_000), deadline: date("2026-06-01")))
        var browser = TestBrowser(app: app)
        let fields = [("name", "Bike"), ("target", "600"), ("saved", "0"), ("priority", "2")]
        let response = try browser.submit("/data/goal/\(id)/edit", to: "/data/goal/\(id)", fields + [("deadline", "2026-06-01")])
        #expect(response.status == 303)
        let moved = try browser.submit("/data/goal/\(id)/edit", to: "/data/goal/\(id)", fields + [("deadline", "2026-05-01")])
        #expect(moved.status == 422, "a changed past deadline is questioned")
    }

    @Test("a planned one-off dated in the past: 422 with the question; actual is not questioned; the box keeps it planned")
    func plannedPast() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let planned = DataForm.entry.with(["status": "planned", "date": "2026-11-10"])
        let asked = try browser.submit(DataForm.entry.page, to: DataForm.entry.action, planned)
        #expect(asked.status == 422)
        #expect(asked.text.contains(#"id="error-date">This date has passed — did it happen?"#))
        #expect(asked.text.contains(#"name="keepPast""#))
        #expect(try browser.submit(DataForm.entry.page, to: DataForm.entry.action, planned + [("keepPast", "1")]).status == 303)
        // An actual one of another amount is not questioned (one of the same amount would confirm the planned one).
        #expect(try browser.submit(DataForm.entry.page, to: DataForm.entry.action,
                                   DataForm.entry.with(["status": "actual", "date": "2026-11-10", "amount": "999"])).status == 303)
        #expect(try database.entryCount(from: date("2026-11-10"), through: date("2026-11-10")) == 2)
    }

    @Test("a planned one-off added on a past calendar day is questioned beside the status")
    func calendarPlannedPast() throws {
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let fields = [("kind", "expense"), ("name", "Dentist"), ("amount", "30"), ("category", "health"), ("status", "planned"), ("note", "")]
        let asked = try browser.submit("/calendar/2026-11-02", to: "/calendar/2026-11-02", fields)
        #expect(asked.status == 422)
        #expect(asked.text.contains(#"id="error-status">This date has passed — did it happen?"#))
        #expect(try database.entryCount(from: date("2026-11-02"), through: date("2026-11-02")) == 0)
        let kept = try browser.submit("/calendar/2026-11-02", to: "/calendar/2026-11-02", fields + [("keepPast", "1")])
        #expect(kept.status == 303)
    }

    @Test("the day page asks whether a past planned one-off happened: confirm or delete")
    func dayAsks() throws {
        let (app, database) = try makeTestApp()
        let id = try database.seed(NewEntry(date: date("2026-11-10"), kind: .expense, name: "Dentist", amount: cents(3_000),
                                            category: "health", isActual: false))
        let future = try database.seed(NewEntry(date: date("2026-11-25"), kind: .expense, name: "Haircut", amount: cents(2_000),
                                                category: "other", isActual: false))
        var browser = TestBrowser(app: app)
        let past = browser.get("/calendar/2026-11-10").text
        #expect(past.contains("The day has passed: did it happen?"))
        #expect(past.contains(#"<input type="hidden" name="entry" value="\#(id)">"#))
        #expect(past.contains(#">It did not happen: delete<span class="visually-hidden"> Dentist</span></a>"#))
        let later = browser.get("/calendar/2026-11-25").text
        #expect(later.contains("Haircut") && !later.contains("did it happen?"))
        _ = future
    }
}
