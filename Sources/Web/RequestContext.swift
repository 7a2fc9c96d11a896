import Engine
import HTTPCore

/// What every handler knows about the request it answers: language, cookies,
/// the browser's CSRF token, the decoded query and form.
struct RequestContext {
    let request: Request
    let cookies: [String: String]
    let language: Language
    let t: Translations
    let query: FormFields
    /// The token forms must carry: derived from the session when signed in, else the
    /// browser's CSRF cookie (a new one when it had none; `setCookies` then carries it).
    private(set) var csrfToken: String
    /// The signed-in session's token, once `App` has checked it against the database.
    private(set) var session: String?
    /// The flash message left by the previous POST, if any.
    var flash: String?
    /// The delete this request's flash reports ("<kind>-<id>"), offered for undo beside
    /// that flash only: it travels in the flash cookie and is gone with it.
    let undo: String?
    /// The name of what `undo` brings back, for its button ("Restore «Milk»").
    let undoName: String?
    /// Set-Cookie values to send with the response.
    var setCookies: [String] = []
    /// Where a rendered 200 page may be kept (GET/HEAD without a flash), as key and stamp.
    var cacheSlot: (key: String, stamp: String)?

    /// The language a browser asks for first (`Accept-Language`) among the app's (ru, de, en), else
    /// English (SPEC §11: the default language follows the browser's).
    static func browserLanguage(_ acceptLanguage: String?) -> Language {
        Language(rawValue: AcceptLanguage.preferred(acceptLanguage, supported: Language.allCases.map(\.rawValue), fallback: "en")) ?? .en
    }

    static let languageCookie = "fm_lang"
    static let csrfCookie = "fm_csrf"
    static let flashCookie = "fm_flash"
    /// The cookie older versions kept the last delete in for 10 minutes; cleared when seen.
    static let legacyUndoCookie = "fm_undo"
    static let sessionCookie = "fm_session"
    /// More query parameters than this is a 400: no page reads more than a handful.
    static let maximumQueryParameters = 100

    /// Reads cookies, language (`?lang=`, then the cookie, then Accept-Language) and the
    /// query. Throws `RequestDecodingError` when the query is malformed or has more than
    /// `maximumQueryParameters` parameters.
    init(request: Request) throws(RequestDecodingError) {
        self.request = request
        cookies = Cookies.parse(request.headers["Cookie"])
        query = try FormDecoding.query(request.rawQuery)
        guard query.pairs.count <= Self.maximumQueryParameters else { throw .tooManyParameters }
        let chosen = query["lang"].flatMap(Language.init(rawValue:))
            ?? cookies[Self.languageCookie].flatMap(Language.init(rawValue:))
            ?? Self.browserLanguage(request.headers["Accept-Language"])
        language = chosen
        t = Translations(chosen)
        if let token = cookies[Self.csrfCookie], Tokens.wellFormed(token) {
            csrfToken = token
        } else {
            csrfToken = Tokens.random()
            setCookies.append(Cookies.setCookie(name: Self.csrfCookie, value: csrfToken, maxAge: nil,
                                                httpOnly: true, sameSite: "Strict"))
        }
        if let flash = cookies[Self.flashCookie], !flash.isEmpty,
           let fields = try? FormDecoding.query("f=" + flash), let decoded = fields["f"] {
            self.flash = decoded
            if let undo = fields["u"], !undo.isEmpty, undo.utf8.count <= 40,
               undo.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }) {
                self.undo = undo
                undoName = fields["n"].map { String($0.prefix(80)) }
            } else {
                undo = nil
                undoName = nil
            }
            setCookies.append(Cookies.setCookie(name: Self.flashCookie, value: "", maxAge: 0, httpOnly: true))
        } else {
            flash = nil
            undo = nil
            undoName = nil
        }
        if cookies[Self.legacyUndoCookie] != nil {
            setCookies.append(Cookies.setCookie(name: Self.legacyUndoCookie, value: "", maxAge: 0, httpOnly: true))
        }
    }

    /// Marks the request as signed in with `token` (already checked): forms must then
    /// carry the CSRF token derived from it.
    mutating func bindSession(_ token: String) {
        session = token
        csrfToken = SessionTokens.csrfToken(for: token)
    }

    /// A 303 to `location` that shows `flash` on the next page, with an undo button for
    /// `undo` (what was deleted, "<kind>-<id>", and its name) beside that flash only.
    func redirect(to location: String, flash: String?, undo: (thing: String, name: String)? = nil) -> Response {
        var response = Response.seeOther(location)
        for cookie in setCookies { response.headers.add("Set-Cookie", cookie) }
        if let flash {
            var value = FormEncoding.encode(flash)
            if let undo { value += "&u=" + FormEncoding.encode(undo.thing) + "&n=" + FormEncoding.encode(undo.name) }
            response.headers.add("Set-Cookie", Cookies.setCookie(name: Self.flashCookie, value: value, maxAge: 60, httpOnly: true))
        }
        return response
    }
}

/// Percent-encoding for cookie values and query components.
enum FormEncoding {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
