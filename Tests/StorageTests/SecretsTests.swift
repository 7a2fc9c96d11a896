import Engine
import Foundation
import Testing
@testable import Storage

// The secrets table (Sources/Storage/Secrets.swift).

@Suite("Secrets")
struct SecretsTests {
    @Test("a secret is stored, replaced, removed with nil, and never exported")
    func storeReplaceRemove() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.secret("apiKey") == nil)
        try database.setSecret("apiKey", "first")
        try database.setSecret("apiKey", "second")
        try database.setSecret("other", "kept")
        #expect(try database.secret("apiKey") == "second")
        try database.setSecret("apiKey", nil)
        #expect(try database.secret("apiKey") == nil)
        #expect(try database.secret("other") == "kept")
        #expect(AppDatabase.privateTables.contains("secret"))
        #expect(try !database.exportTables().contains { $0.name == "secret" })
    }
}
