import Advisor
import Engine
import Foundation
import HTTPCore
import Storage

// Routes:
//   POST /advisor/stream   the question form's fields, posted by Public/advisor-stream.js (CSRF +
//                          single-use form token): a text/event-stream. A question the remote provider
//                          answers streams as it arrives ("delta" events), then "done" with where the
//                          stored answer is shown; any other question (built-in, a command, consent, a
//                          refusal) gets "done" from the plain path at once, or "fallback" (the script
//                          then posts the form itself, as without JavaScript: POST /advisor/ask, 303).
// Rules: docs/engine-rules.md, "Advisor provider: contract, checklist action, usage, streaming".

/// One server-sent event.
struct AdvisorEvent {
    var name: String
    var data: [String: String]

    /// `event: name` and its JSON data, ended by a blank line.
    var text: String {
        let json = (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}

/// What streaming a question needs, checked as the plain path checks it.
private struct StreamingPlan {
    var question: String
    var intent: AdvisorIntent
    var facts: AdvisorFacts
    var settings: AdvisorSettings
    var token: String
}

/// Carries the request's values to the producer thread (they are only read there).
private struct Carried: @unchecked Sendable {
    let form: PostedForm
    let context: RequestContext
    let plan: StreamingPlan
}

extension AdvisorFeature {
    /// POST /advisor/stream.
    func streamAdvisorAnswer(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        guard let plan = try streamingPlan(form, context) else {
            // Not a remote question: the plain path answers now (or refuses: the script posts the form).
            let plain = try askAdvisor(form, context)
            guard plain.status == .seeOther, let location = plain.headers["Location"] else {
                return Self.eventResponse([AdvisorEvent(name: "fallback", data: [:])], keeping: nil)
            }
            return Self.eventResponse([AdvisorEvent(name: "done", data: ["location": location])], keeping: plain)
        }
        let stream = ResponseStream()
        var response = Self.eventResponse([], keeping: nil)
        response.body = []
        response.bodyStream = stream
        let carried = Carried(form: form, context: context, plan: plan)
        Thread.detachNewThread { [self] in
            do {
                try relay(carried, to: stream)
            } catch {
                logger.error("advisor: the streamed answer failed: \(error)")
                stream.write(AdvisorEvent(name: "done", data: ["location": AdvisorRoute.page.path]).text)
            }
            stream.finish()
        }
        return response
    }

    /// A 200 text/event-stream of `events`, with the cookies (the flash) of `keeping`.
    static func eventResponse(_ events: [AdvisorEvent], keeping: Response?) -> Response {
        var response = Response(status: .ok, contentType: "text/event-stream; charset=utf-8", text: events.map(\.text).joined())
        response.headers.set("Cache-Control", "no-store")
        response.headers.set("X-Accel-Buffering", "no")
        for cookie in keeping?.headers.values("Set-Cookie") ?? [] { response.headers.add("Set-Cookie", cookie) }
        return response
    }

    /// The plan when this question goes to the remote provider now (consent given, past the
    /// first answer, on topic, sure, not a command, not a direct answer, within the limits); nil
    /// sends it the plain way.
    private func streamingPlan(_ form: PostedForm, _ context: RequestContext) throws -> StreamingPlan? {
        let token = try Self.formToken(form)
        let settings = try advisorSettings()
        guard settings.usesRemote, settings.hasConsent, form.fields["checkup"] != "1", !(try database.formTokenUsed(token)) else { return nil }
        let typed = (form.fields["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !typed.isEmpty, AdvisorSettings.length(typed) <= settings.questionLimit,
              !FormState.hasControlCharacters(typed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "")),
              try database.advisorAnsweredCount(day: advisorDay) < settings.dailyLimit,
              try database.advisorHasAnswered(), try advisorCommand(typed) == nil else { return nil }
        let routing = AdvisorRouter.route(typed)
        guard routing.intent.isOnTopic, routing.intent != .checkup, routing.method != .unsure else { return nil }
        var facts = try advisorFacts(AdvisorRouter.language(of: typed, fallback: context.language), context)
        facts.extras = try advisorExtras(for: routing.intent, outlook: facts.outlook, currency: facts.display.currency)
        // A figure from the ledger or the forecast is answered the plain way, built in (AdvisorLedger.swift).
        guard try advisorDirectAnswer(typed, facts: facts, routing: routing) == nil else { return nil }
        return StreamingPlan(question: typed, intent: routing.intent, facts: facts, settings: settings, token: token)
    }

    /// Streams the remote answer into `stream` as it arrives, then stores it as the plain path
    /// does (masked, cut, its usage) and ends with "done". A JSON-shaped answer is held back and
    /// read as the action contract; an answer that names a vendor is taken back ("reset"). When
    /// the stream fails, the plain path answers (with its fallback model and notices).
    private func relay(_ carried: Carried, to stream: ResponseStream) throws {
        let plan = carried.plan, settings = plan.settings, t = plan.facts.t
        let remote = try remoteAdvisor(settings)
        let system = AdvisorPrompt.system(plan.facts, limit: settings.answerLimit, tone: settings.tone)
        let shown = StreamState()
        let outcome = remote.stream(systemPrompt: system, question: plan.question, isCancelled: { stream.isCancelled }) { piece in
            if let event = shown.event(for: piece, limit: settings.answerLimit) { stream.write(event.text) }
        }
        guard case .answer(let text, let tokensIn, let tokensOut) = outcome else {
            logger.notice("advisor: the streamed call failed (\(LogSafe.clip("\(outcome)"))); the plain path answers")
            if shown.didShow { stream.write(AdvisorEvent(name: "reset", data: [:]).text) }
            guard !stream.isCancelled else { return }
            let plain = try askAdvisor(carried.form, carried.context)
            stream.write(AdvisorEvent(name: "done", data: ["location": plain.headers["Location"] ?? AdvisorRoute.page.path]).text)
            return
        }
        let builtIn = BuiltInAdvisor(facts: plan.facts, tone: settings.tone).answer(plan.intent, question: plan.question, limit: settings.answerLimit)
        var reply = AdvisorMask.namesModelOrVendor(text)
            ? AdvisorReply(answer: t["advisor_answer_who"], provider: "remote", tokensIn: tokensIn, tokensOut: tokensOut, counted: false,
                           model: settings.model)
            : AdvisorReply(answer: AdvisorText.cut(text, settings.answerLimit), provider: "remote", tokensIn: tokensIn, tokensOut: tokensOut,
                           counted: true, model: settings.model)
        if let action = remoteAction(&reply, builtIn: builtIn) {
            if let usage = advisorUsage(reply, settings: settings) { try database.recordAdvisorUsage(usage) }
            stream.write(AdvisorEvent(name: "done", data: ["location": AdvisorActionsRoute.previewPath(action)]).text)
            return
        }
        var exchange = AdvisorExchange(
            day: advisorDay, topic: plan.intent.rawValue, length: AdvisorSettings.length(plan.question),
            messages: [NewAdvisorMessage(role: .user, text: plan.question),
                       NewAdvisorMessage(role: .advisor, text: reply.answer, provider: reply.provider, tokensIn: reply.tokensIn,
                                         tokensOut: reply.tokensOut, counted: reply.counted)],
            ok: true, provider: reply.provider, tokensOut: reply.tokensOut)
        exchange.usage = advisorUsage(reply, settings: settings)
        _ = try database.appendAdvisorExchange(exchange, formToken: plan.token)
        stream.write(AdvisorEvent(name: "done", data: ["location": AdvisorRoute.page.path + "#latest"]).text)
    }
}

/// What has been shown of a streamed answer: nothing while it could be a JSON action, nothing
/// more once it names a vendor (then a "reset") or passes the answer limit.
private final class StreamState: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private var held = false
    private var shownCount = 0

    var didShow: Bool { lock.lock(); defer { lock.unlock() }; return shownCount > 0 }

    /// The event for the next `piece`, or nil when it is held back.
    func event(for piece: String, limit: Int) -> AdvisorEvent? {
        lock.lock(); defer { lock.unlock() }
        text += piece
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !held, !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("{") { held = true; return nil }
        if AdvisorMask.namesModelOrVendor(text) {
            held = true
            return shownCount > 0 ? AdvisorEvent(name: "reset", data: [:]) : nil
        }
        guard shownCount < limit else { return nil }
        let visible = String(piece.prefix(limit - shownCount))
        shownCount += visible.count
        return AdvisorEvent(name: "delta", data: ["text": visible])
    }
}
