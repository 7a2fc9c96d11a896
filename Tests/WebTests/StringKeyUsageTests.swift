import Engine
import Foundation
import Testing
@testable import Web

/// Every key the code names exists in the tables: `t["…"]`, `t.format("…", …)`, the literals a
/// typed key (`StringKey`) is made from, and `{{t.…}}` in templates. A typo fails here.
@Suite("String keys in use")
struct StringKeyUsageTests {
    /// Each key named in Swift under `Sources/`, with where it is named.
    static func keysInSources() throws -> [(key: String, place: String)] {
        let lookup = try NSRegularExpression(pattern: #"(?:\bt|\))\??\[\s*"([A-Za-z0-9_]+)"\s*\]|\.format\(\s*"([A-Za-z0-9_]+)"|\b(?:words|say)\(\s*"([A-Za-z0-9_]+)""#)
        let literal = try NSRegularExpression(pattern: #""([a-z][A-Za-z0-9]*_[A-Za-z0-9_]+)""#)
        let typed = try NSRegularExpression(pattern: #"->\s*\[?StringKey\b|(var|let)\s+\w+\s*:\s*\[?StringKey\b"#)
        var found: [(String, String)] = []
        let root = repositoryRoot + "/Sources"
        guard let files = FileManager.default.enumerator(atPath: root) else { return [] }
        for case let file as String in files where file.hasSuffix(".swift") && !file.hasSuffix("Strings.swift") {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            var depth = 0  // > 0 inside the body of a declaration typed `StringKey`
            for (number, line) in lines.enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                let place = "\(file):\(number + 1)"
                found += Self.captures(lookup, in: line).map { ($0, place) }
                let opens = line.filter { $0 == "{" || $0 == "[" }.count, closes = line.filter { $0 == "}" || $0 == "]" }.count
                let starts = depth == 0 && typed.firstMatch(in: line, range: range) != nil
                if depth > 0 || starts {
                    for match in literal.matches(in: line, range: range) {
                        found.append((String(line[Range(match.range(at: 1), in: line)!]), place))
                    }
                }
                if depth > 0 || (starts && opens > closes) { depth = max(0, depth + opens - closes) }
            }
        }
        return found
    }

    /// The text of each match's first group that took part in it.
    static func captures(_ regex: NSRegularExpression, in text: String) -> [String] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            (1..<match.numberOfRanges).lazy.filter { match.range(at: $0).location != NSNotFound }.first
                .map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    @Test("every key named in Swift exists")
    func sourcesUseKnownKeys() throws {
        let found = try Self.keysInSources()
        #expect(found.count > 500, "the scan finds the keys")
        #expect(found.filter { Language.en.table[$0.key] == nil }.map { "\($0.place): \($0.key)" } == [])
    }

    @Test("every table key is used: named somewhere, or built from a prefix the code names")
    func everyTableKeyIsUsed() throws {
        var text = ""
        for folder in ["/Sources", "/Templates"] {
            guard let files = FileManager.default.enumerator(atPath: repositoryRoot + folder) else { continue }
            for case let file as String in files where !file.hasSuffix("Strings.swift") && (file.hasSuffix(".swift") || file.hasSuffix(".mustache")) {
                text += try String(contentsOfFile: repositoryRoot + folder + "/" + file, encoding: .utf8)
            }
        }
        let prefixes = try NSRegularExpression(pattern: #""([a-z][A-Za-z0-9_]*_)"(?:\s*[+:)]|\s*\?)|"([a-z][A-Za-z0-9_]*_)\\\("#)
        let built = Self.captures(prefixes, in: text)
        let words = try NSRegularExpression(pattern: #""([A-Za-z0-9_]+)"|\bt\.([A-Za-z0-9_]+)"#)
        let named = Set(Self.captures(words, in: text))
        let unused = StringTables.all.flatMap { $0.map(\.key.name) }.filter { key in
            !named.contains(key) && !built.contains { key.hasPrefix($0) }
        }
        #expect(built.count > 10, "the scan finds the keys built from a prefix")
        #expect(unused.isEmpty, "string keys used nowhere (delete them, or name them where they are used): \(unused)")
    }
}
