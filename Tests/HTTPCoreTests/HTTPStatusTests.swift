import Testing
import HTTPCore

// HTTP statuses by name (Sources/HTTPCore/HTTPStatus.swift).
@Suite("HTTP status")
struct HTTPStatusTests {
    @Test("each name is its RFC 9110 code, printed as digits")
    func namesAndCodes() {
        let named: [(HTTPStatus, Int)] = [
            (.ok, 200), (.seeOther, 303), (.notModified, 304), (.badRequest, 400), (.unauthorized, 401), (.forbidden, 403),
            (.notFound, 404), (.methodNotAllowed, 405), (.conflict, 409), (.contentTooLarge, 413), (.unsupportedMediaType, 415),
            (.misdirectedRequest, 421), (.unprocessable, 422), (.tooManyRequests, 429), (.internalServerError, 500),
            (.serviceUnavailable, 503),
        ]
        for (status, code) in named {
            #expect(status.code == code)
            #expect(status.description == String(code))
        }
        #expect(Set(named.map(\.0)).count == named.count)
    }

    @Test("statuses compare by code")
    func order() {
        #expect(HTTPStatus.ok < .seeOther && HTTPStatus.unprocessable < .internalServerError)
        #expect(HTTPStatus(code: 404) == .notFound)
        #expect([HTTPStatus.serviceUnavailable, .ok, .notFound].sorted() == [.ok, .notFound, .serviceUnavailable])
    }
}
