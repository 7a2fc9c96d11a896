import Foundation
import Testing

/// The layout rule of the tests (docs/ARCHITECTURE.md, "Where the tests live"): the unit tests of
/// `Sources/<Target>/…/<Name>.swift` live in `Tests/<Target>Tests/<Name>Tests.swift`. Exempt by
/// kind: string tables (`Web/I18n`, and any `…Strings.swift` and `…Strings+de.swift`: a feature folder's or a pure target's, checked by TranslationTests), route enums (`…Route.swift`,
/// round-tripped by RouteTests), plain view models (`…Views.swift`, rendered by the page tests and
/// checked by RendererTests), and executables (benchmarks, the build tool, `finmind`, which the
/// end-to-end tests run). Every other source file has its mirrored test file, and a new one needs it.
@Suite("Test layout")
struct TestLayoutTests {
    static func isExemptByKind(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        // A family's table and its translations (`EngineStrings.swift`, `EngineStrings+de.swift`).
        let isStringTable = path.hasPrefix("Web/I18n/") || (name.hasSuffix("Strings.swift") && name != "Strings.swift")
            || name.range(of: #"Strings\+[a-z]{2}\.swift$"#, options: .regularExpression) != nil
        return isStringTable || name.hasSuffix("Route.swift") || name.hasSuffix("Views.swift")
            || path.split(separator: "/").first.map { $0.hasSuffix("Benchmark") || $0 == "ViewModelLookup" || $0 == "finmind" } == true
    }

    /// The mirrored test file of a source path relative to Sources/ (Web's subfolders are flattened).
    static func mirror(of path: String) -> String {
        let target = path.split(separator: "/")[0]
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return "Tests/\(target)Tests/\(name)Tests.swift"
    }

    static func sources() throws -> [String] {
        let root = repositoryRoot + "/Sources/"
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func everySourceFileHasItsMirroredTestFile() throws {
        let missing = try Self.sources().filter { path in
            !Self.isExemptByKind(path) && !FileManager.default.fileExists(atPath: repositoryRoot + "/" + Self.mirror(of: path))
        }
        #expect(missing.isEmpty, "source files without their mirrored test file: \(missing.map { "\($0) → \(Self.mirror(of: $0))" })")
    }

    /// Tests wait on conditions (a semaphore, a `Gate`, `eventually`), never on the clock.
    @Test func noSwiftTestSleeps() throws {
        let root = repositoryRoot + "/Tests/"
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        let call = "sle" + "ep("   // split, so this file does not find itself
        let sleeping = try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().filter { path in
            try String(contentsOfFile: root + path, encoding: .utf8).contains(call)
        }
        #expect(sleeping.isEmpty, "Swift tests that sleep (wait on a condition instead): \(sleeping)")
    }

    /// One way to write an entry row: only `EntryRecord` spells out an insert into `entry`, so a
    /// new column is added in one place.
    @Test func entryRowsAreWrittenOnlyByTheEntryRecord() throws {
        let root = repositoryRoot + "/Sources/"
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        let insert = "INSERT INTO " + "entry ("
        let writers = try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/EntryRecord.swift") }
            .sorted().filter { path in try String(contentsOfFile: root + path, encoding: .utf8).contains(insert) }
        #expect(writers.isEmpty, "files that write entry rows by hand (use EntryRecord): \(writers)")
    }

    /// Comments, docstrings and test names say the reason or the behaviour, not an issue number: a
    /// reader of the code has no issue tracker at hand (docs/ keeps the history).
    @Test func commentsGiveReasonsNotIssueNumbers() throws {
        // Built from pieces, so this file does not find itself.
        let citation = try NSRegularExpression(pattern: "[Ii]" + "ssue #?[0-9]+|\\(" + "#[0-9]+\\)")
        var citing: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = repositoryRoot + "/" + folder + "/"
            let walker = try #require(FileManager.default.enumerator(atPath: root))
            for case let path as String in walker where path.hasSuffix(".swift") || path.hasSuffix(".py") {
                let text = try String(contentsOfFile: root + path, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let line = String(line)
                    if citation.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                        citing.append("\(folder)/\(path):\(number + 1)")
                    }
                }
            }
        }
        #expect(citing.isEmpty, "lines that cite an issue number (say the reason or the behaviour instead): \(citing.sorted())")
    }

    @Test func theRuleReadsPathsAsDocumented() {
        #expect(Self.mirror(of: "Web/Features/Bills/BillsPage.swift") == "Tests/WebTests/BillsPageTests.swift")
        #expect(Self.mirror(of: "Storage/Accounts.swift") == "Tests/StorageTests/AccountsTests.swift")
        #expect(Self.isExemptByKind("Web/I18n/Bills+English.swift"))
        #expect(Self.isExemptByKind("Web/Features/Bills/BillsRoute.swift"))
        #expect(Self.isExemptByKind("QuickEntry/QuickEntryStrings.swift"))
        #expect(Self.isExemptByKind("QuickEntry/QuickEntryStrings+de.swift"))
        #expect(!Self.isExemptByKind("Engine/Strings.swift"))
        #expect(!Self.isExemptByKind("Web/Features/Bills/BillsPage.swift"))
    }
}
