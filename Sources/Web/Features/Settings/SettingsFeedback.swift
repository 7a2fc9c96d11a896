import Engine
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /settings/feedback               the form, where feedback goes, and every message with its status
//   POST /settings/feedback               store it (feedback_submitted {hasLog}); when a feedback URL is
//                                         set, POST it there as JSON and show how that went
//   POST /settings/feedback/url           set or clear the feedback URL
//   POST /settings/feedback/<id>/retry    deliver a stored message again
// A failed delivery keeps the message (status failed with the error) for a retry.

extension SettingsFeature {
    // MARK: - GET

    func feedbackPage(_ context: RequestContext, state: FormState? = nil, urlState: FormState? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let settings = try householdSettings()
        let url = settings.stored[HouseholdSettings.Key.feedbackURL] ?? ""
        let state = state ?? FormState(t)
        let urlState = urlState ?? FormState(t, values: ["url": url])
        func field(_ state: FormState, _ name: String, _ kind: FieldKind, hint: String? = nil, required: Bool = false,
                   maxLength: Int? = nil) -> FieldView {
            FieldView(name: name, label: t[runtime: "feedback_field_" + name], kind: kind, value: state.values[name] ?? "",
                      error: state.errors[name], hint: hint, required: required, maxLength: maxLength,
                      checked: state.values[name] != nil)
        }
        let messages = try database.feedbackMessages().map { message in
            FeedbackRow(id: message.id, date: String(message.createdAt.prefix(10)),
                        excerpt: String(message.feedback.description.prefix(140)),
                        status: t[message.status.stringKey], statusKey: message.status.rawValue,
                        error: message.error, hasLog: message.feedback.log != nil,
                        retryAction: message.status != .sent && !url.isEmpty ? SettingsRoute.feedbackRetry(message.id).path : nil)
        }
        let errors = ErrorLink.summary(state.errors.merging(urlState.errors) { $1 })
        let view = FeedbackPageView(
            fields: [field(state, "email", .text, hint: t["feedback_hint_email"], maxLength: 254),
                     field(state, "telegram", .text, hint: t["feedback_hint_telegram"], maxLength: 33),
                     field(state, "description", .textarea, hint: t["feedback_hint_description"], required: true, maxLength: 5000),
                     field(state, "attachLog", .checkbox, hint: t["feedback_hint_attachLog"])],
            urlFields: [field(urlState, "url", .text, hint: t["feedback_hint_url"], maxLength: 2000)],
            destination: url.isEmpty ? nil : url, messages: messages, errors: errors)
        return try page(.settingsFeedback, .settings, context, view, title: t["feedback_title"], status: status)
    }

    // MARK: - POST

    func submitFeedback(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let email = state.text("email"), telegram = state.text("telegram")
        let description = Self.validateFeedback(&state)
        guard state.isValid else { return try feedbackPage(context, state: state, status: .unprocessable) }
        let log = state.flag("attachLog") ? try diagnosticLog() : nil
        let feedback = NewFeedback(email: email.isEmpty ? nil : email, telegram: telegram.isEmpty ? nil : telegram,
                                   description: description, log: log)
        guard case .written(let id) = try database.addFeedback(feedback, formToken: token) else {
            return context.redirect(to: Route.settings(.feedback).path, flash: nil)
        }
        return try deliver(id, context)
    }

    func submitFeedbackURL(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        var state = FormState(context.t, fields: form.fields)
        let url = state.text("url")
        // An empty URL clears it; a post without the field at all is not the form's.
        if form.fields["url"] == nil { state.fail("url", "validation_required") }
        if !url.isEmpty {
            if !EndpointRules.isValidFeedbackURL(url) {
                state.fail("url", "feedback_invalid_url")
            }
        }
        guard state.isValid else { return try feedbackPage(context, urlState: state, status: .unprocessable) }
        _ = try database.saveSettings([HouseholdSettings.Key.feedbackURL: url], formToken: token)
        return context.redirect(to: Route.settings(.feedback).path, flash: context.t["settings_flash_saved"])
    }

    func retryFeedback(_ id: ID<StoredFeedback>, _ form: PostedForm, _ context: RequestContext) throws -> Response {
        _ = try Self.formToken(form)
        guard try database.feedbackMessage(id: id) != nil else { throw AppError(.notFound) }
        return try deliver(id, context)
    }

    /// The feedback form's checks of email, Telegram and description (also applied to
    /// imported feedback rows); returns the description as it is stored (NFC, LF line breaks).
    static func validateFeedback(_ state: inout FormState) -> String {
        let email = state.text("email"), telegram = state.text("telegram")
        if !email.isEmpty && !Self.isEmail(email) { state.fail("email", "feedback_invalid_email") }
        if !telegram.isEmpty && telegram.wholeMatch(of: /@[A-Za-z0-9_]{5,32}/) == nil { state.fail("telegram", "feedback_invalid_telegram") }
        let description = state.text("description").replacingOccurrences(of: "\r\n", with: "\n").precomposedStringWithCanonicalMapping
        if description.count < 20 {
            state.fail("description", description.isEmpty ? "validation_required" : "feedback_description_short")
        } else if description.unicodeScalars.count > 5000 {
            state.fail("description", "feedback_description_long")
        } else if FormState.hasControlCharacters(description.replacingOccurrences(of: "\n", with: " ")) {
            state.fail("description", "validation_control")
        }
        return description
    }

    // MARK: - Delivery

    /// Sends message `id` to the feedback URL when one is set and records the outcome;
    /// a 303 back to the feedback page saying how it went.
    private func deliver(_ id: ID<StoredFeedback>, _ context: RequestContext) throws -> Response {
        let t = context.t
        let url = try householdSettings().stored[HouseholdSettings.Key.feedbackURL] ?? ""
        guard EndpointRules.isValidFeedbackURL(url), let target = URL(string: url), let message = try database.feedbackMessage(id: id) else {
            return context.redirect(to: Route.settings(.feedback).path, flash: t["feedback_flash_saved"])
        }
        let body = JSON.object([
            ("app", .string("FinMind")), ("createdAt", .string(message.createdAt)),
            ("email", .optional(message.feedback.email)), ("telegram", .optional(message.feedback.telegram)),
            ("description", .string(message.feedback.description)),
            ("log", message.feedback.log.map { .array($0.map(JSON.string)) } ?? .null),
        ]).text
        switch FeedbackSender.post(Array(body.utf8), to: target) {
        case .success:
            try database.markFeedback(id: id, status: .sent, error: nil)
            return context.redirect(to: Route.settings(.feedback).path, flash: t["feedback_flash_sent"])
        case .failure(let error):
            logger.notice("feedback \(id) not delivered: \(LogSafe.clip(error.text))")
            try database.markFeedback(id: id, status: .failed, error: error.text)
            return context.redirect(to: Route.settings(.feedback).path, flash: t.format("feedback_flash_failed", ["error": error.text]))
        }
    }

    /// The most bytes of log attached to one feedback message.
    static let diagnosticLogLimit = 256 * 1024

    /// The last 1000 log lines with every stored secret (and any bearer token) masked, each
    /// cut to 500 bytes, and only the newest that fit in `diagnosticLogLimit` bytes.
    func diagnosticLog() throws -> [String] {
        guard let directory = configuration.logDirectory, let files = try? LogFiles(directory: directory) else { return [] }
        let secrets = try database.secretValues().filter { $0.count >= 6 }
        var kept: [String] = []
        var bytes = 0
        for line in files.lastLines(1000).reversed() {
            var masked = line
            for secret in secrets { masked = masked.replacingOccurrences(of: secret, with: "[redacted]") }
            masked = masked.replacing(/(?i)(bearer|x-client-token:?|token=|passcode=)\s*[^\s&]+/) { match in "\(match.1) [redacted]" }
            masked = LogSafe.clip(masked, limit: 500)
            bytes += masked.utf8.count + 1
            if bytes > Self.diagnosticLogLimit { break }
            kept.append(masked)
        }
        return kept.reversed()
    }

    static func isEmail(_ text: String) -> Bool {
        guard text.count <= 254, text.wholeMatch(of: /[^\s@]+@[^\s@]+\.[^\s@.]+/) != nil else { return false }
        return !FormState.hasControlCharacters(text)
    }
}

// MARK: - Sending

/// Posts feedback JSON with URLSession and waits for the answer (on a worker thread).
enum FeedbackSender {
    struct Failure: Error {
        var text: String
    }

    /// Success for any 2xx answer; otherwise the status and the start of the answer's
    /// text, or the connection error.
    static func post(_ body: [UInt8], to url: URL, timeout: TimeInterval = 15) -> Result<Void, Failure> {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        let session = URLSession.ephemeral(timeout: timeout)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        session.dataTask(with: request) { data, response, error in
            if let error {
                outcome.result = .failure(Failure(text: error.localizedDescription))
            } else if let http = response as? HTTPURLResponse {
                if (200..<300).contains(http.statusCode) {
                    outcome.result = .success(())
                } else {
                    let text = String(decoding: (data ?? Data()).prefix(300), as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    outcome.result = .failure(Failure(text: "HTTP \(http.statusCode)" + (text.isEmpty ? "" : ": " + text)))
                }
            }
            done.signal()
        }.resume()
        done.wait()
        return outcome.result
    }

    private final class Outcome: @unchecked Sendable {
        var result: Result<Void, Failure> = .failure(Failure(text: "no answer"))
    }
}
