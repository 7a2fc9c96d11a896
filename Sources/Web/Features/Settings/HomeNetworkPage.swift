import Foundation
import HTTPCore
import Mustache
import Storage

// Routes:
//   GET  /settings/home-network   "Open FinMind on the home network": off → what it means and the
//                                 "Turn on" button (or, without a household passcode, a link to set
//                                 one first); on → the addresses to open on a phone, a QR code for
//                                 each, and "Turn off"
//   POST /settings/home-network   switch=on|off: starts or stops the extra listener on this
//                                 computer's LAN addresses, without a restart, and remembers the
//                                 choice (restored at start). 303 + flash, or 422 with the reason.
// While it is on, every browser signs in with the household passcode (docs/product-rules.md, "Signing in", as on a
// non-loopback bind), and the LAN addresses join the Host allow-list.

extension SettingsFeature {
    // MARK: - GET

    /// The home-network switch page; `error` is why the last POST was refused.
    func homeNetworkPage(_ context: RequestContext, error: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let t = context.t
        let network = configuration.homeNetwork
        let state: HomeNetworkView.State
        var urls: [String] = []
        if configuration.sharedAtStart {
            state = .sharedAtStart
            urls = shareAddresses(context)
        } else if network.isOn {
            state = .on
            urls = network.urls
        } else if !network.isAvailable {
            state = .unavailable
        } else {
            state = try database.hasPasscode() ? .off : .needsPasscode
        }
        let addresses = urls.map { url in
            let code = QRCode(url)
            return ShareAddress(url: url, qr: code?.dataURL, qrSize: code.map { ($0.size + 2 * QRCode.quietZone) * 8 } ?? 0,
                                qrAlt: t.format("settings_share_qr_alt", ["url": url]))
        }
        let view = HomeNetworkView(state: state, addresses: addresses, error: error)
        return try page(.settingsHomeNetwork, .settings, context, view, title: t["settings_share"], status: status)
    }

    /// One line for the Settings index: on with its addresses, or off.
    func homeNetworkSummary(_ context: RequestContext) throws -> String {
        let t = context.t
        guard configuration.sharedAtStart || configuration.homeNetwork.isOn else { return t["settings_summary_share_off"] }
        return t.format("settings_summary_share_on", ["urls": homeNetworkURLs(context).joined(separator: ", ")])
    }

    // MARK: - POST

    /// Turns the home-network listener on or off and remembers the choice.
    func submitHomeNetwork(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let t = context.t
        let network = configuration.homeNetwork
        let here = SettingsRoute.homeNetwork.path
        let address = context.request.clientAddress
        switch form.fields["switch"] {
        case "on":
            if configuration.sharedAtStart { return context.redirect(to: here, flash: nil) }
            guard try database.hasPasscode() else {
                return try homeNetworkPage(context, error: t["settings_share_error_passcode"], status: .unprocessable)
            }
            do {
                try network.turnOn()
            } catch HomeNetwork.Problem.unavailable {
                return try homeNetworkPage(context, error: t["settings_share_unavailable"], status: .unprocessable)
            } catch HomeNetwork.Problem.noAddress {
                return try homeNetworkPage(context, error: t["settings_share_error_no_network"], status: .unprocessable)
            } catch {
                logger.error("cannot listen on the home network: \(error)")
                return try homeNetworkPage(context, error: t["settings_share_error_listen"], status: .unprocessable)
            }
            _ = try database.saveSettings([HouseholdSettings.Key.homeNetwork: "on"], formToken: token)
            logger.notice("opened on the home network from \(address): \(network.urls.joined(separator: " "))")
            if context.session == nil {
                // Every browser now signs in, this one too: straight to the sign-in page, then back here.
                return context.redirect(to: Route.auth(.login).path + "?next=" + FormEncoding.encode(here),
                                        flash: t["settings_share_flash_sign_in"])
            }
            return context.redirect(to: here, flash: t["settings_share_flash_on"])
        case "off":
            network.turnOff()
            _ = try database.saveSettings([HouseholdSettings.Key.homeNetwork: "off"], formToken: token)
            logger.notice("closed to the home network from \(address)")
            return context.redirect(to: here, flash: t["settings_share_flash_off"])
        default:
            return try homeNetworkPage(context, error: t["validation_choice"], status: .unprocessable)
        }
    }

    // MARK: - Start-up and data changes

    /// Makes the listener match the stored switch: on when it says "on" and a household
    /// passcode exists (at start, after an import), off otherwise (after deleting all
    /// data). Returns the addresses to open; failures are logged, never thrown.
    @discardableResult
    func syncHomeNetwork() -> [String] {
        let network = configuration.homeNetwork
        guard !configuration.sharedAtStart, network.isAvailable else { return [] }
        let wanted = (try? database.settings()[HouseholdSettings.Key.homeNetwork]) == "on"
        guard wanted else {
            network.turnOff()
            return []
        }
        guard (try? database.hasPasscode()) == true else {
            logger.warning("the home-network switch is on but no household passcode exists: answering only on this computer")
            return []
        }
        do {
            try network.turnOn()
        } catch {
            logger.error("cannot listen on the home network: \(error)")
        }
        return network.urls
    }
}

extension Handler {
    /// The addresses a phone on the home network opens ("http://192.168.1.20:8080/"), while
    /// sharing is on (switched on, or started on a network address); empty while it is off.
    func homeNetworkURLs(_ context: RequestContext) -> [String] {
        if configuration.sharedAtStart { return shareAddresses(context) }
        return configuration.homeNetwork.isOn ? configuration.homeNetwork.urls : []
    }
}

extension Handler {
    /// The URLs a phone can open when FinMind was started on a network address: this
    /// machine's LAN addresses that the server answers, with the port the browser used.
    func shareAddresses(_ context: RequestContext) -> [String] {
        let host = context.request.headers["Host"] ?? ""
        var port = ""
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"), host[host.index(after: colon)...].allSatisfy(\.isNumber) {
            port = String(host[colon...])
        }
        let scheme = configuration.secureCookies ? "https" : "http"
        return HomeNetwork.networkAddresses()
            .filter { configuration.allowedHosts.permits(hostHeader: $0.contains(":") ? "[\($0)]" : $0) }
            .map { $0.contains(":") ? "\(scheme)://[\($0)]\(port)/" : "\(scheme)://\($0)\(port)/" }
    }
}
