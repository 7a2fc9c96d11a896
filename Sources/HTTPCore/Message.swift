// Our own HTTP values. The libmicrohttpd adapter fills a `Request` and sends a
// `Response`; the web layer never sees C.

// MARK: - Headers

/// An ordered list of header fields whose names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence {
    private var fields: [(name: String, value: String)] = []

    /// Creates headers from name/value pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name` (any case), or nil.
    public subscript(name: String) -> String? {
        let lower = name.lowercased()
        return fields.first { $0.name.lowercased() == lower }?.value
    }

    /// Every value of the field `name` (any case), in order.
    public func values(_ name: String) -> [String] {
        let lower = name.lowercased()
        return fields.filter { $0.name.lowercased() == lower }.map(\.value)
    }

    /// Appends a field, keeping any earlier ones of the same name (Set-Cookie).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field `name` with one holding `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    /// Removes every field `name`.
    public mutating func remove(_ name: String) {
        let lower = name.lowercased()
        fields.removeAll { $0.name.lowercased() == lower }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

// MARK: - Request

/// One HTTP request as the web layer sees it.
public struct Request: Sendable {
    /// The method in upper case ("GET", "HEAD", "POST", …).
    public var method: String
    /// The request target's path as sent, still percent-encoded (no query).
    public var rawPath: String
    /// The raw query string after `?`, without the `?`; empty when absent.
    public var rawQuery: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty for GET/HEAD).
    public var body: [UInt8]
    /// The client's IP address as text ("127.0.0.1", "::1", "192.168.1.20").
    public var clientAddress: String

    /// Creates a request; `target` may carry a query after `?`.
    public init(method: String, target: String, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], clientAddress: String = "127.0.0.1") {
        self.method = method.uppercased()
        if let q = target.firstIndex(of: "?") {
            rawPath = String(target[..<q])
            rawQuery = String(target[target.index(after: q)...])
        } else {
            rawPath = target
            rawQuery = ""
        }
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// True when the client connects over the loopback interface and not through a proxy
    /// (see `isForwarded`): only then is it this computer's own browser.
    public var isFromLoopback: Bool {
        (clientAddress == "::1" || clientAddress.hasPrefix("127.") || clientAddress.hasPrefix("::ffff:127.")) && !isForwarded
    }

    /// True when the request carries a header a proxy adds for the client it forwards
    /// (`Forwarded`, `X-Forwarded-For`, `X-Real-IP`): its socket address is then the proxy's.
    public var isForwarded: Bool {
        headers["Forwarded"] != nil || headers["X-Forwarded-For"] != nil || headers["X-Real-IP"] != nil
    }
}

// MARK: - Response

/// One HTTP response produced by the web layer.
public struct Response: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields (Content-Length is added by the adapter).
    public var headers: HTTPHeaders
    /// The body bytes; the adapter sends none for HEAD.
    public var body: [UInt8]
    /// A file whose bytes are the body instead, streamed from disk by the adapter (a
    /// backup download); `body` is ignored then. Nil for every other response.
    public var bodyFile: String?
    /// A body written while it is sent (a relayed stream), sent chunked by the adapter as it
    /// comes; `body` is ignored then. Nil for every other response.
    public var bodyStream: ResponseStream?
    /// True when `bodyFile` is a copy made for this response only: the adapter deletes it
    /// once it has opened it (or could not).
    public var removesBodyFile = false
    /// True when the request came with a live session: the adapter keeps room among its
    /// connections for that client's address (a slow-client flood from elsewhere cannot
    /// crowd it out).
    public var fromSignedInClient = false

    /// Creates a response.
    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8 with the given content type.
    public init(status: HTTPStatus, contentType: String, text: String) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: Array(text.utf8))
    }

    /// A 303 redirect to `location`.
    public static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: HTTPHeaders([("Location", location)]))
    }
}
