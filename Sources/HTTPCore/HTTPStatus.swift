/// An HTTP status code, by the name RFC 9110 gives it. The web layer uses only these
/// names; `code` is for the wire and the error pages' texts.
public struct HTTPStatus: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three-digit code.
    public let code: Int

    /// The status with this code.
    public init(code: Int) { self.code = code }

    /// The code as digits ("404"), for logs and string-table keys.
    public var description: String { String(code) }

    public static func < (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code < rhs.code }

    /// 200: the page or file.
    public static let ok = HTTPStatus(code: 200)
    /// 303: go to `Location` with a GET (after every successful form).
    public static let seeOther = HTTPStatus(code: 303)
    /// 304: the browser's copy is current.
    public static let notModified = HTTPStatus(code: 304)
    /// 400: the request could not be decoded.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401: sign in first.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403: not allowed (a CSRF or origin mismatch, no passcode set yet).
    public static let forbidden = HTTPStatus(code: 403)
    /// 404: no such address or row.
    public static let notFound = HTTPStatus(code: 404)
    /// 405: the address does not answer this method.
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 409: well-formed, but the data forbids it now (a duplicate, a suggestion gone, too late to undo).
    public static let conflict = HTTPStatus(code: 409)
    /// 413: the body is larger than the address accepts.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 415: a body in an encoding no form sends.
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// 421: the Host header names a server this is not.
    public static let misdirectedRequest = HTTPStatus(code: 421)
    /// 422: understood but refused; the form comes back with its messages.
    public static let unprocessable = HTTPStatus(code: 422)
    /// 429: too many attempts; wait.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 500: a bug or a broken database ("Internal error"; the log has the rest).
    public static let internalServerError = HTTPStatus(code: 500)
    /// 503: busy or unavailable right now; try again.
    public static let serviceUnavailable = HTTPStatus(code: 503)
}
