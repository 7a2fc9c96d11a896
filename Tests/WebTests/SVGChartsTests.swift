import Engine
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Web

/// Tests Sources/Web/Charts/SVGCharts.swift: the cash-flow drawings, their grouping and text size.
@Suite("SVG charts")
struct SVGChartsTests {
    @Test("the cash-flow chart comes as a wide and a phone drawing, both valid XML without style attributes")
    func twoDrawings() throws {
        var bars: [SVGCharts.Bar] = []
        for month in Int64(1)...12 {
            let income: Int64 = month * 30_000_00
            bars.append(SVGCharts.Bar(label: "Jun 26", income: income, expense: 120_000_00, freeCashFlow: income - 120_000_00))
        }
        for layout in [SVGCharts.Layout.wide, .narrow] {
            let svg = SVGCharts.cashFlow(bars, title: "T & <t>", description: "D", language: .en, layout: layout)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            #expect(!svg.contains("style="))
            #expect(svg.contains("font-size=\"\(SVGCharts.format(layout.fontSize))\""))
            #expect(svg.contains("<title id=\"\(layout.id)-title\">T &amp; &lt;t&gt;</title>"))
            // Round ticks: none of the old max/half/min values, every label from the 1-2-5 set.
            let labels = svg.matches(of: /text-anchor="end" dominant-baseline="middle">([^<]*)</).map { String($0.1) }
            #expect(labels == (layout.id == "cashflow" ? ["−100k", "0", "100k", "200k", "300k", "400k"] : ["−200k", "0", "200k", "400k"]))
        }
        let narrow = SVGCharts.cashFlow(bars, title: "T", description: "D", language: .en, layout: .narrow)
        #expect(narrow.contains("class=\"chart chart-cashflow chart-narrow\""))
        #expect(narrow.contains("viewBox=\"0 0 340 250\""))
    }

    @Test("the phone drawing adds up neighbouring buckets to at most 12 bars, keeping every total")
    func phoneGroupsBuckets() {
        let weeks = (0..<53).map { SVGCharts.Bar(label: "w\($0)", income: 1_000_00, expense: Int64($0) * 10_00, freeCashFlow: 1_000_00 - Int64($0) * 10_00) }
        let (bars, size) = SVGCharts.grouped(weeks, atMost: 12)
        #expect(size == 5 && bars.count == 11)
        #expect(bars.first?.label == "w0" && bars[1].label == "w5")
        #expect(bars.reduce(0) { $0 + $1.income } == weeks.reduce(0) { $0 + $1.income })
        #expect(bars.reduce(0) { $0 + $1.expense } == weeks.reduce(0) { $0 + $1.expense })
        #expect(bars.reduce(0) { $0 + $1.freeCashFlow } == weeks.reduce(0) { $0 + $1.freeCashFlow })
        let months = Array(weeks.prefix(12))
        #expect(SVGCharts.grouped(months, atMost: 12).size == 1)
    }

    @Test("text stays at least 12 CSS px where each drawing is shown")
    func textSize() {
        // The phone drawing on a 390 px screen less a 15 px scroll bar: main 0.5rem and card
        // 0.8rem padding each side, 1 px borders.
        let phoneChart: Double = 390 - 15 - 16 - 25.6 - 2
        let narrow = SVGCharts.Layout.narrow, wide = SVGCharts.Layout.wide
        #expect(narrow.fontSize * phoneChart / narrow.width >= 12)
        // The wide drawing from 48rem (768 px): main 1rem and card 1.25rem padding each side.
        let smallestWide: Double = 768 - 32 - 40 - 2
        #expect(wide.fontSize * smallestWide / wide.width >= 12)
    }
}
