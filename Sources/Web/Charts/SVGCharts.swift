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

    /// Income and expense bars per bucket with the free cash flow as a line and dots.
    static func cashFlow(_ bars: [Bar], title: String, description: String, compact: (Int64) -> String) -> String {
        let width = 720.0, height = 280.0, left = 64.0, right = 12.0, top = 16.0, bottom = 40.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let maximum = max(1, bars.map { max($0.income, $0.expense, $0.freeCashFlow) }.max() ?? 1)
        let minimum = min(0, bars.map(\.freeCashFlow).min() ?? 0)
        // In floating point: maximum − minimum may exceed 64 bits (clamped figures of both signs).
        let span = Double(maximum) - Double(minimum)
        func y(_ value: Int64) -> Double { top + plotHeight * (Double(maximum) - Double(value)) / span }
        let slot = plotWidth / Double(max(bars.count, 1))
        let barWidth = max(1, min(28, slot * 0.36))
        var svg = open(width: width, height: height, title: title, description: description, id: "cashflow")
        // Grid and axis labels: zero, the maximum, and the minimum when negative.
        var ticks: [Int64] = [0, maximum, maximum / 2]
        if minimum < 0 { ticks.append(minimum) }
        for tick in Set(ticks).sorted() {
            let ty = format(y(tick))
            svg += "<line class=\"grid\(tick == 0 ? " zero" : "")\" x1=\"\(format(left))\" x2=\"\(format(width - right))\" y1=\"\(ty)\" y2=\"\(ty)\"/>"
            svg += "<text class=\"axis\" x=\"\(format(left - 6))\" y=\"\(ty)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(escape(compact(tick)))</text>"
        }
        let longest = Double(bars.map(\.label.count).max() ?? 1)
        let labelEvery = max(1, Int((Double(bars.count) * (longest * 6.8 + 8) / plotWidth).rounded(.up)))
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
                svg += "<text class=\"axis\" x=\"\(format(center))\" y=\"\(format(height - bottom + 16))\" text-anchor=\"middle\">\(escape(bar.label))</text>"
            }
        }
        if !points.isEmpty {
            svg += "<polyline class=\"fcf-line\" points=\"\(points.joined(separator: " "))\"/>"
            for point in points {
                let xy = point.split(separator: ",")
                svg += "<circle class=\"fcf-dot\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\"/>"
            }
        }
        return svg + "</svg>"
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

    private static func open(width: Double, height: Double, title: String, description: String, id: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-\(id)\" viewBox=\"0 0 \(format(width)) \(format(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
            + "<title id=\"\(id)-title\">\(escape(title))</title><desc id=\"\(id)-desc\">\(escape(description))</desc>"
    }

    /// A coordinate with at most one decimal.
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths) / 10, fraction = abs(Int(tenths) % 10)
        if fraction == 0 { return String(Int(tenths / 10)) }
        return (tenths < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
    }

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
