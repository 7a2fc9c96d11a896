import Engine
import Foundation
import HTTPCore
import Storage

// POST /challenge/fx (ChallengePage.swift lists the family's routes): refreshing the game's
// approximate FX table from a daily feed the user names (the CBR's XML_daily.asp or the ECB's
// eurofxref-daily.xml; docs/engine-rules.md, "Refreshing the game's FX table from a feed").
// Off by default: nothing is fetched until an address is saved and "Refresh rates" pressed.
// The fetch (Clients/FXFetcher.swift) has a 5 s timeout and a 512 KiB cap and reaches public
// addresses only; any failure leaves the table as it was.

/// The settings key of the feed's address ("" or absent: off).
let fxFeedURLKey = "fx.feedURL"

extension ChallengeFeature {
    /// The feed block of /challenge/settings: the address (typed or stored) and its message.
    func fxFeedBlock(_ state: FormState) throws -> FXFeedBlockView {
        let t = state.t
        let stored = try database.settings()[fxFeedURLKey] ?? ""
        let value = state.values["fx_url"] ?? stored
        return FXFeedBlockView(
            url: FieldView(name: "fx_url", label: t["fxfeed_field_url"], kind: .text, value: value, error: state.errors["fx_url"],
                           hint: t["fxfeed_hint_url"], maxLength: WishForm.linkLimit),
            status: stored.isEmpty ? t["fxfeed_off"] : t.format("fxfeed_on", ["url": stored]),
            canRefresh: !stored.isEmpty || !value.isEmpty)
    }

    /// POST /challenge/fx: `do=save` stores the address (empty: off); `do=refresh` fetches it,
    /// reads the rates and stores them with the feed's date, or changes nothing and says why (422).
    func submitFXFeed(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let t = context.t
        let token = try Self.formToken(form)
        var state = FormState(t, fields: form.fields)
        let text = state.text("fx_url")
        let refresh = state.text("do") == "refresh"
        var url: URL?
        if !text.isEmpty {
            if let safe = WishForm.safeLink(text), let parsed = URL(string: safe) { url = parsed } else { state.fail("fx_url", "fxfeed_url_invalid") }
        } else if refresh {
            state.fail("fx_url", "fxfeed_url_required")
        }
        guard state.isValid else { return try fxFeedRefused(state, context) }
        guard refresh, let url else {
            _ = try database.saveChallengeSettings([fxFeedURLKey: url?.absoluteString ?? ""], rates: nil, switchTo: nil, formToken: token)
            return context.redirect(to: ChallengeRoute.settings.path + "#fx-feed", flash: t[url == nil ? "fxfeed_flash_off" : "fxfeed_flash_saved"])
        }
        let bytes: [UInt8]
        switch FXFetcher.fetch(url, allowLocal: configuration.fxFeedReachesLocalAddresses) {
        case .success(let body): bytes = body
        case .failure(let failure):
            // One message whatever failed: which failure it was would map the home network.
            logger.notice("FX feed fetch failed: \(failure)")
            state.fail("fx_url", "fxfeed_error_fetch", ["seconds": String(Int(FXFetcher.timeoutSeconds)), "kib": String(FXFetcher.byteCap / 1024)])
            return try fxFeedRefused(state, context)
        }
        let feed: FXFeed
        do {
            feed = try parseFXFeed(bytes)
        } catch {
            switch error {
            case .unsupportedEncoding(let name): state.fail("fx_url", "fxfeed_error_encoding_unsupported", ["encoding": String(name.prefix(40))])
            case .badEncoding: state.fail("fx_url", "fxfeed_error_encoding")
            case .malformed: state.fail("fx_url", "fxfeed_error_xml")
            case .unknownFormat: state.fail("fx_url", "fxfeed_error_format")
            case .missingDate: state.fail("fx_url", "fxfeed_error_date")
            case .missingCurrency(let code): state.fail("fx_url", "fxfeed_error_currency", ["currency": code])
            case .badRate(let code): state.fail("fx_url", "fxfeed_error_rate", ["currency": code])
            }
            return try fxFeedRefused(state, context)
        }
        let game = try challengeState(today: today(), language: context.language)
        let before = game.fx.ratesPerMillion
        var after = before
        for (pair, rate) in feed.ratesPerMillion { after[pair] = rate }
        _ = try database.saveChallengeSettings([fxFeedURLKey: url.absoluteString, ChallengeKey.fxAsOf: feed.date.iso],
                                               rates: after, switchTo: nil, formToken: token)
        let changes = fxPairs.compactMap { from, to -> String? in
            let key = FXTable.key(from, to)
            guard let new = feed.ratesPerMillion[key] else { return nil }
            let old = before[key]
            guard old != new else { return nil }
            return t.format("fxfeed_change", ["from": from, "to": to, "old": old.map { formatRatePerMillion($0, context.language) } ?? "—",
                                              "new": formatRatePerMillion(new, context.language)])
        }
        let head = t.format("fxfeed_flash_refreshed", ["source": t[feed.source.stringKey],
                                                       "date": DateFormat.long(feed.date, context.language)])
        let body = changes.isEmpty ? t["fxfeed_flash_unchanged"] : changes.joined(separator: "; ") + "."
        // A feed without one of the three (ECB: RUB; CBR: EUR) leaves that currency's pairs as they were.
        let unlisted = fxFeedCurrencies.first { code in !feed.ratesPerMillion.keys.contains { $0.hasPrefix(code + ">") } }
        let kept = unlisted.map { " " + t.format("fxfeed_flash_partial", ["currency": $0]) } ?? ""
        return context.redirect(to: ChallengeRoute.settings.path + "#fx-feed", flash: head + " " + body + kept)
    }

    /// The settings page again with the feed's message, 422; nothing was written.
    private func fxFeedRefused(_ state: FormState, _ context: RequestContext) throws -> Response {
        var page = try challengeSettingsFormState(context)
        page.values["fx_url"] = state.values["fx_url"] ?? ""
        page.errors["fx_url"] = state.errors["fx_url"]
        return try challengeSettingsForm(page, context, status: .unprocessable)
    }
}

/// The feed block of /challenge/settings.
struct FXFeedBlockView: ViewModel {
    var url: FieldView
    /// "Off" or "On: https://…".
    var status: String
    var canRefresh: Bool
    var action = ChallengeRoute.fxFeed.path
}
