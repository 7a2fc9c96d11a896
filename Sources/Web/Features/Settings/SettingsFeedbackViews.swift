import Engine
import Mustache
import Storage

// The feedback page's view models (SettingsFeedback.swift fills them).

struct FeedbackPageView: ViewModel {
    var fields: [FieldView]
    var urlFields: [FieldView]
    var destination: String?
    var messages: [FeedbackRow]
    var errors: [ErrorLink]

    var hasMessages: Bool { !messages.isEmpty }
    var hasErrors: Bool { !errors.isEmpty }
}

struct FeedbackRow: ViewModel {
    var id: ID<StoredFeedback>
    var date: String
    var excerpt: String
    var status: String
    var statusKey: String
    var error: String?
    var hasLog: Bool
    var retryAction: String?
}
