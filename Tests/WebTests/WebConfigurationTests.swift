import Foundation
import Testing
@testable import Web

// Where the web layer runs (Sources/Web/WebConfiguration.swift).

@Suite("Web configuration")
struct WebConfigurationTests {
    @Test("a passcode is required when started shared, or while the home-network switch is on")
    func passcodeRequired() throws {
        let listener = FakeHomeNetworkListener()
        var configuration = WebConfiguration(templatesDirectory: "T", publicDirectory: "P",
                                             homeNetwork: HomeNetwork(listener: listener, addresses: { ["127.0.0.2"] }))
        #expect(!configuration.passcodeRequired && !configuration.sharedAtStart)
        try configuration.homeNetwork.turnOn()
        #expect(configuration.passcodeRequired && !configuration.sharedAtStart)
        configuration.homeNetwork.turnOff()
        #expect(!configuration.passcodeRequired)
        configuration.passcodeRequired = true
        #expect(configuration.sharedAtStart && configuration.passcodeRequired)
        #expect(WebConfiguration(templatesDirectory: "T", publicDirectory: "P", passcodeRequired: true).sharedAtStart)
    }

    @Test("the body limits: 64 KB for a form, 2 MB for a picture, 50 MB for an import")
    func bodyLimits() {
        #expect(BodyLimit.form == 65_536 && BodyLimit.avatar == 2_097_152 && BodyLimit.importFile == 52_428_800)
    }
}
