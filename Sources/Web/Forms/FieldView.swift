import Mustache

/// The kinds of form control the generic form template draws.
enum FieldKind: String {
    case text, money, date, number, select, radio, textarea, checkbox, locked, password
}

/// One form control with its label, the user's value, and the message beside it.
struct FieldView: ViewModel {
    var name: String
    var label: String
    var kind: FieldKind
    var value: String = ""
    var error: String?
    var hint: String?
    var required = false
    var maxLength: Int?
    var options: [OptionView] = []
    var checked = false
    /// The browser's autofill hint; text fields say "off" unless told otherwise.
    var autocomplete = "off"

    var id: String { "field-" + name }
    var isText: Bool { kind == .text }
    var isMoney: Bool { kind == .money }
    var isDate: Bool { kind == .date }
    var isNumber: Bool { kind == .number }
    var isSelect: Bool { kind == .select }
    var isRadio: Bool { kind == .radio }
    var isTextarea: Bool { kind == .textarea }
    var isCheckbox: Bool { kind == .checkbox }
    var isLocked: Bool { kind == .locked }
    var isPassword: Bool { kind == .password }

    /// The ids of the hint and error paragraphs, for aria-describedby.
    var describedBy: String? {
        let ids = [hint == nil ? nil : "hint-" + name, error == nil ? nil : "error-" + name].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }
}

/// One message of a page's error summary, linking to the field at fault (`#field-<name>`).
struct ErrorLink: ViewModel {
    var field: String
    var text: String

    /// The summary of `errors` (a message by field name), in the fields' name order.
    static func summary(_ errors: [String: String]) -> [ErrorLink] {
        errors.sorted { $0.key < $1.key }.map { ErrorLink(field: $0.key, text: $0.value) }
    }

    /// The summary of a form's `fields`: "Label: message" for each field with an error, in the
    /// form's order.
    static func summary(_ fields: [FieldView]) -> [ErrorLink] {
        fields.compactMap { field in field.error.map { ErrorLink(field: field.name, text: field.label + ": " + $0) } }
    }
}

/// A field a form posts without showing it (the step it came from, a confirmation).
struct HiddenField: ViewModel {
    var name: String, value: String
}

/// One option of a select or radio group.
struct OptionView: ViewModel {
    var value: String
    var label: String
    var selected: Bool
}

/// A whole form page: heading, fields, where it posts and where Cancel goes.
struct FormPageView: ViewModel {
    var heading: String
    var intro: String?
    var action: String
    var submitLabel: String
    var cancelHref: String
    var fields: [FieldView]
    var hasErrors: Bool
    var hidden: [HiddenField] = []
    /// Links below the form to what else can be done with the item (an expense's split).
    var related: [LinkView] = []

    var errors: [ErrorLink] { ErrorLink.summary(fields) }
}

/// A link with a line saying where it leads: a card of a choice page, a link below a form.
struct LinkView: ViewModel {
    var href: String
    var label: String
    var detail: String?
}

/// A page offering a choice between a few links (e.g. "Recurring or one-off?").
struct ChoicePageView: ViewModel {
    var heading: String
    var intro: String?
    var choices: [LinkView]
    var cancelHref: String
}

/// "Delete X?" with a POST button and a way back.
struct ConfirmPageView: ViewModel {
    var heading: String
    var text: String
    var action: String
    var submitLabel: String
    var cancelHref: String
    /// Hidden fields the POST carries.
    var hidden: [HiddenField] = []
}
