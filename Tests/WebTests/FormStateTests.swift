import Engine
import Testing
@testable import Web

// A submitted form being validated (Sources/Web/Forms/FormState.swift).

@Suite("Form state")
struct FormStateTests {
    static let t = Translations(.en)

    @Test("names, notes and amounts are read as typed; a failure keeps the first message per field")
    func readers() {
        var form = FormState(Self.t, values: ["name": "  Rent ", "note": "line 1\r\nline 2", "amount": "1234.50", "zero": "0"])
        #expect(form.name("name") == "Rent")
        #expect(form.note("note") == "line 1\nline 2")
        #expect(form.money("amount") == .some(Money(minorUnits: 1_234_50)))
        #expect(form.money("zero", allowZero: true) == .some(.zero))
        #expect(form.money("missing", required: false) == .some(nil))
        #expect(form.isValid)
        #expect(form.money("zero") == nil)
        #expect(form.name("missing") == nil)
        #expect(!form.isValid && form.errors["zero"] == Self.t[runtime: "validation_amount_range"])
        #expect(form.errors["missing"] == Self.t[runtime: "validation_required"])
        _ = form.name(String(repeating: "x", count: 81))
        form.fail("missing", "validation_choice")
        #expect(form.errors["missing"] == Self.t[runtime: "validation_required"], "the first message stays")
    }

    @Test("dates, whole numbers, APRs and choices keep to their limits")
    func limits() {
        var form = FormState(Self.t, values: ["day": "2026-02-29", "old": "1899-12-31", "ok": "2026-11-21", "n": "601", "m": "12",
                                             "apr": "14.99%", "kind": "income", "box": ""])
        #expect(form.day("day") == nil && form.errors["day"] == Self.t[runtime: "validation_date_format"])
        #expect(form.day("old") == nil && form.errors["old"] == Self.t[runtime: "validation_date_range"])
        #expect(form.day("ok") == .some(Day(iso: "2026-11-21")))
        #expect(form.integer("n", 1...600) == nil && form.integer("m", 1...600) == .some(12))
        #expect(form.errors["n"] == Self.t.format(runtime: "validation_integer_range", ["min": "1", "max": "600"]))
        #expect(form.apr("apr") == APR(hundredths: 1499))
        #expect(form.choice("kind", FlowKind.self) == .income)
        #expect(form.flag("box") && !form.flag("nothing"))
    }

    @Test("a whole percent (plan shares, a limit's threshold) takes a trailing % as rates do; a plain number does not")
    func wholePercent() {
        var form = FormState(Self.t, values: ["a": "30 %", "b": "90%", "c": "45\u{00A0}%", "d": "30 %", "e": "%"])
        #expect(form.integer("a", 0...100, percent: true) == .some(30))
        #expect(form.integer("b", 0...100, percent: true) == .some(90))
        #expect(form.integer("c", 0...100, percent: true) == .some(45))
        #expect(form.integer("d", 0...100) == nil && form.errors["d"] == Self.t[runtime: "validation_integer"])
        #expect(form.integer("e", 0...100, percent: true) == nil)
    }

    @Test("an amount with letters is refused for its letters, one with a third decimal for its decimals")
    func amountMessages() {
        var form = FormState(Self.t, values: ["a": "12abc", "b": "12.345", "c": "12,5,0"])
        #expect(form.money("a") == nil && form.errors["a"] == Self.t[runtime: "validation_amount_letters"])
        #expect(form.money("b") == nil && form.errors["b"] == Self.t[runtime: "validation_amount_format"])
        #expect(form.money("c") == nil && form.errors["c"] == Self.t[runtime: "validation_amount_format"])
    }

    @Test("control, byte-order and bidirectional characters are refused in names")
    func controlCharacters() {
        #expect(FormState.hasControlCharacters("a\u{7}b"))
        #expect(FormState.hasControlCharacters("\u{FEFF}Rent"))
        #expect(FormState.hasControlCharacters("abc\u{202E}fdp.exe"))
        #expect(!FormState.hasControlCharacters("Молоко 2 %"))
        var form = FormState(Self.t, values: ["name": "Rent\u{202E}"])
        #expect(form.name("name") == nil && form.errors["name"] == Self.t[runtime: "validation_control"])
    }
}
