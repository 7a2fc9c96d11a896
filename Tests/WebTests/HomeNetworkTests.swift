import Foundation
import Testing
@testable import Web

/// A stand-in for the server's extra listeners: records what the switch asked for.
final class FakeHomeNetworkListener: HomeNetworkListener, @unchecked Sendable {
    private let lock = NSLock()
    private var started: [[String]] = []
    private var stops = 0
    var refuse = false
    let port: UInt16 = 8080

    func startListening(on addresses: [String]) throws -> [String] {
        lock.lock(); defer { lock.unlock() }
        if refuse { throw CocoaError(.fileWriteNoPermission) }
        started.append(addresses)
        return addresses
    }

    func stopListening() { lock.lock(); stops += 1; lock.unlock() }

    var starts: [[String]] { lock.lock(); defer { lock.unlock() }; return started }
    var stopCount: Int { lock.lock(); defer { lock.unlock() }; return stops }
}

// The home-network switch's state (Sources/Web/Features/Settings/HomeNetwork.swift); its Settings page is in
// HomeNetworkPageTests.

@Suite("Home network: the switch's state")
struct HomeNetworkTests {
    @Test("on starts the listener once on the LAN addresses, which the Host check then permits; off stops it once")
    func onAndOff() throws {
        let listener = FakeHomeNetworkListener()
        let network = HomeNetwork(listener: listener, addresses: { ["127.0.0.2", "fe80::1"] })
        #expect(network.isAvailable && !network.isOn && network.urls.isEmpty)
        #expect(!network.permits(hostHeader: "127.0.0.2:8080"))
        #expect(try network.turnOn() == ["127.0.0.2", "fe80::1"])
        #expect(try network.turnOn() == ["127.0.0.2", "fe80::1"])
        #expect(listener.starts.count == 1)
        #expect(network.isOn && network.urls == ["http://127.0.0.2:8080/", "http://[fe80::1]:8080/"])
        #expect(network.permits(hostHeader: "127.0.0.2:8080") && !network.permits(hostHeader: "127.0.0.3") && !network.permits(hostHeader: nil))
        network.turnOff()
        network.turnOff()
        #expect(listener.stopCount == 1 && !network.isOn && !network.permits(hostHeader: "127.0.0.2:8080"))
    }

    @Test("without a listener or an address it cannot be turned on; a refusing listener leaves it off")
    func problems() {
        #expect(throws: HomeNetwork.Problem.unavailable) { try HomeNetwork(addresses: { ["127.0.0.2"] }).turnOn() }
        #expect(throws: HomeNetwork.Problem.noAddress) { try HomeNetwork(listener: FakeHomeNetworkListener(), addresses: { [] }).turnOn() }
        let refusing = FakeHomeNetworkListener()
        refusing.refuse = true
        let network = HomeNetwork(listener: refusing, addresses: { ["127.0.0.2"] })
        #expect(throws: (any Error).self) { try network.turnOn() }
        #expect(!network.isOn)
        #expect(HomeNetwork.url(host: "192.168.1.20", port: 443, tls: true) == "https://192.168.1.20:443/")
    }
}
