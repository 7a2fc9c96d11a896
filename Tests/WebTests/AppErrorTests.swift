import Engine
import Foundation
import HTTPCore
@testable import Storage
import Testing
import TestSupport
@testable import Web

@Suite("Errors")
struct AppErrorTests {
    @Test("one table from error to status", arguments: [
        (AppError.Code.malformed, HTTPStatus.badRequest), (.invalid, .unprocessable), (.unauthorized, .unauthorized),
        (.forbidden, .forbidden), (.notFound, .notFound), (.conflict, .conflict), (.methodNotAllowed, .methodNotAllowed),
        (.unsupportedMediaType, .unsupportedMediaType), (.unavailable, .serviceUnavailable), (.internal, .internalServerError),
    ])
    func table(code: AppError.Code, status: HTTPStatus) {
        #expect(AppError(code).status == status)
    }

    @Test("a storage error that reaches the router keeps its meaning: missing 404, conflict 409, refused values 422, broken 500", arguments: [
        (StorageError.notFound, HTTPStatus.notFound), (.categoryInUse, .conflict), (.duplicateCategory, .conflict),
        (.undoExpired, .conflict), (.occurrenceAlreadyConfirmed, .conflict),
        (.rejected("CHECK"), .unprocessable), (.corrupt("x"), .internalServerError), (.schemaOutdated, .internalServerError),
        (.cannotOpen(path: "/x", reason: "y"), .internalServerError),
    ])
    func storageErrors(error: StorageError, status: HTTPStatus) {
        #expect(AppError(error).status == status)
    }

    /// One value of every case of every storage error type (Sources/Storage), with its "Type.case" name
    /// (a struct: its type's name).
    static let everyStorageFailure: [(name: String, failure: any StorageFailure)] = [
        ("StorageError.cannotOpen", StorageError.cannotOpen(path: "/x", reason: "y")), ("StorageError.schemaOutdated", StorageError.schemaOutdated),
        ("StorageError.notFound", StorageError.notFound), ("StorageError.categoryInUse", StorageError.categoryInUse),
        ("StorageError.duplicateCategory", StorageError.duplicateCategory), ("StorageError.undoExpired", StorageError.undoExpired),
        ("StorageError.occurrenceAlreadyConfirmed", StorageError.occurrenceAlreadyConfirmed),
        ("StorageError.rejected", StorageError.rejected("CHECK")), ("StorageError.corrupt", StorageError.corrupt("x")),
        ("ReconcileError.accountNotFound", ReconcileError.accountNotFound),
        ("ReconcileError.difference", ReconcileError.difference(Money(minorUnits: 1))),
        ("ReconcileError.adjustmentChanged", ReconcileError.adjustmentChanged(Money(minorUnits: 1))),
        ("ReconcileError.adjustmentOutOfRange", ReconcileError.adjustmentOutOfRange),
        ("ImportStorageError.wrongState", ImportStorageError.wrongState), ("ImportStorageError.undoExpired", ImportStorageError.undoExpired),
        ("PlayfulSavingError.goalUnavailable", PlayfulSavingError.goalUnavailable),
        ("PlayfulSavingError.nothingToMove", PlayfulSavingError.nothingToMove), ("PlayfulSavingError.notFound", PlayfulSavingError.notFound),
        ("HideRefused", HideRefused(most: Money(minorUnits: 0))),
        ("AccountError.duplicateName", AccountError.duplicateName), ("AccountError.inUse", AccountError.inUse(entries: 3)),
        ("PayeeRuleError.duplicate", PayeeRuleError.duplicate),
        ("EntrySplitError.notSplittable", EntrySplitError.notSplittable), ("EntrySplitError.partCount", EntrySplitError.partCount),
        ("EntrySplitError.sumDiffers", EntrySplitError.sumDiffers(entry: Money(minorUnits: 2), parts: Money(minorUnits: 1))),
        ("EntrySplitError.unknownCategory", EntrySplitError.unknownCategory),
        ("AdvisorUndoRefusal.importedSince", AdvisorUndoRefusal.importedSince),
        ("LimitError.duplicate", LimitError.duplicate), ("LimitError.unknownCategory", LimitError.unknownCategory),
        ("BillsError.suggestionGone", BillsError.suggestionGone),
        ("ChallengeError.overAllowance", ChallengeError.overAllowance(Money(minorUnits: 1))),
        ("ChallengeError.itemNotFound", ChallengeError.itemNotFound), ("ChallengeError.duplicateCategory", ChallengeError.duplicateCategory),
        ("RestoreProblem", RestoreProblem(reason: .unknownTable)), ("RestoreProblem", RestoreProblem(reason: .notEmpty)),
        ("TransferError.sameAccount", TransferError.sameAccount), ("TransferError.accountUnavailable", TransferError.accountUnavailable),
        ("BackupError.integrity", BackupError.integrity("x")), ("BackupError.unreadable", BackupError.unreadable("x")),
        ("BackupError.newerSchema", BackupError.newerSchema(["m"])), ("BackupError.noFile", BackupError.noFile),
    ]

    /// The failures that really are internal: the database cannot be opened, read or checked.
    static let trulyInternal = ["StorageError.cannotOpen", "StorageError.schemaOutdated", "StorageError.corrupt",
                                "BackupError.integrity", "BackupError.noFile"]

    @Test("each listed name is its value's type, and its case where the case carries values")
    func namesMatchValues() {
        for (name, failure) in Self.everyStorageFailure {
            let type = String(describing: Swift.type(of: failure))
            #expect(name == type || name.hasPrefix(type + "."), "\(name) is a \(type)")
            if let label = Mirror(reflecting: failure).children.first?.label, Mirror(reflecting: failure).displayStyle == .enum {
                #expect(name == type + "." + label, "\(name) is .\(label)")
            }
        }
    }

    /// Every error type the storage layer declares, with its enum cases (none for a struct), read from its sources.
    static func declaredStorageErrors() throws -> [String: [String]] {
        let folder = repositoryRoot + "/Sources/Storage/"
        var declared: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: folder + file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard let match = line.firstMatch(of: /^(?:public )?(enum|struct) (\w+)\s*:[^{]*\bError\b/) else { continue }
                var cases: [String] = []
                if match.1 == "enum" {
                    for body in lines[(index + 1)...] {
                        if body.hasPrefix("}") { break }
                        if let item = body.firstMatch(of: /^    case (\w+)/) { cases.append(String(item.1)) }
                    }
                }
                declared[String(match.2)] = cases
            }
        }
        return declared
    }

    @Test("every storage error type is a StorageFailure, and every one of its cases is listed here")
    func everyStorageErrorIsListed() throws {
        let listed = Set(Self.everyStorageFailure.map(\.name))
        let declared = try Self.declaredStorageErrors()
        #expect(declared.count >= 12, "\(declared.keys.sorted())")
        for (type, cases) in declared {
            let names = cases.isEmpty ? [type] : cases.map { type + "." + $0 }
            for name in names { #expect(listed.contains(name), "\(name) is not in everyStorageFailure (or its type is not a StorageFailure)") }
        }
    }

    @Test("no storage failure reaching the router is a 500 unless the database itself is broken")
    func storageFailuresKeepTheirMeaning() {
        for (name, failure) in Self.everyStorageFailure {
            let status = AppError(failure).status
            if Self.trulyInternal.contains(name) {
                #expect(status == .internalServerError, "\(name) → \(status)")
            } else {
                #expect(status != .internalServerError && (400..<500).contains(status.code), "\(name) → \(status)")
            }
        }
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
