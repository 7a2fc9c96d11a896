import Testing
@testable import Engine

// The Calendar's month grid (Sources/Engine/Calendar.swift); the household is SeriesTests' seriesHousehold().
@Suite("Calendar month")
struct CalendarTests {
    @Test func calendarMonthHasEveryDay() {
        let days = calendarMonth(seriesHousehold(), month: YearMonth(iso: "2027-03")!, today: day("2027-03-15"))
        #expect(days.count == 31)
        #expect(days[0].day == day("2027-03-01"))
        #expect(days[0].plannedExpense == money(31_000_00))   // food + rent (confirmed, still planned)
        #expect(days[0].pendingExpense == .zero)              // rent confirmed; food plans its category, never pending
        #expect(days[0].actualExpense == money(31_000_00))
        #expect(days[4].plannedIncome == money(100_000_00))   // 5 March
        #expect(days[19].plannedIncome == money(2_000_00))    // 20 March gift
        #expect(calendarMonth(Household(), month: YearMonth(iso: "2028-02")!, today: day("2027-03-15")).count == 29)
    }
}
