import Mustache
import Testing
@testable import Web

// The templates' fast HTML escaping (Rendering/HTMLEscaping.swift) gives swift-mustache's own text.

private struct OneValue: MustacheParent {
    var x: String
    func child(named name: String) -> Any? { name == "x" ? x : nil }
}

/// Texts where the two could differ: each escaped character, combining marks after them (one
/// character, not escaped), precomposed look-alikes, CR LF, emoji, Cyrillic, text already escaped.
private let samples = [
    "", "plain", "<>&\"'", "a&b", "&amp;", "&\u{301}", "<\u{338}", "\u{226E}", "'\u{301}x", "e\u{301}clair",
    "\r\n&\r\n", "🍕&🍕", "Кофе & «чай»", "\"quoted\" 'single'", "<script>alert('x')</script>", "&\u{200D}&", "\u{FF1C}",
]

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("htmlEscaped gives what {{x}} gives through swift-mustache's own escaping")
    func sameAsMustache() throws {
        let plain = try MustacheTemplate(string: "{{x}}")
        var generator = SystemRandomNumberGenerator()
        let pieces = ["<", ">", "&", "\"", "'", "\u{301}", "\u{338}", "a", " ", "é", "ж", "🍕", "\u{200D}", "\r", "\n", "1"]
        let random = (0..<2000).map { _ in (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        for text in samples + random {
            #expect(text.htmlEscaped == plain.render(OneValue(x: text)), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a template that opts in with the FinMindHTML pragma renders the same text")
    func pragma() throws {
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
        let plain = try MustacheTemplate(string: "<p title=\"{{x}}\">{{x}} {{{x}}}</p>")
        let fast = try MustacheTemplate(string: "{{% CONTENT_TYPE: FinMindHTML }}\n<p title=\"{{x}}\">{{x}} {{{x}}}</p>")
        for text in samples {
            #expect(fast.render(OneValue(x: text)) == plain.render(OneValue(x: text)))
        }
    }
}
