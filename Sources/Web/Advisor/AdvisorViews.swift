import Mustache

// MARK: - View models of the Advisor's pages

/// The conversation page.
struct AdvisorPageView: MustacheParent {
    var isEmptyHousehold = false
    var messages: [AdvisorMessageView] = []
    var today = ""
    var limitReached = false
    var maxLength = 100
    var lengthHint = ""
    var counter = ""
    var question = ""
    var error: String?
    var provider = ""
    var consentNote = false
    var firstIsCheckup = true
    var chips: [String] = []

    func child(named name: String) -> Any? {
        switch name {
        case "isEmptyHousehold": isEmptyHousehold
        case "messages": messages
        case "hasMessages": !messages.isEmpty
        case "today": today
        case "limitReached": limitReached
        case "maxLength": maxLength
        case "lengthHint": lengthHint
        case "counter": counter
        case "question": question
        case "error": error
        case "provider": provider
        case "consentNote": consentNote
        case "firstIsCheckup": firstIsCheckup
        case "chips": chips
        default: nil
        }
    }
}

/// One message of the conversation.
struct AdvisorMessageView: MustacheParent {
    var role: String
    var label: String
    var text: String
    var time: String
    var meta: String?
    var isLast = false

    func child(named name: String) -> Any? {
        switch name {
        case "role": role
        case "label": label
        case "text": text
        case "time": time
        case "meta": meta
        case "isLast": isLast
        default: nil
        }
    }
}

/// The consent page: exactly what the remote provider receives.
struct AdvisorConsentView: MustacheParent {
    var endpoint: String
    var model: String
    var modelLabel: String
    var headers: String
    var systemPrompt: String
    var question: String
    var hasQuestion: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "endpoint": endpoint
        case "model": model
        case "modelLabel": modelLabel
        case "headers": headers
        case "systemPrompt": systemPrompt
        case "question": question
        case "hasQuestion": hasQuestion
        default: nil
        }
    }
}

/// The Advisor's settings form.
struct AdvisorSettingsView: MustacheParent {
    var fields: [FieldView]
    var secrets: [SecretFieldView]
    var hasErrors: Bool
    var today: String

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "secrets": secrets
        case "hasErrors": hasErrors
        case "errorFields": fields.filter { $0.error != nil }
        case "today": today
        default: nil
        }
    }
}

/// A secret's field: never shown back, only "…last 4" when one is stored.
struct SecretFieldView: MustacheParent {
    var name: String
    var label: String
    var stored: String?
    var hint: String
    var removeLabel: String
    var error: String?

    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "id": "field-" + name
        case "label": label
        case "stored": stored
        case "hint": hint
        case "removeLabel": removeLabel
        case "error": error
        default: nil
        }
    }
}
