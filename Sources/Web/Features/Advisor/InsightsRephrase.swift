import Engine
import Foundation
import HTTPCore
import Storage

// Routes (docs/engine-rules.md, "Insights: the streak and rephrasing"):
//   POST /advisor/insights/rephrase   period=week|month: the card's facts (custom category names
//                                     masked) go to the remote provider with a short instruction in
//                                     the page's language and the advisor's tone; a plain reply of at
//                                     most `InsightRephrase.maxLength` characters is stored for that
//                                     card and period with the call's usage row; 303 to /advisor with
//                                     a flash. Only with a remote provider and consent; an error, an
//                                     empty, too long or marked-up reply stores nothing.
// GET /advisor?insights=original shows the offline sentences where a rephrasing is stored.

/// What a rephrased card may be.
enum InsightRephrase {
    /// The longest reply kept (characters).
    static let maxLength = 600

    /// Why a reply is refused (nil: it is kept).
    enum Problem: String { case empty, long, markup }

    /// Checks the provider's reply: not empty, at most `maxLength` characters, no HTML or
    /// Markdown, and no model or vendor named.
    static func problem(_ text: String) -> Problem? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .empty }
        if trimmed.count > maxLength { return .long }
        let markers = ["<", ">", "```", "**", "__", "](", "&lt;", "&gt;", "&#"]
        if markers.contains(where: trimmed.contains) { return .markup }
        if trimmed.split(separator: "\n").contains(where: { line in
            let l = line.trimmingCharacters(in: .whitespaces)
            return l.hasPrefix("#") || l.hasPrefix("- ") || l.hasPrefix("* ") || l.hasPrefix("|")
        }) { return .markup }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) { return .markup }
        if AdvisorMask.namesModelOrVendor(trimmed) { return .markup }
        return nil
    }
}

extension AdvisorFeature {
    /// POST /advisor/insights/rephrase.
    func rephraseInsight(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        guard let period = InsightPeriod(rawValue: form.fields["period"] ?? "") else { throw AppError(.malformed) }
        let back = AdvisorRoute.page.path + "#insight-\(period.rawValue)"
        if try database.formTokenUsed(token) { return context.redirect(to: back, flash: nil) }
        let settings = try advisorSettings()
        guard settings.usesRemote && settings.hasConsent else {
            _ = try database.writeOnce(formToken: token) { _ in }
            return context.redirect(to: back, flash: t["insight_rephrase_unavailable"])
        }
        guard let card = try insightCards().first(where: { $0.period == period }) else { throw AppError(.notFound) }
        let display = Display(t: t, currency: try householdSettings().currency(for: t.language))
        // Custom category names stay home: "category A", "category B"… (the advisor sends none).
        let custom = try categoryNames()
        var masked: [String: String] = [:]
        for (index, key) in custom.keys.sorted().enumerated() {
            masked[key] = t.format("insight_masked_category", ["letter": Self.maskLetter(index)])
        }
        let facts = InsightCardView(card, display: display, names: masked).factLines
        let system = [t.format("insight_rephrase_prompt", ["limit": "\(InsightRephrase.maxLength)"]), t[runtime: settings.tone.key("prompt")]]
            .joined(separator: "\n")
        let outcome = try remoteAdvisor(settings).ask(systemPrompt: system, question: facts.joined(separator: "\n"))
        let reason: String
        switch outcome {
        case .answer(let text, let model, let tokensIn, let tokensOut):
            if let problem = InsightRephrase.problem(text) {
                reason = t[problem.reasonKey]
                logger.notice("advisor: an insight rephrasing was refused (\(problem.rawValue))")
            } else {
                let rephrasing = InsightRephrasing(period: period.rawValue, periodStart: card.current.lowerBound.iso, language: t.language.rawValue,
                                                   text: text.trimmingCharacters(in: .whitespacesAndNewlines), model: model)
                let usage = AdvisorUsageCall(day: advisorDay, provider: Self.providerName(settings.baseURL), model: model,
                                             tokensIn: tokensIn, tokensOut: tokensOut)
                _ = try database.saveInsightRephrasing(rephrasing, usage: usage, formToken: token)
                return context.redirect(to: back, flash: t["insight_rephrase_done"])
            }
        case .refused(let status, _):
            reason = t.format("insight_rephrase_reason_refused", ["status": "\(status)"])
        case .noConnection:
            reason = t["insight_rephrase_reason_no_connection"]
        case .failed(let why):
            reason = t.format("insight_rephrase_reason_failed", ["reason": why])
        }
        _ = try database.writeOnce(formToken: token) { _ in }
        return context.redirect(to: back, flash: t.format("insight_rephrase_failed", ["reason": reason]))
    }

    /// A, B, … Z, then A2, B2, …
    private static func maskLetter(_ index: Int) -> String {
        let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
        return index < 26 ? letter : letter + "\(index / 26 + 1)"
    }
}
