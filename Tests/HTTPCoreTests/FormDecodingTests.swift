import Testing
@testable import HTTPCore

// MARK: - application/x-www-form-urlencoded

struct URLEncodedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    let expected: [Pair]
    var testDescription: String { name }
}

struct Pair: Sendable, Equatable {
    let name: String
    let value: String
    init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

struct FailingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let error: RequestDecodingError
    var testDescription: String { name }
}

private func pairs(_ fields: FormFields) -> [Pair] {
    fields.pairs.map { Pair($0.name, $0.value) }
}

@Test(arguments: [
    URLEncodedCase(name: "Cyrillic value", body: "greeting=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82",
                   expected: [Pair("greeting", "Привет")]),
    URLEncodedCase(name: "lower-case hex", body: "a=%d0%bf", expected: [Pair("a", "п")]),
    URLEncodedCase(name: "raw UTF-8 bytes", body: "a=Привет", expected: [Pair("a", "Привет")]),
    URLEncodedCase(name: "plus is a space", body: "q=a+b", expected: [Pair("q", "a b")]),
    URLEncodedCase(name: "%2B is a plus", body: "q=a%2Bb", expected: [Pair("q", "a+b")]),
    URLEncodedCase(name: "%20 is a space", body: "q=a%20b", expected: [Pair("q", "a b")]),
    URLEncodedCase(name: "encoded name", body: "na%6De+x=1", expected: [Pair("name x", "1")]),
    URLEncodedCase(name: "empty pairs skipped", body: "a=1&&b=2&", expected: [Pair("a", "1"), Pair("b", "2")]),
    URLEncodedCase(name: "name without =", body: "flag&x=1", expected: [Pair("flag", ""), Pair("x", "1")]),
    URLEncodedCase(name: "empty value", body: "a=", expected: [Pair("a", "")]),
    URLEncodedCase(name: "= inside value", body: "a=b=c", expected: [Pair("a", "b=c")]),
    URLEncodedCase(name: "%26 and %3D stay in value", body: "a=x%26y%3Dz", expected: [Pair("a", "x&y=z")]),
    URLEncodedCase(name: "repeated names kept in order", body: "c=2&c=1", expected: [Pair("c", "2"), Pair("c", "1")]),
    URLEncodedCase(name: "textarea CRLF", body: "t=a%0D%0Ab", expected: [Pair("t", "a\r\nb")]),
    URLEncodedCase(name: "empty body", body: "", expected: []),
])
func urlEncodedDecodes(_ c: URLEncodedCase) throws {
    #expect(pairs(try FormDecoding.urlEncoded(Array(c.body.utf8))) == c.expected)
}

@Test(arguments: [
    FailingCase(name: "lone %", input: "a=%", error: .malformedPercentEncoding),
    FailingCase(name: "bad hex %G1", input: "a=%G1", error: .malformedPercentEncoding),
    FailingCase(name: "truncated %4", input: "a=%4", error: .malformedPercentEncoding),
    FailingCase(name: "bad hex in name", input: "%ZZ=1", error: .malformedPercentEncoding),
    FailingCase(name: "%FF is not UTF-8", input: "a=%FF", error: .invalidUTF8),
    FailingCase(name: "overlong %C0%AF", input: "a=%C0%AF", error: .invalidUTF8),
    FailingCase(name: "surrogate %ED%A0%80", input: "a=%ED%A0%80", error: .invalidUTF8),
    FailingCase(name: "truncated sequence %D0", input: "a=%D0", error: .invalidUTF8),
    FailingCase(name: "invalid UTF-8 in name", input: "%FF=1", error: .invalidUTF8),
])
func urlEncodedRejects(_ c: FailingCase) {
    #expect(throws: c.error) { try FormDecoding.urlEncoded(Array(c.input.utf8)) }
}

@Test func urlEncodedRejectsRawInvalidBytes() {
    #expect(throws: RequestDecodingError.invalidUTF8) { try FormDecoding.urlEncoded([0x61, 0x3D, 0xD0]) }
}

// MARK: - Query

@Test func queryUsesFormRules() throws {
    let fields = try FormDecoding.query("q=1+2%2B3&lang=ru&lang=en")
    #expect(pairs(fields) == [Pair("q", "1 2+3"), Pair("lang", "ru"), Pair("lang", "en")])
    #expect(fields["lang"] == "ru")
    #expect(fields.values("lang") == ["ru", "en"])
    #expect(fields["missing"] == nil)
    #expect(fields.values("missing") == [])
}

@Test func queryRejectsMalformedPercent() {
    #expect(throws: RequestDecodingError.malformedPercentEncoding) { try FormDecoding.query("month=2024-%") }
}

@Test func formFieldsCompareByPairs() {
    #expect(FormFields([("a", "1"), ("b", "2")]) == FormFields([("a", "1"), ("b", "2")]))
    #expect(FormFields([("a", "1"), ("b", "2")]) != FormFields([("b", "2"), ("a", "1")]))
}

// MARK: - Paths

struct PathCase: Sendable, CustomTestStringConvertible {
    let name: String
    let raw: String
    let expected: String
    var testDescription: String { name }
}

@Test(arguments: [
    PathCase(name: "plain", raw: "/plan", expected: "/plan"),
    PathCase(name: "%20 is a space", raw: "/a%20b", expected: "/a b"),
    PathCase(name: "plus stays plus", raw: "/a+b", expected: "/a+b"),
    PathCase(name: "Cyrillic", raw: "/%D0%BF%D0%BB%D0%B0%D0%BD", expected: "/план"),
    PathCase(name: "%2F decodes to a slash", raw: "/a%2Fb", expected: "/a/b"),
])
func pathDecodes(_ c: PathCase) throws {
    #expect(try FormDecoding.percentDecodePath(c.raw) == c.expected)
}

@Test(arguments: [
    FailingCase(name: "NUL", input: "/a%00b", error: .controlCharacter),
    FailingCase(name: "line feed", input: "/a%0Ab", error: .controlCharacter),
    FailingCase(name: "DEL", input: "/%7F", error: .controlCharacter),
    FailingCase(name: "C1 control U+0085", input: "/%C2%85", error: .controlCharacter),
    FailingCase(name: "raw tab", input: "/a\tb", error: .controlCharacter),
    FailingCase(name: "%FF", input: "/%FF", error: .invalidUTF8),
    FailingCase(name: "overlong slash", input: "/%C0%AF", error: .invalidUTF8),
    FailingCase(name: "lone %", input: "/%", error: .malformedPercentEncoding),
    FailingCase(name: "truncated %4", input: "/%4", error: .malformedPercentEncoding),
])
func pathRejects(_ c: FailingCase) {
    #expect(throws: c.error) { try FormDecoding.percentDecodePath(c.input) }
}
