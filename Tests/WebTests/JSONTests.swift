import HTTPCore
import Testing
@testable import Web

// The API's JSON values (Sources/Web/Rendering/JSON.swift).

@Suite("JSON")
struct JSONTests {
    @Test("values serialise exactly, object keys in order, integers and null kept")
    func serialise() {
        let value = JSON.object([("b", .integer(Int64.max)), ("a", .array([.null, .bool(true), .number("0.75")])),
                                 ("c", .optional(nil as String?)), ("d", .optional(7 as Int64?))])
        #expect(value.text == #"{"b":9223372036854775807,"a":[null,true,0.75],"c":null,"d":7}"#)
    }

    @Test("strings escape quotes, control characters and the characters HTML would read")
    func escapes() {
        #expect(JSON.string("a\"b\\c\nd\t\u{1}").text == #""a\"b\\c\nd\t\u0001""#)
        #expect(JSON.string("</script>&").text == #""\u003c/script\u003e\u0026""#)
        #expect(JSON.string("\u{2028}").text == #""\u2028""#)
        #expect(JSON.string("рубль ₽").text == "\"рубль ₽\"")
    }

    @Test("a response is a 200 of JSON that is never cached")
    func response() {
        let response = JSON.object([("ok", .bool(true))]).response()
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.body == Array(#"{"ok":true}"#.utf8))
    }
}
