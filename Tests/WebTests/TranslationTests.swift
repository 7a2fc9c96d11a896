import Engine
import Foundation
import Testing
@testable import Web

@Suite("Translations")
struct TranslationTests {
    @Test("Russian and English have identical keys")
    func identicalKeys() {
        let ru = Set(Language.ru.table.keys), en = Set(Language.en.table.keys)
        // Each feature's tables pair up key for key (the core tables are checked as a whole below).
        #expect(Language.russianTables.count == Language.englishTables.count)
        for (russian, english) in zip(Language.russianTables, Language.englishTables).dropFirst() {
            #expect(Set(russian.keys) == Set(english.keys))
        }
        let total: Int = Language.russianTables.reduce(0) { $0 + $1.count }
        #expect(total == ru.count, "no key defined twice")
        #expect(ru.subtracting(en).sorted() == [])
        #expect(en.subtracting(ru).sorted() == [])
    }

    @Test("no string is empty")
    func nonEmpty() {
        #expect(Language.ru.table.filter { $0.value.isEmpty }.keys.sorted() == [])
        #expect(Language.en.table.filter { $0.value.isEmpty }.keys.sorted() == [])
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
                if Language.en.table[key] == nil { missing.append("\(file): \(key)") }
            }
        }
        #expect(missing == [])
    }
}
