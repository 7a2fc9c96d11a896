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
}
