import Foundation
import Mustache

// `WebBenchmark lookup [rows] [repetitions]`: how fast swift-mustache reads a view model's
// fields by each way of exposing them: a `child(named:)` switch (written by hand or
// generated), reflection over a plain struct (Mirror), and a static key-path table.
// Renders a table of `rows` entry rows (the Budget page's largest list) `repetitions`
// times per way and prints the median and p99 milliseconds per render.
enum LookupBenchmark {
    static let template = """
        <table>{{#rows}}<tr><td><time datetime="{{dateISO}}">{{date}}</time></td><td>{{name}}</td>\
        <td class="{{kind}}">{{amount}}</td><td>{{status}}{{#isActual}}✓{{/isActual}}{{#isIncome}}+{{/isIncome}}</td>\
        <td>{{#note}}<small>{{note}}</small>{{/note}}</td><td><a href="{{editHref}}">e</a>\
        <form action="{{deleteHref}}"></form></td></tr>{{/rows}}</table>
        """

    struct Fields {
        var date: String, dateISO: String, name: String, amount: String
        var isIncome: Bool
        var kind: String, status: String
        var isActual: Bool
        var note: String?
        var editHref: String, deleteHref: String

        init(_ index: Int) {
            date = "\(index % 28 + 1) Nov"; dateISO = "2026-11-\(index % 28 + 1)"; name = "Entry number \(index)"
            amount = "\(index * 37 % 10_000),00 ₽"; isIncome = index % 5 == 0; kind = isIncome ? "income" : "expense"
            status = "done"; isActual = index % 3 != 0; note = index % 4 == 0 ? "a note" : nil
            editHref = "/data/entries/\(index)/edit"; deleteHref = "/data/entries/\(index)/delete"
        }
    }

    /// Reflection: not a MustacheParent, so swift-mustache walks a Mirror for every name.
    struct MirrorRow { var f: Fields
        // Flattened so Mirror sees the same stored properties as the other rows.
        var date: String, dateISO: String, name: String, amount: String, isIncome: Bool, kind: String, status: String
        var isActual: Bool, note: String?, editHref: String, deleteHref: String
        init(_ f: Fields) {
            self.f = f; date = f.date; dateISO = f.dateISO; name = f.name; amount = f.amount; isIncome = f.isIncome
            kind = f.kind; status = f.status; isActual = f.isActual; note = f.note; editHref = f.editHref; deleteHref = f.deleteHref
        }
    }

    /// A switch, as written today by hand (and as a generator would emit it).
    struct SwitchRow: MustacheParent { var f: Fields
        func child(named name: String) -> Any? {
            switch name {
            case "date": f.date
            case "dateISO": f.dateISO
            case "name": f.name
            case "amount": f.amount
            case "isIncome": f.isIncome
            case "kind": f.kind
            case "status": f.status
            case "isActual": f.isActual
            case "note": f.note
            case "editHref": f.editHref
            case "deleteHref": f.deleteHref
            default: nil
            }
        }
    }

    /// A static dictionary of key paths and one generic lookup.
    struct KeyPathRow: MustacheParent { var f: Fields
        nonisolated(unsafe) static let fields: [String: PartialKeyPath<KeyPathRow>] = [
            "date": \.f.date, "dateISO": \.f.dateISO, "name": \.f.name, "amount": \.f.amount, "isIncome": \.f.isIncome,
            "kind": \.f.kind, "status": \.f.status, "isActual": \.f.isActual, "note": \.f.note,
            "editHref": \.f.editHref, "deleteHref": \.f.deleteHref,
        ]
        func child(named name: String) -> Any? {
            guard let path = Self.fields[name] else { return nil }
            let value = self[keyPath: path]
            if let optional = value as? OptionalValue { return optional.wrapped }
            return value
        }
    }

    struct Page<Row>: MustacheParent { var rows: [Row]
        func child(named name: String) -> Any? { name == "rows" ? rows : nil }
    }

    static func run(rows: Int, repetitions: Int) throws {
        let template = try MustacheTemplate(string: Self.template)
        let fields = (0..<rows).map(Fields.init)
        func measure(_ label: String, _ view: Any) {
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<repetitions {
                let start = ContinuousClock.now
                bytes = template.render(view).utf8.count
                times.append(milliseconds(ContinuousClock.now - start))
            }
            print("| \(label) | \(format(percentile(times, 50))) ms | \(format(percentile(times, 99))) ms | \(bytes) |")
        }
        print("| lookup, \(rows) rows | median | p99 | bytes |")
        print("| --- | ---: | ---: | ---: |")
        measure("switch (child(named:))", Page(rows: fields.map(SwitchRow.init)))
        measure("key-path table", Page(rows: fields.map(KeyPathRow.init)))
        measure("reflection (Mirror)", Page(rows: fields.map(MirrorRow.init)))
    }
}

/// Lets a lookup return the value inside an optional it read through a key path (or nil).
protocol OptionalValue { var wrapped: Any? { get } }
extension Optional: OptionalValue {
    var wrapped: Any? { map { $0 } }
}
