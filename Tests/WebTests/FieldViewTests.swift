import Testing
@testable import Web

// The generic form's controls (Sources/Web/Forms/FieldView.swift).

@Suite("Field views")
struct FieldViewTests {
    @Test("a field's id, kind flags and aria-describedby follow its name, kind, hint and error")
    func field() {
        var field = FieldView(name: "amount", label: "Amount", kind: .money)
        #expect(field.id == "field-amount" && field.isMoney && !field.isText && field.describedBy == nil && field.autocomplete == "off")
        field.hint = "In roubles"
        #expect(field.describedBy == "hint-amount")
        field.error = "Required"
        #expect(field.describedBy == "hint-amount error-amount")
        field.hint = nil
        #expect(field.describedBy == "error-amount")
        #expect(FieldKind.allKinds.allSatisfy { kind in
            let view = FieldView(name: "x", label: "x", kind: kind)
            return [view.isText, view.isMoney, view.isDate, view.isNumber, view.isSelect, view.isRadio, view.isTextarea,
                    view.isCheckbox, view.isLocked, view.isPassword].filter { $0 }.count == 1
        })
    }

    @Test("a form page lists the fields with errors")
    func errorFields() {
        let page = FormPageView(heading: "New", action: "/x", submitLabel: "Save", cancelHref: "/", fields: [
            FieldView(name: "a", label: "A", kind: .text, error: "Bad"), FieldView(name: "b", label: "B", kind: .text),
        ], hasErrors: true)
        #expect(page.errors.map(\.field) == ["a"])
        #expect(page.errors.map(\.text) == ["A: Bad"])
    }
}

extension FieldKind {
    static let allKinds: [FieldKind] = [.text, .money, .date, .number, .select, .radio, .textarea, .checkbox, .locked, .password]
}
