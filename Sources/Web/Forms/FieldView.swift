import Mustache

/// The kinds of form control the generic form template draws.
enum FieldKind: String {
    case text, money, date, number, select, radio, textarea, checkbox, locked, password
}

/// One form control with its label, the user's value, and the message beside it.
struct FieldView: MustacheParent {
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

    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "id": "field-" + name
        case "label": label
        case "value": value
        case "error": error
        case "hint": hint
        case "required": required
        case "maxLength": maxLength
        case "options": options
        case "checked": checked
        case "autocomplete": autocomplete
        case "describedBy": describedBy
        case "isText": kind == .text
        case "isMoney": kind == .money
        case "isDate": kind == .date
        case "isNumber": kind == .number
        case "isSelect": kind == .select
        case "isRadio": kind == .radio
        case "isTextarea": kind == .textarea
        case "isCheckbox": kind == .checkbox
        case "isLocked": kind == .locked
        case "isPassword": kind == .password
        default: nil
        }
    }

    /// The ids of the hint and error paragraphs, for aria-describedby.
    private var describedBy: String? {
        let ids = [hint == nil ? nil : "hint-" + name, error == nil ? nil : "error-" + name].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }
}

/// One option of a select or radio group.
struct OptionView: MustacheParent {
    var value: String
    var label: String
    var selected: Bool

    func child(named key: String) -> Any? {
        switch key {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}

/// A whole form page: heading, fields, where it posts and where Cancel goes.
struct FormPageView: MustacheParent {
    var heading: String
    var intro: String?
    var action: String
    var submitLabel: String
    var cancelHref: String
    var fields: [FieldView]
    var hasErrors: Bool
    var hidden: [OptionView] = []

    func child(named key: String) -> Any? {
        switch key {
        case "heading": heading
        case "intro": intro
        case "action": action
        case "submitLabel": submitLabel
        case "cancelHref": cancelHref
        case "fields": fields
        case "hasErrors": hasErrors
        case "errorFields": fields.filter { $0.error != nil }
        case "hidden": hidden
        default: nil
        }
    }
}

/// A page offering a choice between a few links (e.g. "Recurring or one-off?").
struct ChoicePageView: MustacheParent {
    var heading: String
    var intro: String?
    var choices: [ChoiceView]
    var cancelHref: String

    func child(named key: String) -> Any? {
        switch key {
        case "heading": heading
        case "intro": intro
        case "choices": choices
        case "cancelHref": cancelHref
        default: nil
        }
    }
}

struct ChoiceView: MustacheParent {
    var href: String
    var label: String
    var description: String

    func child(named key: String) -> Any? {
        switch key {
        case "href": href
        case "label": label
        case "description": description
        default: nil
        }
    }
}

/// "Delete X?" with a POST button and a way back.
struct ConfirmPageView: MustacheParent {
    var heading: String
    var text: String
    var action: String
    var submitLabel: String
    var cancelHref: String

    func child(named key: String) -> Any? {
        switch key {
        case "heading": heading
        case "text": text
        case "action": action
        case "submitLabel": submitLabel
        case "cancelHref": cancelHref
        default: nil
        }
    }
}
