import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Web

/// Tests Sources/Web/Clients/EphemeralSession.swift: an outgoing exchange's session keeps
/// nothing and carries the timeouts it was given (the exchanges themselves are tested over real
/// HTTP by FXFeedServerTests, the feedback and the provider tests).
@Suite("Ephemeral HTTP session")
struct EphemeralSessionTests {
    @Test func theResourceTimeoutIsTheRequestTimeoutUnlessGiven() {
        let plain = URLSession.ephemeral(timeout: 7)
        defer { plain.invalidateAndCancel() }
        #expect(plain.configuration.timeoutIntervalForRequest == 7)
        #expect(plain.configuration.timeoutIntervalForResource == 7)
        let streamed = URLSession.ephemeral(timeout: 5, resourceTimeout: 20)
        defer { streamed.invalidateAndCancel() }
        #expect(streamed.configuration.timeoutIntervalForRequest == 5)
        #expect(streamed.configuration.timeoutIntervalForResource == 20)
    }

    @Test func theSessionKeepsNoCookiesOrCacheOnDisk() {
        let session = URLSession.ephemeral(timeout: 5)
        defer { session.invalidateAndCancel() }
        #expect(session.configuration.urlCache?.diskCapacity ?? 0 == 0)
        #expect(session.configuration.httpCookieStorage?.cookies?.isEmpty ?? true)
    }
}
