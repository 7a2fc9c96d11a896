import Advisor
import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   GET  /advisor                  the conversation (newest at the bottom), the question form with
//                                  a live counter, quick questions, "Advice on my data", "Today: X/N"
//   POST /advisor/ask              a question (q) or the check-up (checkup=1): 303 to /advisor#latest,
//                                  422 when empty or too long, 429 when today's limit is used up;
//                                  answered on a worker (it may call the remote provider)
//   GET  /advisor/consent?q=…      before the first remote question: exactly what will be sent
//   POST /advisor/reset            "Reset dialog" (the history stays)
//   GET  /advisor/delete, POST     "Delete all advisor history"
//   GET  /advisor/settings, POST   the Advisor's settings (AdvisorSettingsPage.swift)
//   POST /advisor/settings/reset-count   "Reset today's count"

extension AdvisorFeature {
    /// GET /advisor/delete: "Delete all advisor history?"
    func advisorDeletePage(_ context: RequestContext) throws -> Response {
        let t = context.t
        return try page(.confirm, .advisor, context, ConfirmPageView(
            heading: t["advisor_delete_title"], text: t["advisor_delete_text"], action: AdvisorRoute.delete.path,
            submitLabel: t["advisor_action_delete"], cancelHref: AdvisorRoute.page.path), title: t["advisor_delete_title"])
    }

    /// POST /advisor/reset: "Reset dialog" (the history stays); 303 to the conversation.
    func resetAdvisorDialog(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        _ = try database.resetAdvisorDialog(formToken: try Self.formToken(form))
        return context.redirect(to: AdvisorRoute.page.path, flash: context.t["advisor_flash_reset"])
    }

    /// POST /advisor/delete: deletes all advisor history; 303 to the conversation.
    func deleteAdvisorHistory(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        _ = try database.deleteAdvisorHistory(formToken: try Self.formToken(form))
        return context.redirect(to: AdvisorRoute.page.path, flash: context.t["advisor_flash_deleted"])
    }

    /// POST /advisor/settings/reset-count: "Reset today's count"; 303 to the settings.
    func resetAdvisorCount(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        _ = try database.resetAdvisorCount(day: advisorDay, formToken: try Self.formToken(form))
        return context.redirect(to: AdvisorRoute.settings.path, flash: context.t["advisor_flash_count_reset"])
    }

    // MARK: - The conversation

    /// The chat page; `question` and `error` re-render a refused question (422/429).
    func advisorPage(_ context: RequestContext, question: String = "", error: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let settings = try advisorSettings()
        let facts = try advisorFacts(context.language, context)
        let used = try database.advisorAnsweredCount(day: advisorDay)
        var view = AdvisorPageView()
        view.isEmptyHousehold = facts.isEmpty
        view.messages = try database.advisorMessages().map { message in
            var parts = message.role == .advisor && message.provider == "builtin" ? AdvisorLink.parts(message.text) : [AdvisorTextPart(text: message.text)]
            // The buttons that ask a question (a clarifying answer's) are the last row: a form under the text.
            let asks = parts.filter { $0.ask != nil }
            if let first = parts.firstIndex(where: { $0.ask != nil }) {
                parts = Array(parts[..<first])
                if let last = parts.indices.last { parts[last].text = parts[last].text.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            return AdvisorMessageView(role: message.role.rawValue, label: t[message.role.stringKey], text: message.text, parts: parts,
                                      asks: asks.map { AdvisorAskView(label: $0.text, question: $0.ask ?? $0.text) },
                                      time: localTime(message.createdAt), meta: message.role == .advisor ? providerMeta(message, t) : nil)
        }
        if let last = view.messages.indices.last { view.messages[last].isLast = true }
        view.today = t.format("advisor_today", ["used": "\(min(used, settings.dailyLimit))", "limit": "\(settings.dailyLimit)"])
        view.limitReached = used >= settings.dailyLimit
        view.maxLength = settings.questionLimit
        view.lengthHint = t.format("advisor_length_hint", ["max": "\(settings.questionLimit)"])
        view.counter = "\(AdvisorSettings.length(question))/\(settings.questionLimit)"
        view.question = question
        view.error = error
        view.provider = settings.usesRemote
            ? t.format("advisor_provider_remote", ["model": settings.model, "host": URL(string: settings.baseURL)?.host ?? settings.baseURL])
            : t["advisor_provider_builtin"]
        view.consentNote = settings.usesRemote && !settings.hasConsent
        if settings.usesRemote && settings.hasConsent { view.streamAction = AdvisorProviderRoute.stream.path }
        view.firstIsCheckup = !(try database.advisorHasAnswered())
        view.chips = quickQuestions(facts)
        view.insights = insightsView(display: facts.display, canRephrase: settings.usesRemote && settings.hasConsent,
                                     showOriginal: context.query["insights"] == "original")
        return try page(.advisor, .advisor, context, view, title: context.t["nav_advisor"], status: status)
    }

    /// The preset questions offered as one-click chips, in the page's language.
    private func quickQuestions(_ facts: AdvisorFacts) -> [String] {
        let t = facts.t
        var chips = [t["advisor_chip_fund"], t["advisor_chip_debts"],
                     t.format("advisor_chip_afford", ["amount": MoneyFormat.format(Money(minorUnits: facts.language == .ru ? 5_000_00 : 100_00),
                                                                                     facts.display.currency, facts.language)])]
        if let goal = facts.plan.goals.first(where: { !$0.finished }) { chips.append(t.format("advisor_chip_goal", ["name": goal.name])) }
        chips += [t["advisor_chip_cut"], t["advisor_chip_taxes"], t["advisor_chip_insurance"]]
        return chips
    }

    private func providerMeta(_ message: AdvisorMessage, _ t: Translations) -> String {
        if message.provider == "remote" {
            return t.format("advisor_meta_remote", ["in": "\(message.tokensIn)", "out": "\(message.tokensOut)"])
        }
        return t["advisor_meta_builtin"]
    }

    /// "14:05" in the server's zone from a stored UTC timestamp.
    private func localTime(_ iso: String) -> String {
        guard let date = ISO8601DateFormatter().date(from: iso) else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = configuration.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: - Asking

    /// Validates the question, answers it (built in, or remote after consent), stores the
    /// exchange once per form token and goes back to the conversation.
    func askAdvisor(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        let settings = try advisorSettings()
        let back = AdvisorRoute.page.path + "#latest"
        if try database.formTokenUsed(token) { return context.redirect(to: back, flash: nil) }
        let isCheckup = form.fields["checkup"] == "1"
        let typed = (form.fields["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        let day = advisorDay
        if try database.advisorAnsweredCount(day: day) >= settings.dailyLimit {
            return try advisorPage(context, question: typed, error: t["advisor_limit_banner"], status: .tooManyRequests)
        }
        let question = isCheckup ? t["advisor_checkup_question"] : typed
        if !isCheckup {
            if typed.isEmpty { return try advisorPage(context, question: typed, error: t["advisor_error_empty"], status: .unprocessable) }
            if AdvisorSettings.length(typed) > settings.questionLimit {
                return try advisorPage(context, question: typed,
                                       error: t.format("advisor_error_too_long", ["max": "\(settings.questionLimit)"]), status: .unprocessable)
            }
            if FormState.hasControlCharacters(typed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "")) {
                return try advisorPage(context, question: typed, error: t["validation_control"], status: .unprocessable)
            }
        }
        if !isCheckup, let action = try advisorCommand(typed) { return context.redirect(to: AdvisorActionsRoute.previewPath(action), flash: nil) }
        let language = isCheckup ? context.language : AdvisorRouter.language(of: question, fallback: context.language)
        let routing = isCheckup ? AdvisorRouting(intent: .checkup, method: .keywordRule, confidence: 1, candidates: [.checkup])
            : AdvisorRouter.route(question)
        let intent = routing.intent
        var facts = try advisorFacts(language, context)
        facts.extras = try advisorExtras(for: intent, outlook: facts.outlook, currency: facts.display.currency)
        let builtIn = BuiltInAdvisor(facts: facts, tone: settings.tone)
        let firstAnswer = !(try database.advisorHasAnswered())
        // A question over the ledger or "how much can I spend today": the figure and its evidence,
        // always from the ledger and the forecast (never the check-up, never the remote model).
        let direct = isCheckup ? nil : try advisorDirectAnswer(question, facts: facts, routing: routing)
        var reply: AdvisorReply
        if let direct {
            reply = AdvisorReply(answer: direct.text(limit: settings.answerLimit), counted: true)
        } else if intent == .checkup || (intent.isOnTopic && firstAnswer) {
            reply = AdvisorReply(answer: builtIn.checkup(), counted: true)
        } else if routing.method == .unsure {
            let clarifying = builtIn.clarifyingAsks(routing.candidates) ?? builtIn.clarifyingLinks()
            reply = AdvisorReply(answer: clarifying.text(limit: settings.answerLimit), counted: false)
        } else if !intent.isOnTopic || !settings.usesRemote {
            reply = AdvisorReply(answer: builtIn.answer(intent, question: question, limit: settings.answerLimit), counted: intent.isOnTopic)
        } else {
            if !settings.hasConsent {
                guard form.fields["consent"] == "1" else {
                    return context.redirect(to: AdvisorRoute.consent.path + "?q=" + FormEncoding.encode(question), flash: nil)
                }
                try database.saveSettings([AdvisorSettings.Key.consent: settings.baseURL])
            }
            reply = try askRemote(question, intent: intent, facts: facts, settings: settings)
            if let action = remoteAction(&reply, builtIn: builtIn.answer(intent, question: question, limit: settings.answerLimit)) {
                if let usage = advisorUsage(reply, settings: settings) { try database.recordAdvisorUsage(usage) }
                return context.redirect(to: AdvisorActionsRoute.previewPath(action), flash: nil)
            }
        }
        var exchange = AdvisorExchange(
            day: day, topic: direct?.topic ?? intent.rawValue, length: AdvisorSettings.length(question),
            messages: [NewAdvisorMessage(role: .user, text: question)] + reply.notices.map { NewAdvisorMessage(role: .notice, text: $0) }
                + (reply.answer.isEmpty ? [] : [NewAdvisorMessage(role: .advisor, text: reply.answer, provider: reply.provider,
                                                                  tokensIn: reply.tokensIn, tokensOut: reply.tokensOut, counted: reply.counted)]),
            ok: reply.ok, provider: reply.provider, tokensOut: reply.tokensOut)
        exchange.usage = advisorUsage(reply, settings: settings)
        _ = try database.appendAdvisorExchange(exchange, formToken: token)
        return context.redirect(to: back, flash: nil)
    }

    /// The remote provider's answer, masked and clipped; on failure a notice and, except
    /// for 401/403, the built-in answer.
    private func askRemote(_ question: String, intent: AdvisorIntent, facts: AdvisorFacts, settings: AdvisorSettings) throws -> AdvisorReply {
        let t = facts.t
        let remote = try remoteAdvisor(settings)
        let outcome = remote.ask(systemPrompt: AdvisorPrompt.system(facts, limit: settings.answerLimit, tone: settings.tone), question: question)
        let builtIn = BuiltInAdvisor(facts: facts, tone: settings.tone).answer(intent, question: question, limit: settings.answerLimit)
        switch outcome {
        case .answer(let text, let model, let tokensIn, let tokensOut):
            if AdvisorMask.namesModelOrVendor(text) {
                return AdvisorReply(answer: t["advisor_answer_who"], provider: "remote", tokensIn: tokensIn, tokensOut: tokensOut, counted: false,
                                    model: model)
            }
            return AdvisorReply(answer: AdvisorText.cut(text, settings.answerLimit), provider: "remote",
                                tokensIn: tokensIn, tokensOut: tokensOut, counted: true, model: model)
        case .refused(let status, let message):
            logger.notice("advisor: the remote provider refused the request (HTTP \(status))")
            return AdvisorReply(answer: "", provider: "remote", counted: false, ok: false,
                                notices: [t.format("advisor_notice_refused", ["status": "\(status)", "message": message])])
        case .noConnection:
            logger.notice("advisor: no connection to the remote provider")
            return AdvisorReply(answer: builtIn, counted: true, ok: false, notices: [t["advisor_notice_no_connection"]])
        case .failed(let reason):
            logger.notice("advisor: the remote provider failed (\(LogSafe.clip("\(reason)"))), also on the fallback model")
            return AdvisorReply(answer: builtIn, counted: true, ok: false,
                                notices: [t.format("advisor_notice_failed", ["reason": reason])])
        }
    }

    /// The remote client configured by `settings` and the stored secrets.
    func remoteAdvisor(_ settings: AdvisorSettings) throws -> RemoteAdvisor {
        let secrets = try boundAdvisorSecrets(settings)
        return RemoteAdvisor(baseURL: settings.baseURL, model: settings.model, fallbackModel: settings.fallbackModel,
                      clientToken: secrets.clientToken, bearerKey: secrets.bearerKey,
                      timeoutSeconds: settings.timeoutSeconds, maxTokens: settings.economy ? 150 : 350)
    }

    // MARK: - Consent

    /// Exactly what the remote provider will receive for the question `q`.
    func consentPage(_ context: RequestContext) throws -> Response {
        let t = context.t
        let settings = try advisorSettings()
        guard settings.usesRemote else { return context.redirect(to: AdvisorRoute.page.path, flash: nil) }
        let question = String((context.query["q"] ?? "").prefix(settings.questionLimit))
        let language = AdvisorRouter.language(of: question, fallback: context.language)
        let facts = try advisorFacts(language, context)
        var headers = ["POST " + settings.baseURL.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/chat/completions",
                       "Content-Type: application/json"]
        let secrets = try boundAdvisorSecrets(settings)
        if let token = AdvisorSettings.masked(secrets.clientToken) { headers.append("x-client-token: " + token) }
        if let key = AdvisorSettings.masked(secrets.bearerKey) { headers.append("Authorization: Bearer " + key) }
        let view = AdvisorConsentView(
            endpoint: settings.baseURL, model: settings.model, modelLabel: t.format("advisor_consent_model", ["fallback": settings.fallbackModel]), headers: headers.joined(separator: "\n"),
            systemPrompt: AdvisorPrompt.system(facts, limit: settings.answerLimit, tone: settings.tone), question: question,
            hasQuestion: !question.isEmpty)
        return try page(.advisorConsent, .advisor, context, view, title: t["advisor_consent_title"])
    }
}

/// What the advisor says back to one question.
struct AdvisorReply {
    var answer: String
    var provider = "builtin"
    var tokensIn = 0
    var tokensOut = 0
    /// True when it counts against the daily limit (an answered on-topic question).
    var counted: Bool
    var ok = true
    var notices: [String] = []
    /// The remote model that answered (nil: no remote answer); its call goes to the usage table.
    var model: String?
}
