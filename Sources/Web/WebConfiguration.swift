import Foundation

/// Everything the web layer needs to know about where it runs.
public struct WebConfiguration: Sendable {
    /// The folder of `*.mustache` templates.
    public var templatesDirectory: String
    /// The folder of static files served under `/static/`.
    public var publicDirectory: String
    /// The host names requests may carry in their Host header.
    public var allowedHosts: AllowedHosts
    /// The zone whose civil date is "today".
    public var timeZone: TimeZone
    /// A pinned "today" as YYYY-MM-DD (`--today`), or nil for the zone's current date.
    public var pinnedToday: String?
    /// The folder of rotated log files, or nil when logging only to stderr.
    public var logDirectory: String?
    /// True when bound to a non-loopback address, or while the Settings switch opens
    /// FinMind on the home network: a household passcode must exist, and every page but
    /// the login page, static files and /healthz needs a signed-in session.
    public var passcodeRequired: Bool {
        get { sharedAtStart || homeNetwork.isOn }
        set { sharedAtStart = newValue }
    }
    /// True when started bound to a non-loopback address (`--host`).
    public var sharedAtStart: Bool
    /// The Settings switch that opens FinMind on the home network while it runs.
    public var homeNetwork: HomeNetwork
    /// The one-time code printed at start that lets a browser on the network set the
    /// first passcode (nil: only loopback clients may set it).
    public var setupCode: String?
    /// True when served over TLS: the session cookie is then `Secure`.
    public var secureCookies: Bool
    /// True lets the FX feed reach loopback and home-network addresses (tests' stand-in feed
    /// only; FXFetcher refuses them otherwise).
    public var fxFeedReachesLocalAddresses = false

    /// Creates a configuration.
    public init(templatesDirectory: String, publicDirectory: String, allowedHosts: AllowedHosts = AllowedHosts(),
                timeZone: TimeZone = .current, pinnedToday: String? = nil, logDirectory: String? = nil,
                passcodeRequired: Bool = false, setupCode: String? = nil, secureCookies: Bool = false,
                homeNetwork: HomeNetwork = HomeNetwork()) {
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.allowedHosts = allowedHosts
        self.timeZone = timeZone
        self.pinnedToday = pinnedToday
        self.logDirectory = logDirectory
        self.sharedAtStart = passcodeRequired
        self.homeNetwork = homeNetwork
        self.setupCode = setupCode
        self.secureCookies = secureCookies
    }
}

/// Body limits (docs/product-rules.md, "Running safely"), in bytes.
public enum BodyLimit {
    public static let form = 64 * 1024
    public static let avatar = 2 * 1024 * 1024
    public static let importFile = 50 * 1024 * 1024
}
