import Engine
import Foundation
import Logging
import Testing
@testable import Storage
@testable import Web

// Today's civil date (Sources/Web/Household/Today.swift).

@Suite("Today")
struct TodayTests {
    static func app(zone: String, pinned: String?, at instant: Date) throws -> App {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let configuration = WebConfiguration(templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
                                             timeZone: TimeZone(identifier: zone)!, pinnedToday: pinned)
        return try App(configuration: configuration, database: try AppDatabase.inMemory(), logger: logger, clock: { instant })
    }

    @Test("today is the clock's date in the configured zone, unless --today pins it")
    func zoneAndPin() throws {
        // 2026-11-21 23:30 UTC is already 22 November in Moscow (UTC+3)
        let instant = Date(timeIntervalSince1970: 1_795_303_800)
        #expect(try Self.app(zone: "UTC", pinned: nil, at: instant).today() == Day(iso: "2026-11-21"))
        #expect(try Self.app(zone: "Europe/Moscow", pinned: nil, at: instant).today() == Day(iso: "2026-11-22"))
        #expect(try Self.app(zone: "UTC", pinned: "2030-01-02", at: instant).today() == Day(iso: "2030-01-02"))
        #expect(try Self.app(zone: "UTC", pinned: "not a day", at: instant).today() == Day(iso: "2026-11-21"))
    }
}
