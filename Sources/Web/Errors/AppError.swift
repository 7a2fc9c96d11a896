import HTTPCore
import Storage

/// The one error vocabulary of the web layer. A handler throws `AppError(.notFound)` (or lets
/// a storage error through); the router (`App.route`) catches it once and answers with the
/// error page of `status`. Handlers catch errors themselves only where the outcome is a
/// re-render (422) or a flash.
struct AppError: Error, Equatable {
    /// What went wrong, in the app's terms.
    enum Code: Sendable, CaseIterable {
        /// The request could not be decoded: a malformed body, field or form token.
        case malformed
        /// Decoded but refused, with a message saying why (e.g. confirming a future day).
        case invalid
        /// Not signed in.
        case unauthorized
        /// Not allowed: a CSRF token or origin that does not match, no passcode set yet.
        case forbidden
        /// No such row or address.
        case notFound
        /// Well-formed, but the data forbids it now (a duplicate name, a suggestion gone, an undo too late).
        case conflict
        /// The address does not answer this method.
        case methodNotAllowed
        /// A body in an encoding no form sends.
        case unsupportedMediaType
        /// Busy right now; try again shortly.
        case unavailable
        /// Anything else: a bug or a broken database. Users see "Internal error"; the log gets the rest.
        case `internal`
    }

    var code: Code
    /// What the error page says instead of the status's usual text.
    var message: String?

    /// An error with `code` and, optionally, the page's message.
    init(_ code: Code, message: String? = nil) {
        self.code = code
        self.message = message
    }

    /// What `error` means: itself when it is an `AppError`, a storage error by its kind
    /// (every storage error type is a `StorageFailure`), anything else `.internal`.
    init(_ error: any Error) {
        switch error {
        case let error as AppError: self = error
        case let error as any StorageFailure: self.init(Self.code(of: error.failureKind))
        default: self.init(.internal)
        }
    }

    /// The code of a storage failure that reached the router. Pages still catch the ones they
    /// expect, for a flash or a 422 re-render; one that a page forgot keeps its meaning here.
    static func code(of kind: StorageFailureKind) -> Code {
        switch kind {
        case .notFound: .notFound
        case .conflict: .conflict
        case .invalid: .invalid
        case .internal: .internal
        }
    }

    /// The one table from error to HTTP status.
    var status: HTTPStatus {
        switch code {
        case .malformed: .badRequest
        case .invalid: .unprocessable
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedMediaType: .unsupportedMediaType
        case .unavailable: .serviceUnavailable
        case .internal: .internalServerError
        }
    }
}
