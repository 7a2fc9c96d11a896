import Testing
@testable import Engine

/// Tests Sources/Engine/TextRule.swift: the one rule for stored text.
@Suite("The rule for stored text")
struct TextRuleTests {
    @Test("controls and format characters break it; joiners, emoji and other scripts do not", arguments: [
        ("Rent\u{202E}lanimret", true), ("a\u{2066}b", true), ("x\u{200F}y", true), ("\u{FEFF}Food", true), ("zero\u{200B}width", true),
        ("soft\u{00AD}hyphen", true), ("tab\there", true), ("Молоко", false), ("👨\u{200D}👩\u{200D}👧", false), ("می\u{200C}خواهم", false),
    ])
    func breaks(text: String, breaks: Bool) {
        #expect(TextRule.breaks(text) == breaks, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("cleaning drops format characters, turns controls into spaces, keeps line breaks when asked, and trims")
    func cleaned() {
        #expect(TextRule.cleaned(" Shop\u{202E}evil\u{2066}x\u{200B} ") == "Shopevilx")
        #expect(TextRule.cleaned("a\tb\u{0}c") == "a b c")
        #expect(TextRule.cleaned("line\none", lineBreaks: true) == "line\none")
        #expect(TextRule.cleaned("line\none") == "line one")
        #expect(!TextRule.breaks(TextRule.cleaned("\u{202A}x\u{7}y\u{2069}")))
    }
}
