import Testing
@testable import Web

@Suite("Handler")
struct HandlerTests {
    @Test("dropping the derived figures makes the next read compute them again, for every handler sharing the services")
    func droppingDerivedFigures() throws {
        let (app, _) = try makeTestApp()
        var computed = 0
        for _ in 0..<2 { _ = try app.planCache.value(stamp: "s") { computed += 1; return try app.currentPlan() } }
        #expect(computed == 1)
        app.dropDerivedFigures()
        _ = try app.planCache.value(stamp: "s") { computed += 1; return try app.currentPlan() }
        #expect(computed == 2)
    }

    @Test("every feature App creates reads the app's one set of services (one database, one set of caches)")
    func featuresShareTheServices() throws {
        let (app, _) = try makeTestApp()
        let features: [any Handler] = [app.feeds, app.explanations, app.wishlist, app.limits, app.bills, app.calendar,
                                       app.forecasts, app.plan, app.todayFeature, app.quick, app.playfulSaving, app.api,
                                       app.statementImport, app.accounts, app.challenge, app.reconcile, app.transactions,
                                       app.budget, app.auth, app.settings, app.settings.auth]
        for feature in features {
            #expect(feature.services === app.services, "\(type(of: feature))")
        }
    }
}
