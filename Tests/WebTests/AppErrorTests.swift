import Engine
import HTTPCore
import Storage
import Testing
import TestSupport
@testable import Web

@Suite("Errors")
struct AppErrorTests {
    @Test("one table from error to status", arguments: [
        (AppError.Code.malformed, HTTPStatus.badRequest), (.invalid, .unprocessable), (.unauthorized, .unauthorized),
        (.forbidden, .forbidden), (.notFound, .notFound), (.methodNotAllowed, .methodNotAllowed),
        (.unsupportedMediaType, .unsupportedMediaType), (.unavailable, .serviceUnavailable), (.internal, .internalServerError),
    ])
    func table(code: AppError.Code, status: HTTPStatus) {
        #expect(AppError(code).status == status)
    }

    @Test("a storage error that reaches the router: a missing row is 404, anything else 500", arguments: [
        (StorageError.notFound, HTTPStatus.notFound), (.categoryInUse, .internalServerError), (.duplicateCategory, .internalServerError),
        (.undoExpired, .internalServerError), (.occurrenceAlreadyConfirmed, .internalServerError),
        (.rejected("CHECK"), .internalServerError), (.corrupt("x"), .internalServerError), (.schemaOutdated, .internalServerError),
    ])
    func storageErrors(error: StorageError, status: HTTPStatus) {
        #expect(AppError(error).status == status)
    }

    @Test("an unknown error is internal; an AppError keeps its message")
    func otherErrors() {
        struct Surprise: Error {}
        #expect(AppError(Surprise()).code == .internal)
        #expect(AppError(AppError(.invalid, message: "why") as any Error) == AppError(.invalid, message: "why"))
    }

    @Test("a goal deleted while its form was open: saving it is the router's 404 page, nothing written")
    func deletedWhileEditing() throws {
        // Given the edit form of a goal that is then deleted elsewhere
        let (app, database) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let id = try database.seed(NewGoal(name: "Laptop", target: cents(200_000)))
        let form = try browser.form(on: "/data/goal/\(id)/edit", action: "/data/goal/\(id)")
        _ = try database.delete(.goal(id), formToken: Tokens.random())
        let version = database.version
        // When the form is saved
        let fields = DataForm.goal.valid
        let hidden = form.hidden.filter { name, _ in !fields.contains { $0.0 == name } }
        let response = browser.post(form.action, hidden + fields, formToken: form.token)
        // Then the storage error's 404 page answers, in the request's language
        #expect(response.status == 404)
        #expect(response.text.contains("Page not found"))
        #expect(database.version == version)
    }

    @Test("removing a category that does not exist is 404")
    func missingCategory() throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let token = try browser.formToken(on: "/data", action: "/data/categories")
        #expect(browser.post("/data/categories/no-such-key/delete", [], formToken: token).status == 404)
    }

    @Test("a method an address does not answer is 405; a POST's CSRF check comes first", arguments: [
        ("GET", "/data/undo"), ("GET", "/plan/recalculate"), ("GET", "/logout"), ("GET", "/settings/avatar/delete"),
        ("GET", "/advisor/ask"), ("POST", "/data"), ("POST", "/api/v1/budget"), ("POST", "/settings/privacy"),
    ])
    func methodNotAllowed(method: String, path: String) throws {
        let (app, _) = try makeTestApp()
        var browser = TestBrowser(app: app)
        let response = method == "GET" ? browser.get(path) : browser.post(path, [])
        #expect(response.status == 405)
        if method == "POST" {
            #expect(browser.post(path, [], csrf: false).status == 403)
        }
    }
}
