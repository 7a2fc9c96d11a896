// swift-tools-version:6.0
import PackageDescription

// Targets by dependency direction:
//   Engine (pure)  <-  Statements (pure: bank statements)  <-  Web
//   Engine (pure)  <-  QuickEntry, Advisor (pure: quick entry in words; the advisor's router, classifier, commands, tones)  <-  Web
//   Engine (pure)  <-  Storage (GRDB; the import's match plan from Statements)  <-  Web (pages, view models, i18n)  <-  finmind
//   HTTPCore (Request/Response values)  <-  Web, MicroHTTPServer (libmicrohttpd adapter)
//   CQRencode (libqrencode)  <-  Web (the home-network page's QR codes)
//   CSodium (libsodium)  <-  Web (scrypt passcode hashes, SHA-256 of session tokens)
//   ViewModelLookup (build tool, via ViewModelLookupPlugin)  ->  Web's generated view-model lookups
let package = Package(
    name: "FinMind",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "finmind", targets: ["finmind"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .target(name: "Engine"),
        // Bank statements: format and encoding sniffing, CSV/OFX/QIF parsers, de-duplication
        // keys and the import's match plan. Pure, like Engine (docs/engine-rules.md).
        .target(name: "Statements", dependencies: ["Engine"],
                resources: [.copy("Resources/merchant-directory.txt"), .copy("Resources/payee-words.txt")]),
        // Quick entry in plain words ("кофе 250 вчера" → a draft entry). Pure, like Engine.
        .target(name: "QuickEntry", dependencies: ["Engine"]),
        // The advisor's pure logic: the question router and its classifier (trained at start on
        // Resources/advisor-training.txt), commands in words, tones. Pure, like Engine: Web holds
        // the pages, the remote provider and the built-in answers over the household's figures.
        .target(name: "Advisor", dependencies: ["Engine"], resources: [.copy("Resources/advisor-training.txt")]),
        .target(name: "HTTPCore"),
        .target(name: "Storage", dependencies: [
            "Engine", "Statements",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "Web", dependencies: [
            "Engine", "Statements", "Storage", "HTTPCore", "CQRencode", "CSodium", "QuickEntry", "Advisor",
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Features/Auth/common-passwords.txt")],
        // Release builds compile Web file by file and incrementally rather than as one whole module: a
        // clean release build is as fast (158 s vs 168 s on 2 cores) and a release build after editing
        // one page takes seconds, not a minute (docs/PERFORMANCE.md "Build times"). The engine, storage
        // and parsers, where the work is, keep whole-module optimisation. Batch mode compiles Web's files
        // in about ten groups instead of one compiler process each, so the 210 files are parsed and
        // their imports loaded ten times, not 210 (a fifth less CPU for Web; docs/PERFORMANCE.md,
        // "The first release build's margin").
        swiftSettings: [.unsafeFlags(["-no-whole-module-optimization", "-incremental", "-enable-batch-mode"],
                                     .when(configuration: .release))],
        plugins: ["ViewModelLookupPlugin"]),
        // Writes each view model's `child(named:)` lookup at build time (Sources/ViewModelLookup).
        .executableTarget(name: "ViewModelLookup"),
        .plugin(name: "ViewModelLookupPlugin", capability: .buildTool(), dependencies: ["ViewModelLookup"]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium",
                       providers: [.apt(["libsodium-dev"])]),
        .target(name: "MicroHTTPServer", dependencies: [
            "CMicroHTTPD", "HTTPCore",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "finmind", dependencies: [
            "Web", "Storage", "MicroHTTPServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "EngineBenchmark", dependencies: ["Engine"]),
        .executableTarget(name: "StatementsBenchmark", dependencies: ["Statements", "Engine"]),
        .executableTarget(name: "WebBenchmark", dependencies: [
            "Web", "Storage", "Engine", "HTTPCore", "Statements", "Advisor",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Mustache", package: "swift-mustache"),
            // LedgerBenchmark gives the generated entries accounts, bank payees and transfers with plain SQL.
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "TestSupport", dependencies: ["HTTPCore"], path: "Tests/TestSupport"),
        .testTarget(name: "EngineTests", dependencies: ["Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "QuickEntryTests", dependencies: ["QuickEntry", "Engine"], exclude: ["Data"]),
        .testTarget(name: "AdvisorTests", dependencies: ["Advisor", "Engine"]),
        .testTarget(name: "StatementsTests", dependencies: ["Statements", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"]),
        .testTarget(name: "MicroHTTPServerTests", dependencies: [
            "TestSupport", "MicroHTTPServer", "HTTPCore", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "Statements", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "WebTests", dependencies: ["TestSupport", "Web", "Storage", "Engine", "HTTPCore", "CQRencode", "Advisor"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", 
            "Web", "Storage", "MicroHTTPServer", "HTTPCore",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
    ]
)

// libFuzzer targets (issue 21, docs/FUZZING.md): only with FINMIND_FUZZ=1, in their own scratch
// path, so the ordinary build and `swift test` never see them. `scripts/fuzz TARGET SECONDS`.
// The parsers under test are built with coverage and AddressSanitizer; each target links libFuzzer.
if Context.environment["FINMIND_FUZZ"] == "1" {
    let sanitizers: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
    for target in package.targets where ["Engine", "Statements", "QuickEntry", "Advisor", "HTTPCore", "Storage", "Web"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + sanitizers
    }
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzForm", ["HTTPCore"]),
        ("FuzzMultipart", ["HTTPCore"]),
        ("FuzzHeaders", ["HTTPCore"]),
        ("FuzzStaticPath", ["HTTPCore"]),
        ("FuzzStatement", ["Statements", "Engine"]),
        ("FuzzExport", ["Web"]),
        ("FuzzImage", ["Web"]),
        ("FuzzQuick", ["QuickEntry", "Engine"]),
        ("FuzzICS", ["Engine"]),
    ]
    // libFuzzer without its own main (SwiftPM writes every executable's main; FuzzSupport calls
    // LLVMFuzzerRunDriver). scripts/fuzz passes the toolchain's archive in FINMIND_FUZZ_RUNTIME.
    let fuzzLink = ["-sanitize=address", "-use-ld=lld", "-Xlinker", Context.environment["FINMIND_FUZZ_RUNTIME"] ?? "", "-lstdc++"]
    package.targets.append(.target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Tests/Fuzz/\(name)",
            swiftSettings: sanitizers, linkerSettings: [.unsafeFlags(fuzzLink)]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
