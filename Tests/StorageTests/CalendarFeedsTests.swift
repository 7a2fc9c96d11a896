import Engine
import Foundation
import Testing
@testable import Storage

// The calendar feeds' table (Sources/Storage/CalendarFeeds.swift).

@Suite("Calendar feeds")
struct CalendarFeedsTests {
    @Test("a feed is created once per token, found by its hash, noted at most every 10 minutes, and revoked")
    func lifecycle() throws {
        let database = try budgetDatabase()
        let options = CalendarFeedOptions(includeAmounts: false, dailyReminderMinutes: 540, paymentAlarmMinutes: 60)
        let form = token()
        let id = try #require(try database.createCalendarFeed(tokenHash: tokenHash("hash-a"), options: options, language: .ru, formToken: form).value())
        #expect(try database.createCalendarFeed(tokenHash: tokenHash("hash-b"), options: options, language: .ru, formToken: form).isDuplicate)
        let feed = try #require(try database.calendarFeed(tokenHash: tokenHash("hash-a")))
        #expect(feed.id == id && feed.options == options && feed.language == .ru && feed.lastFetchedAt == nil)
        #expect(try database.calendarFeed(tokenHash: tokenHash("hash-b")) == nil)
        let first = Date(timeIntervalSince1970: 1_780_000_000)
        try database.noteCalendarFeedFetched(id: id, now: first)
        try database.noteCalendarFeedFetched(id: id, now: first.addingTimeInterval(300))
        #expect(try database.calendarFeed(tokenHash: tokenHash("hash-a"))?.lastFetchedAt == first)
        try database.noteCalendarFeedFetched(id: id, now: first.addingTimeInterval(601))
        #expect(try database.calendarFeed(tokenHash: tokenHash("hash-a"))?.lastFetchedAt == first.addingTimeInterval(601))
        #expect(try database.revokeCalendarFeed(id: id, formToken: token()).value())
        #expect(try !database.revokeCalendarFeed(id: id, formToken: token()).value())
        #expect(try database.calendarFeeds().isEmpty)
    }

    @Test("at most 20 feeds, listed newest first")
    func limit() throws {
        let database = try budgetDatabase()
        var ids: [ID<CalendarFeed>] = []
        for index in 0..<AppDatabase.calendarFeedLimit {
            ids.append(try #require(try database.createCalendarFeed(tokenHash: tokenHash("h\(index)"), options: CalendarFeedOptions(), language: .en,
                                                                    formToken: token()).value()))
        }
        #expect(try database.createCalendarFeed(tokenHash: tokenHash("one more"), options: CalendarFeedOptions(), language: .en,
                                                formToken: token()).value() == nil)
        #expect(try database.calendarFeeds().map(\.id) == ids.reversed())
    }
}
