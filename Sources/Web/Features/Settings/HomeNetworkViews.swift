import Mustache

// The home-network page's view models (HomeNetworkPage.swift fills them).

/// The home-network page.
struct HomeNetworkView: ViewModel {
    enum State { case off, needsPasscode, on, sharedAtStart, unavailable }
    var state: State
    var addresses: [ShareAddress]
    var error: String?

    var isOff: Bool { state == .off }
    var needsPasscode: Bool { state == .needsPasscode }
    var isOn: Bool { state == .on }
    var sharedAtStart: Bool { state == .sharedAtStart }
    var unavailable: Bool { state == .unavailable }
    var hasAddresses: Bool { !addresses.isEmpty }
}

/// One address to open on a phone, with its QR code as a data: URL.
struct ShareAddress: ViewModel {
    var url: String
    var qr: String?
    /// The picture's side in CSS pixels (8 per module).
    var qrSize: Int
    var qrAlt: String
}
