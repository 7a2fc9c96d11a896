import Foundation
import Testing
@testable import Engine

// Months of a year: parsing, printing, stepping and their days (Sources/Engine/YearMonth.swift).
@Suite("Year and month")
struct YearMonthTests {
    @Test("parses exactly YYYY-MM and prints it back")
    func parsingAndPrinting() {
        #expect(YearMonth(iso: "2027-03") == YearMonth(year: 2027, month: 3))
        #expect(YearMonth(iso: "2027-03")?.iso == "2027-03")
        #expect(YearMonth(year: 12, month: 1)?.iso == "0012-01")
        for text in ["2027-3", "2027-13", "2027-00", "27-03", "2027/03", "2027-03-01", ""] {
            #expect(YearMonth(iso: text) == nil, "\(text)")
        }
        #expect(YearMonth(year: 0, month: 5) == nil)
        #expect(YearMonth(year: 2027, month: 0) == nil)
    }

    @Test("stepping crosses year boundaries both ways")
    func steppingAcrossYears() {
        let december = YearMonth(year: 2026, month: 12)!
        #expect(december.next == YearMonth(year: 2027, month: 1))
        #expect(december.next.previous == december)
        #expect(december.adding(months: 14) == YearMonth(year: 2028, month: 2))
        #expect(december.adding(months: -12) == YearMonth(year: 2025, month: 12))
        #expect(YearMonth(year: 2027, month: 1)!.adding(months: -13) == YearMonth(year: 2025, month: 12))
        #expect(december.months(to: YearMonth(year: 2028, month: 2)!) == 14)
        #expect(YearMonth(year: 2028, month: 2)!.months(to: december) == -14)
        #expect(december.index == 2026 * 12 + 11)
        #expect(YearMonth(index: december.index) == december)
        #expect(YearMonth(year: 2025, month: 12)! < YearMonth(year: 2026, month: 1)!)
    }

    @Test("first, last and clamped days of a month")
    func daysOfTheMonth() {
        let february = YearMonth(year: 2028, month: 2)!
        #expect(february.firstDay == day("2028-02-01"))
        #expect(february.lastDay == day("2028-02-29"))
        #expect(YearMonth(year: 2027, month: 2)!.lastDay == day("2027-02-28"))
        #expect(YearMonth(year: 2027, month: 4)!.day(clamping: 31) == day("2027-04-30"))
        #expect(YearMonth(year: 2027, month: 4)!.day(clamping: 0) == day("2027-04-01"))
        #expect(YearMonth(year: 2027, month: 4)!.day(clamping: 15) == day("2027-04-15"))
    }

    @Test("JSON is the YYYY-MM string; any other text is refused")
    func codable() throws {
        let month = YearMonth(year: 2027, month: 9)!
        #expect(String(decoding: try JSONEncoder().encode([month]), as: UTF8.self) == #"["2027-09"]"#)
        #expect(try JSONDecoder().decode([YearMonth].self, from: Data(#"["2027-09"]"#.utf8)) == [month])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([YearMonth].self, from: Data(#"["2027-9"]"#.utf8)) }
    }
}
