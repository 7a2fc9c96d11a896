import Mustache

/// The sign-in page: one passcode field, where to go afterwards, and the message of a
/// failed or locked-out attempt.
struct LoginPageView: MustacheParent {
    var next: String
    var error: String?

    func child(named key: String) -> Any? {
        switch key {
        case "next": next
        case "error": error
        default: nil
        }
    }
}

/// The passcode page: the first passcode (with the setup code on the network), or the
/// change form; the sign-out buttons of a signed-in browser. Passcodes are never echoed.
struct PasscodePageView: MustacheParent {
    var t: Translations
    var exists: Bool
    var needsSetupCode: Bool
    var signedIn: Bool
    var required: Bool
    var errors: [String: String]

    func child(named key: String) -> Any? {
        switch key {
        case "heading": t[exists ? "passcode_change_title" : "passcode_set_title"]
        case "intro": t[exists ? "passcode_change_intro" : (required ? "passcode_set_intro_required" : "passcode_set_intro")]
        case "exists": exists
        case "needsSetupCode": needsSetupCode
        case "signedIn": signedIn
        case "formError": errors["form"]
        case "hasErrors": !errors.isEmpty
        case "fields": fields
        case "submitLabel": t[exists ? "passcode_change_action" : "passcode_set_action"]
        default: nil
        }
    }

    private var fields: [PasscodeField] {
        var list: [PasscodeField] = []
        if needsSetupCode {
            list.append(PasscodeField(name: "setupCode", label: t["passcode_field_setup_code"],
                                      hint: t["passcode_hint_setup_code"], autocomplete: "one-time-code",
                                      isPassword: false, error: errors["setupCode"]))
        }
        if exists {
            list.append(PasscodeField(name: "current", label: t["passcode_field_current"], hint: nil,
                                      autocomplete: "current-password", isPassword: true, error: errors["current"]))
        }
        list.append(PasscodeField(name: "passcode", label: t[exists ? "passcode_field_new" : "passcode_field_passcode"],
                                  hint: t["passcode_hint_length"], autocomplete: "new-password", isPassword: true,
                                  error: errors["passcode"]))
        list.append(PasscodeField(name: "confirm", label: t["passcode_field_confirm"], hint: nil,
                                  autocomplete: "new-password", isPassword: true, error: errors["confirm"]))
        return list
    }
}

/// One field of the passcode form.
struct PasscodeField: MustacheParent {
    var name: String
    var label: String
    var hint: String?
    var autocomplete: String
    var isPassword: Bool
    var error: String?

    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "label": label
        case "hint": hint
        case "autocomplete": autocomplete
        case "isPassword": isPassword
        case "error": error
        case "describedBy":
            [hint == nil ? nil : "hint-" + name, error == nil ? nil : "error-" + name].compactMap { $0 }.joined(separator: " ")
        default: nil
        }
    }
}
