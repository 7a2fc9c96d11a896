import HTTPCore

/// A decoded POST body whose CSRF token matched the browser's cookie.
struct PostedForm {
    let fields: FormFields
    let files: [MultipartPart]

    /// Decodes the body (urlencoded or multipart) and checks the CSRF token and Origin.
    /// Throws `AppError` .malformed (400), .unsupportedMediaType (415) or .forbidden (403: token or origin).
    init(_ context: RequestContext) throws {
        let request = context.request
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        do {
            if type.hasPrefix("application/x-www-form-urlencoded") || (type.isEmpty && request.body.isEmpty) {
                fields = try FormDecoding.urlEncoded(request.body)
                files = []
            } else if type.hasPrefix("multipart/form-data") {
                let parts = try Multipart.parse(body: request.body, contentType: request.headers["Content-Type"] ?? "")
                fields = try Multipart.fields(of: parts)
                files = parts.filter { $0.filename != nil }
            } else {
                throw AppError(.unsupportedMediaType)
            }
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError(.malformed)
        }
        guard Self.sameOrigin(request) else {
            throw AppError(.forbidden, message: context.t["error_403_csrf"])
        }
        // Signed in: the token is derived from the session. Otherwise it is the double-submit
        // cookie, which must have come with the request.
        guard let token = fields["_csrf"], context.session != nil || context.cookies[RequestContext.csrfCookie] != nil,
              Tokens.equal(token, context.csrfToken) else {
            throw AppError(.forbidden, message: context.t["error_403_csrf"])
        }
    }

    /// True when the POST's Origin (or, without one, its Referer) names this server as the
    /// Host header does; a request with neither passes (the CSRF token still guards it).
    static func sameOrigin(_ request: Request) -> Bool {
        let host = (request.headers["Host"] ?? "").lowercased()
        guard !host.isEmpty else { return false }
        if let origin = request.headers["Origin"] {
            let origin = origin.lowercased()
            return origin == "http://" + host || origin == "https://" + host
        }
        if let referer = request.headers["Referer"] {
            let referer = referer.lowercased()
            return referer.hasPrefix("http://" + host + "/") || referer.hasPrefix("https://" + host + "/")
                || referer == "http://" + host || referer == "https://" + host
        }
        return true
    }
}

extension Handler {
    /// The form's single-use token; a missing or malformed one is a 400.
    static func formToken(_ form: PostedForm) throws -> String {
        guard let token = form.fields["_form"], Tokens.wellFormed(token) else {
            throw AppError(.malformed)
        }
        return token
    }
}
