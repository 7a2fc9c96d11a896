import Engine

/// Round axis ticks and short axis labels for the server-drawn charts. Integer
/// arithmetic on minor units throughout; amounts here have two decimals (docs/engine-rules.md, "Typed amounts and rates").
enum ChartAxis {
    // MARK: - Ticks

    /// The value axis: ticks `step` apart from `lower` to `upper`, both multiples of `step`.
    struct Ticks: Equatable {
        var lower: Int64
        var upper: Int64
        var step: Int64

        /// Every tick from `lower` to `upper`; zero is always one of them.
        var values: [Int64] { Array(stride(from: lower, through: upper, by: Int(step))) }
    }

    /// Ticks on a 1-2-5 step (1, 2, 5, 10, 20, 50 … whole units) that cover `minimum`…`maximum`
    /// and zero in at most `intervals` steps. The step is never below one whole unit
    /// (100 minor units), so no two ticks read the same; all zeros give 0 and one unit.
    static func ticks(minimum: Int64, maximum: Int64, intervals: Int = 4) -> Ticks {
        let low = min(0, minimum), high = max(0, maximum)
        var step: Int64 = 100
        while true {
            let lower = floorDivision(low, step).multipliedReportingOverflow(by: step)
            let upper = ceilDivision(high, step).multipliedReportingOverflow(by: step)
            if !lower.overflow, !upper.overflow {
                let span = upper.partialValue.subtractingReportingOverflow(lower.partialValue)
                if !span.overflow, span.partialValue / step <= Int64(max(1, intervals)) {
                    return Ticks(lower: lower.partialValue, upper: max(upper.partialValue, lower.partialValue + step), step: step)
                }
            }
            guard let next = nextStep(after: step) else {
                // Clamped figures of both signs: one step from the lowest to the highest (128 bits: no trap).
                return Ticks(lower: low, upper: high, step: Int64(clamping: max(1, Int128(high) - Int128(low))))
            }
            step = next
        }
    }

    /// The next 1-2-5 step: 1 → 2 → 5 → 10 …; nil past Int64's range.
    private static func nextStep(after step: Int64) -> Int64? {
        var power: Int64 = 1
        while power <= step / 10 { power *= 10 }
        switch step / power {
        case 1: return 2 * power
        case 2: return 5 * power
        default:
            let (value, overflow) = power.multipliedReportingOverflow(by: 10)
            return overflow ? nil : value
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-(a + 1)) / b) - 1 }
    private static func ceilDivision(_ a: Int64, _ b: Int64) -> Int64 { a > 0 ? (a - 1) / b + 1 : -((-a) / b) }

    // MARK: - Tick labels

    /// Every tick's label in one format chosen by the largest tick: whole units below a
    /// thousand, else thousands ("20k" / "20к"), else millions ("1.5M" / "1,5М"); as many
    /// decimals as the step needs; negatives with "−".
    static func labels(_ ticks: Ticks, _ language: Language) -> [String] {
        let largest = max(Int128(ticks.lower).magnitude, Int128(ticks.upper).magnitude)   // abs(Int64.min) would trap
        let (unit, suffix): (Int64, String) =
            largest >= 100_000_000 ? (100_000_000, Translations(language)["number_millions_suffix"])
            : largest >= 100_000 ? (100_000, Translations(language)["number_thousands_suffix"])
            : (100, "")
        var decimals = 0, scale: Int128 = 1
        while (Int128(ticks.step) * scale) % Int128(unit) != 0 && decimals < 2 { decimals += 1; scale *= 10 }
        return ticks.values.map { value in
            if value == 0 { return "0" }
            let scaled = Int128(value).magnitude * UInt128(scale) / UInt128(unit)   // 128 bits: near Int64.max × 100
            var text = "\(scaled / UInt128(scale))"
            if decimals > 0 {
                let fraction = String(scaled % UInt128(scale))
                text += language.decimalSeparator + String(repeating: "0", count: decimals - fraction.count) + fraction
            }
            return (value < 0 ? "\u{2212}" : "") + text + suffix
        }
    }

    // MARK: - Bucket labels

    /// A week on the axis by the date it starts: "Mar 3" (en), "3 мар" (ru), "3. Mär" (de).
    static func week(_ start: Day, _ language: Language) -> String {
        language.shortDayMonth(day: start.day, month: start.month)
    }

    /// `month`'s (1–12) abbreviation for axis labels: "Mar" / "мар" / "Mär".
    static func shortMonth(_ month: Int, _ language: Language) -> String { language.shortMonthNames[month - 1] }
}
