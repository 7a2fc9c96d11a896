import Testing
@testable import Engine

// The watch over confirmed recurring items (docs/engine-rules.md, "Bills and subscriptions").

@Suite struct BillWatchTests {
    @Test func watchStatuses() {
        let item = RecurringItem(id: 1, kind: .expense, name: "Netflix", amount: money(799_00), periodicity: .monthly, start: day("2026-01-05"))
        let linked: [ID<RecurringItem>: [BillEntry]] = [1: hits("Netflix", ["2026-01-05", "2026-02-05", "2026-03-05"], [799_00])]
        func status(_ today: String, extra: [BillEntry] = []) -> BillWatch {
            watchBills([item], linked: linked, entries: extra, today: day(today))[0]
        }
        #expect(status("2026-04-08").status == .ok)
        #expect(status("2026-04-09").status == .late)
        #expect(status("2026-04-09").nextDue == day("2026-04-05"))
        #expect(status("2026-05-08").status == .late)
        #expect(status("2026-05-09").status == .possiblyCancelled)
        let unseen = RecurringItem(id: 2, kind: .expense, name: "Water", amount: money(500_00), periodicity: .monthly, start: day("2025-01-20"))
        let quiet = watchBills([unseen], linked: [:], entries: [], today: day("2026-04-09"))[0]
        #expect(quiet.status == .ok)
        #expect(quiet.nextDue == day("2026-04-20"))
        let raised = status("2026-04-10", extra: hits("NETFLIX.COM", ["2026-04-05"], [999_00], firstID: 50))
        #expect(raised.status == .priceChanged)
        #expect(raised.newAmount == money(999_00))
        #expect(raised.changePercent == 25)
        #expect(raised.nextDue == day("2026-05-05"))
    }

    @Test func watchFlagsDuplicatesAndSkipsEndedItems() {
        let a = RecurringItem(id: 1, kind: .expense, name: "Spotify", amount: money(169_00), periodicity: .monthly, start: day("2026-01-03"))
        let b = RecurringItem(id: 2, kind: .expense, name: "spotify", amount: money(199_00), periodicity: .monthly, start: day("2026-02-10"))
        let c = RecurringItem(id: 3, kind: .expense, name: "Spotify", amount: money(1690_00), periodicity: .yearly, start: day("2026-01-03"))
        let ended = RecurringItem(id: 4, kind: .expense, name: "Okko", amount: money(399_00), periodicity: .monthly,
                                  start: day("2025-01-03"), end: day("2025-12-31"))
        let watch = watchBills([a, b, c, ended], linked: [:], entries: [], today: day("2026-02-11"))
        #expect(watch.map(\.item.id) == [1, 2, 3])
        #expect(watch.map(\.duplicate) == [true, true, false])
    }

    @Test func itemWithNoOccurrenceLeftBeforeItsEndHasEnded() {
        // Quarterly from 14 Feb, ending today 21 Nov: paid on 14 Nov, nothing left to pay (was: next due 20 Nov, ok).
        let insurance = RecurringItem(id: 1, kind: .expense, name: "Insurance", amount: money(120_00), periodicity: .quarterly,
                                      start: day("2026-02-14"), end: day("2026-11-21"))
        let paid = watchBills([insurance], linked: [1: hits("Insurance", ["2026-11-14"], [120_00])], entries: [], today: day("2026-11-21"))
        #expect(paid.map(\.status) == [.ended])
        #expect(paid[0].nextDue == nil)
        // Never paid through an entry, ending today between two occurrences (was: next due today).
        let quiet = watchBills([insurance], linked: [:], entries: [], today: day("2026-11-21"))
        #expect(quiet.map(\.status) == [.ended] && quiet[0].nextDue == nil)
        // With today an occurrence on its end date, it is still due today.
        var endsOnADue = insurance
        endsOnADue.end = day("2026-11-14")
        let due = watchBills([endsOnADue], linked: [:], entries: [], today: day("2026-11-14"))
        #expect(due.map(\.status) == [.ok] && due[0].nextDue == day("2026-11-14"))
        // An ended item is nobody's duplicate.
        let twin = RecurringItem(id: 2, kind: .expense, name: "insurance", amount: money(120_00), periodicity: .quarterly, start: day("2026-02-14"))
        let both = watchBills([insurance, twin], linked: [:], entries: [], today: day("2026-11-21"))
        #expect(both.map(\.duplicate) == [false, false])
        #expect(both[1].nextDue == day("2027-02-14"))
    }
}
