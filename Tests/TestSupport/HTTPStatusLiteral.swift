import HTTPCore

// Tests compare statuses with their codes (`response.status == 422`); the app's sources
// cannot, as only the test targets see this conformance, so they must use the names.
extension HTTPStatus: ExpressibleByIntegerLiteral {
    public init(integerLiteral code: Int) { self.init(code: code) }
}
