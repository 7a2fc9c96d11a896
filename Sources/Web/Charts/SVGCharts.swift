import Engine

/// Accessible SVG charts drawn on the server: a title and description inside the SVG,
/// classes (not style attributes) for colours, so the page's CSP and themes apply.
/// Geometry is computed in floating point from the integer amounts; every amount shown
/// as text is formatted from the exact integer.
enum SVGCharts {
    // MARK: - Cash-flow bars

    /// One bucket of the cash-flow chart.
    struct Bar {
        var label: String
        var income: Int64
        var expense: Int64
        var freeCashFlow: Int64
    }

    /// The two drawings of the cash-flow chart: one for wide screens and one for phones
    /// (CSS shows one per media query). Both keep every axis text at least 12 CSS px where
    /// they are shown: the wide one from 48rem of viewport (at least 694 px of chart for a
    /// 720-unit view box: 12.5-unit text is 12.05 px), the phone one at 340 units with
    /// 13-unit text: 13.2 px on the 346 px chart of a 390 px phone, still 12.6 px where a
    /// 15 px scroll bar leaves 331 px.
    struct Layout: Sendable {
        var id: String, width: Double, height: Double, fontSize: Double, intervals: Int
        static let wide = Layout(id: "cashflow", width: 720, height: 300, fontSize: 12.5, intervals: 5)
        static let narrow = Layout(id: "cashflow-narrow", width: 340, height: 250, fontSize: 13, intervals: 4)
    }

    /// Income and expense bars per bucket with the free cash flow as a line and dots, on
    /// round ticks (1-2-5 steps) labelled in one format; bucket labels are thinned so they
    /// never overlap.
    static func cashFlow(_ bars: [Bar], title: String, description: String, language: Language, layout: Layout = .wide) -> String {
        let width = layout.width, height = layout.height, font = layout.fontSize
        let maximum = bars.map { max($0.income, $0.expense, $0.freeCashFlow) }.max() ?? 0
        let minimum = bars.map { min($0.income, $0.expense, $0.freeCashFlow) }.min() ?? 0
        let ticks = ChartAxis.ticks(minimum: minimum, maximum: maximum, intervals: layout.intervals)
        let tickLabels = ChartAxis.labels(ticks, language)
        let characterWidth = font * 0.62
        let left = Double(tickLabels.map(\.count).max() ?? 1) * characterWidth + 10, right = 10.0
        let top = font * 1.1, bottom = font * 2.2
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        // In floating point: the range may exceed 64 bits (clamped figures of both signs).
        let span = Double(ticks.upper) - Double(ticks.lower)
        func y(_ value: Int64) -> Double { top + plotHeight * (Double(ticks.upper) - Double(value)) / span }
        let slot = plotWidth / Double(max(bars.count, 1))
        let barWidth = max(1, min(28, slot * 0.36))
        var svg = open(width: width, height: height, title: title, description: description, id: layout.id,
                       extraClass: "chart-cashflow" + (layout.id == Layout.narrow.id ? " chart-narrow" : " chart-wide"), fontSize: font)
        for (tick, label) in zip(ticks.values, tickLabels) {
            let ty = format(y(tick))
            svg += "<line class=\"grid\(tick == 0 ? " zero" : "")\" x1=\"\(format(left))\" x2=\"\(format(width - right))\" y1=\"\(ty)\" y2=\"\(ty)\"/>"
            svg += "<text class=\"axis\" x=\"\(format(left - 6))\" y=\"\(ty)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(escape(label))</text>"
        }
        let longest = Double(bars.map(\.label.count).max() ?? 1) * characterWidth
        let labelEvery = max(1, Int(((longest + font) / slot).rounded(.up)))
        var points: [String] = []
        for (index, bar) in bars.enumerated() {
            let center = left + slot * (Double(index) + 0.5)
            let zero = y(0)
            for (value, css, offset) in [(bar.income, "bar income", -barWidth), (bar.expense, "bar expense", 0.0)] where value > 0 {
                let barTop = y(value)
                svg += "<rect class=\"\(css)\" x=\"\(format(center + offset))\" y=\"\(format(barTop))\" width=\"\(format(barWidth))\" height=\"\(format(max(0.5, zero - barTop)))\"/>"
            }
            points.append("\(format(center)),\(format(y(bar.freeCashFlow)))")
            if index % labelEvery == 0 {
                // Kept inside the drawing: a label near either edge moves in rather than being cut.
                let half = Double(bar.label.count) * characterWidth / 2
                let x = min(max(center, half + 2), width - half - 2)
                svg += "<text class=\"axis\" x=\"\(format(x))\" y=\"\(format(height - bottom + font * 1.4))\" text-anchor=\"middle\">\(escape(bar.label))</text>"
            }
        }
        if !points.isEmpty {
            svg += "<polyline class=\"fcf-line\" points=\"\(points.joined(separator: " "))\"/>"
            let radius = format(min(3, max(1.5, slot * 0.2)))
            for point in points {
                let xy = point.split(separator: ",")
                svg += "<circle class=\"fcf-dot\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"\(radius)\"/>"
            }
        }
        return svg + "</svg>"
    }

    /// At most `limit` bars for the phone drawing: runs of `size` neighbouring buckets added up
    /// (each labelled by its first bucket); `size` is 1 when the bars already fit.
    static func grouped(_ bars: [Bar], atMost limit: Int) -> (bars: [Bar], size: Int) {
        guard bars.count > limit, limit > 0 else { return (bars, 1) }
        let size = (bars.count + limit - 1) / limit
        let groups = stride(from: 0, to: bars.count, by: size).map { start in
            let run = bars[start..<min(start + size, bars.count)]
            return Bar(label: run.first!.label, income: run.reduce(0) { $0 + $1.income },
                       expense: run.reduce(0) { $0 + $1.expense }, freeCashFlow: run.reduce(0) { $0 + $1.freeCashFlow })
        }
        return (groups, size)
    }

    // MARK: - Donut

    /// One slice of the donut.
    struct Slice {
        var label: String
        var amount: Int64
    }

    /// A donut of the slices' shares, largest first; classes slice-0 … slice-9.
    static func donut(_ slices: [Slice], title: String, description: String) -> String {
        let size = 240.0, center = 120.0, outer = 110.0, inner = 62.0
        var svg = open(width: size, height: size, title: title, description: description, id: "donut")
        let total = slices.reduce(0.0) { $0 + Double(max($1.amount, 0)) }
        guard total > 0 else { return svg + "<circle class=\"slice-empty\" cx=\"120\" cy=\"120\" r=\"86\"/></svg>" }
        if slices.count == 1 {
            svg += "<circle class=\"slice-0\" cx=\"\(format(center))\" cy=\"\(format(center))\" r=\"\(format((outer + inner) / 2))\" fill=\"none\" stroke-width=\"\(format(outer - inner))\"/>"
            return svg + "</svg>"
        }
        var angle = -Double.pi / 2
        for (index, slice) in slices.enumerated() where slice.amount > 0 {
            let sweep = 2 * Double.pi * Double(slice.amount) / total
            let end = angle + sweep
            let large = sweep > Double.pi ? 1 : 0
            func point(_ radius: Double, _ a: Double) -> String { "\(format(center + radius * cos(a))) \(format(center + radius * sin(a)))" }
            let path = "M \(point(outer, angle)) A \(format(outer)) \(format(outer)) 0 \(large) 1 \(point(outer, end)) "
                + "L \(point(inner, end)) A \(format(inner)) \(format(inner)) 0 \(large) 0 \(point(inner, angle)) Z"
            svg += "<path class=\"slice-\(index % 10)\" d=\"\(path)\"><title>\(escape(slice.label))</title></path>"
            angle = end
        }
        return svg + "</svg>"
    }

    // MARK: - Helpers

    private static func open(width: Double, height: Double, title: String, description: String, id: String,
                             extraClass: String? = nil, fontSize: Double? = nil) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart \(extraClass ?? "chart-" + id)\" viewBox=\"0 0 \(format(width)) \(format(height))\""
            + (fontSize.map { " font-size=\"\(format($0))\"" } ?? "") + " role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
            + "<title id=\"\(id)-title\">\(escape(title))</title><desc id=\"\(id)-desc\">\(escape(description))</desc>"
    }

    /// A coordinate with at most one decimal.
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths) / 10, fraction = abs(Int(tenths) % 10)
        if fraction == 0 { return String(Int(tenths / 10)) }
        return (tenths < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
    }

    /// Escapes text for XML content and attributes (as templates escape: `htmlEscaped`).
    static func escape(_ text: String) -> String { text.htmlEscaped }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
