import Mustache

/// The sign-in page: one passcode field, where to go afterwards, and the message of a
/// failed or locked-out attempt.
struct LoginPageView: ViewModel {
    var next: String
    var error: String?
}

/// The passcode page: the first passcode (with the setup code on the network), or the
/// change form; the sign-out buttons of a signed-in browser. Passcodes are never echoed.
struct PasscodePageView: ViewModel {
    var words: Translations
    var exists: Bool
    var needsSetupCode: Bool
    var signedIn: Bool
    var required: Bool
    var errors: [String: String]
    /// Where the form returns once saved (a local path the link named, e.g. the home-network page).
    var back: String?

    var heading: String { words[exists ? "passcode_change_title" : "passcode_set_title"] }
    var intro: String { words[exists ? "passcode_change_intro" : (required ? "passcode_set_intro_required" : "passcode_set_intro")] }
    var formError: String? { errors["form"] }
    var hasErrors: Bool { !errors.isEmpty }
    var submitLabel: String { words[exists ? "passcode_change_action" : "passcode_set_action"] }

    var fields: [FieldView] {
        func field(_ name: String, _ label: String, hint: String? = nil, kind: FieldKind = .password,
                   autocomplete: String) -> FieldView {
            FieldView(name: name, label: words[runtime: label], kind: kind, error: errors[name], hint: hint.map { words[runtime: $0] }, required: true,
                      autocomplete: autocomplete)
        }
        var list: [FieldView] = []
        if needsSetupCode {
            list.append(field("setupCode", "passcode_field_setup_code", hint: "passcode_hint_setup_code", kind: .text,
                              autocomplete: "one-time-code"))
        }
        if exists { list.append(field("current", "passcode_field_current", autocomplete: "current-password")) }
        list.append(field("passcode", exists ? "passcode_field_new" : "passcode_field_passcode", hint: "passcode_hint_length",
                          autocomplete: "new-password"))
        list.append(field("confirm", "passcode_field_confirm", autocomplete: "new-password"))
        return list
    }
}
