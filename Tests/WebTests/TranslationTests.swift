import Foundation
import Testing
@testable import Web

@Suite("Translations")
struct TranslationTests {
    @Test("Russian and English have identical keys")
    func identicalKeys() {
        let ru = Set(russianStrings.keys), en = Set(englishStrings.keys)
        #expect(ru.subtracting(en).sorted() == [])
        #expect(en.subtracting(ru).sorted() == [])
    }

    @Test("no string is empty")
    func nonEmpty() {
        #expect(russianStrings.filter { $0.value.isEmpty }.keys.sorted() == [])
        #expect(englishStrings.filter { $0.value.isEmpty }.keys.sorted() == [])
    }

    @Test("every {{t.key}} a template uses exists")
    func templatesUseKnownKeys() throws {
        let folder = repositoryRoot + "/Templates"
        var missing: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let regex = try NSRegularExpression(pattern: #"\{\{\s*t\.([A-Za-z0-9_]+)\s*\}\}"#)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                if englishStrings[key] == nil { missing.append("\(file): \(key)") }
            }
        }
        #expect(missing == [])
    }
}
