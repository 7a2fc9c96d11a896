import Foundation

// MARK: - Opening FinMind on the home network while it runs

/// What the web layer needs from the server to open FinMind on the home network without
/// a restart. The executable implements it over libmicrohttpd (one more listener per LAN
/// address, answering with the same app on the same port); tests inject a fake, so Web
/// never imports the server.
public protocol HomeNetworkListener: Sendable {
    /// Starts listening on each of `addresses` (numeric IPv4 or IPv6, no brackets) on the
    /// port the app is served on. Returns the addresses now listened on (one that cannot
    /// be bound is left out); throws when none could be.
    func startListening(on addresses: [String]) throws -> [String]
    /// Stops every listener `startListening` started (without waiting for a request that
    /// is being answered through one of them: that one still gets its answer).
    func stopListening()
    /// The port the browsers use (the main listener's).
    var port: UInt16 { get }
}

/// The home-network switch's live state: which LAN addresses the extra listener serves.
/// While it serves any, the household passcode is required on every page (as with
/// `--host 0.0.0.0`) and those addresses are accepted in the Host header.
public final class HomeNetwork: @unchecked Sendable {
    /// Guards `served` (read on every request).
    private let lock = NSLock()
    /// Serialises turning on and off, without holding `lock` while a listener starts.
    private let switching = NSLock()
    private let listener: (any HomeNetworkListener)?
    private let lanAddresses: @Sendable () -> [String]
    private var served: [String] = []

    /// A switch over `listener` (nil: the server cannot open a second listener, and the
    /// page says so); `addresses` lists this computer's LAN addresses (tests pass
    /// loopback ones such as 127.0.0.2, never a real network address). `tls`: the
    /// listeners speak HTTPS.
    public init(listener: (any HomeNetworkListener)? = nil,
                addresses: @escaping @Sendable () -> [String] = { HomeNetwork.networkAddresses() },
                tls: Bool = false) {
        self.listener = listener
        self.lanAddresses = addresses
        self.tls = tls
    }

    /// True when the server listens through HTTPS.
    public let tls: Bool

    /// True when a listener exists that this switch can turn on.
    public var isAvailable: Bool { listener != nil }

    /// The addresses served right now (empty when off).
    public var servedAddresses: [String] {
        lock.lock(); defer { lock.unlock() }
        return served
    }

    /// True while FinMind listens on the home network.
    public var isOn: Bool { !servedAddresses.isEmpty }

    /// The LAN addresses turning it on would listen on.
    public var candidateAddresses: [String] { lanAddresses() }

    /// True when the Host header names an address served now (the allow-list of docs/product-rules.md, "Running safely",
    /// grows by these while the switch is on).
    func permits(hostHeader: String?) -> Bool {
        guard let hostHeader, let host = AllowedHosts.hostPart(hostHeader) else { return false }
        return servedAddresses.contains { $0.lowercased() == host }
    }

    /// Starts listening on every LAN address (idempotent). Returns the addresses served.
    /// Throws `Problem.unavailable` without a listener, `.noAddress` when this computer
    /// has no LAN address, or what the listener throws.
    @discardableResult
    public func turnOn() throws -> [String] {
        guard let listener else { throw Problem.unavailable }
        switching.lock(); defer { switching.unlock() }
        let current = servedAddresses
        if !current.isEmpty { return current }
        let addresses = lanAddresses()
        guard !addresses.isEmpty else { throw Problem.noAddress }
        let started = try listener.startListening(on: addresses)
        guard !started.isEmpty else { throw Problem.noAddress }
        lock.lock(); served = started; lock.unlock()
        return started
    }

    /// Stops listening on the home network (idempotent).
    public func turnOff() {
        switching.lock(); defer { switching.unlock() }
        lock.lock()
        let wasOn = !served.isEmpty
        served = []
        lock.unlock()
        if wasOn { listener?.stopListening() }
    }

    /// The addresses a phone opens: `http(s)://address:port/` for each served address.
    public var urls: [String] {
        guard let listener else { return [] }
        return servedAddresses.map { Self.url(host: $0, port: listener.port, tls: tls) }
    }

    static func url(host: String, port: UInt16, tls: Bool) -> String {
        let scheme = tls ? "https" : "http"
        return host.contains(":") ? "\(scheme)://[\(host)]:\(port)/" : "\(scheme)://\(host):\(port)/"
    }

    /// Why the switch could not be turned on.
    public enum Problem: Error, Equatable {
        case unavailable, noAddress
    }

    /// This computer's addresses on its networks: every interface address but loopback
    /// (and link-local IPv6, which a phone cannot open without a zone).
    public static func networkAddresses() -> [String] {
        LANAddresses.current().filter { !$0.hasPrefix("127.") && $0 != "::1" }
    }
}
