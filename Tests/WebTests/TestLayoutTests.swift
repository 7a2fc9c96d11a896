import Foundation
import Testing

/// The layout rule of the tests (docs/ARCHITECTURE.md, "Where the tests live"): the unit tests of
/// `Sources/<Target>/…/<Name>.swift` live in `Tests/<Target>Tests/<Name>Tests.swift`. Exempt by
/// kind: string tables (`Web/I18n`, and a pure target's `…Strings.swift`, checked by TranslationTests), route enums (`…Route.swift`,
/// round-tripped by RouteTests), plain view models (`…Views.swift`, rendered by the page tests and
/// checked by RendererTests), and executables (benchmarks, the build tool, `finmind`, which the
/// end-to-end tests run). `unmirrored` lists the files that had no mirrored test file when the rule
/// was set; they are tested under feature or journey names. The list may only shrink: a new source
/// file needs its own test file, and a listed file that gains one must leave the list.
@Suite("Test layout")
struct TestLayoutTests {
    static func isExemptByKind(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        let isStringTable = path.hasPrefix("Web/I18n/") || (name.hasSuffix("Strings.swift") && name != "Strings.swift")
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

    @Test func everySourceFileHasItsMirroredTestFileOrIsListed() throws {
        let listed = Set(Self.unmirrored)
        var missing: [String] = []
        var stale: [String] = []
        for path in try Self.sources() where !Self.isExemptByKind(path) {
            let mirrored = FileManager.default.fileExists(atPath: repositoryRoot + "/" + Self.mirror(of: path))
            if !mirrored && !listed.contains(path) { missing.append("\(path) → \(Self.mirror(of: path))") }
            if mirrored && listed.contains(path) { stale.append(path) }
        }
        #expect(missing.isEmpty, "source files without their mirrored test file: \(missing)")
        #expect(stale.isEmpty, "listed as unmirrored but now mirrored (remove them from the list): \(stale)")
        let gone = try listed.subtracting(Self.sources())
        #expect(gone.isEmpty, "listed files that no longer exist: \(gone.sorted())")
    }

    @Test func theRuleReadsPathsAsDocumented() {
        #expect(Self.mirror(of: "Web/Pages/BillsPage.swift") == "Tests/WebTests/BillsPageTests.swift")
        #expect(Self.mirror(of: "Storage/Accounts.swift") == "Tests/StorageTests/AccountsTests.swift")
        #expect(Self.isExemptByKind("Web/I18n/Bills+English.swift"))
        #expect(Self.isExemptByKind("Web/Pages/BillsRoute.swift"))
        #expect(Self.isExemptByKind("QuickEntry/QuickEntryStrings.swift"))
        #expect(!Self.isExemptByKind("Engine/Strings.swift"))
        #expect(!Self.isExemptByKind("Web/Pages/BillsPage.swift"))
    }

    /// Source files (relative to Sources/) tested under other names when the rule was set.
    static let unmirrored: [String] = [
    ]
}
