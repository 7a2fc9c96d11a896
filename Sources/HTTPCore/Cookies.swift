// Reading the Cookie header and writing Set-Cookie (RFC 6265).

// MARK: - Cookies

/// Cookie parsing and Set-Cookie formatting.
public enum Cookies {
    /// The cookies of a `Cookie: a=b; c=d` header by name; empty for nil.
    ///
    /// The first occurrence of a name wins, a value wrapped in double quotes loses
    /// them, and malformed pieces (no `=`, an empty or non-token name, a control
    /// character or stray quote in the value) are skipped. Never fails.
    public static func parse(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        for piece in header.split(separator: ";") {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingSpaces
            var value = piece[piece.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter),
                  !value.unicodeScalars.contains(where: { $0 == "\"" || FormDecoding.isControl($0) }),
                  cookies[name] == nil
            else { continue }
            cookies[name] = value
        }
        return cookies
    }

    /// A Set-Cookie header value: `name=value; Max-Age=…; Path=…; HttpOnly; SameSite=…; Secure`.
    ///
    /// `maxAge` nil makes a session cookie and 0 deletes the cookie. Characters a cookie
    /// cannot carry (controls, whitespace, `"`, `,`, `;`, `\`, and non-token characters in
    /// the name) are dropped rather than sent, so no caller input can split the header.
    public static func setCookie(name: String, value: String, maxAge: Int?, path: String = "/",
                                 httpOnly: Bool, sameSite: String = "Lax", secure: Bool = false) -> String {
        var attributes = ["\(keeping(name, where: isTokenCharacter))=\(keeping(value, where: isCookieOctet))"]
        if let maxAge { attributes.append("Max-Age=\(max(0, maxAge))") }
        attributes.append("Path=\(keeping(path, where: isAttributeCharacter))")
        if httpOnly { attributes.append("HttpOnly") }
        attributes.append("SameSite=\(keeping(sameSite, where: isTokenCharacter))")
        if secure { attributes.append("Secure") }
        return attributes.joined(separator: "; ")
    }

    // MARK: - Character classes

    private static func keeping(_ text: String, where allowed: (Unicode.Scalar) -> Bool) -> String {
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter(allowed))
        return String(kept)
    }

    /// RFC 7230 tchar.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9": true
        default: "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// RFC 6265 cookie-octet: printable ASCII except space, `"`, `,`, `;` and `\`.
    private static func isCookieOctet(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x7E).contains(scalar.value) && !"\",;\\".unicodeScalars.contains(scalar)
    }

    /// A Path attribute character: printable ASCII except `;`.
    private static func isAttributeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) && scalar != ";"
    }
}
