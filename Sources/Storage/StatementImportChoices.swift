import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: the user's choices on staged rows (the design: StatementImports.swift)

extension AppDatabase {
    /// Saves the user's choices (and categories) for some staged rows of a batch in preview;
    /// a choice the row's status does not allow, or an unknown category, is ignored.
    public func saveImportChoices(batchID: ID<ImportBatchInfo>, _ choices: [Int: (choice: ImportChoice, category: String?)],
                                  formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM importBatch WHERE id = :id AND status = 'preview'",
                                        arguments: ["id": batchID]) == true else { throw ImportStorageError.wrongState }
                try Self.applyChoices(choices, batchID: batchID, in: db)
            }
        }
    }

    /// Saves choices on staged rows of a batch, keeping each to what its status allows.
    static func applyChoices(_ choices: [Int: (choice: ImportChoice, category: String?)], batchID: ID<ImportBatchInfo>, in db: Database) throws {
        guard !choices.isEmpty else { return }
        let allowed = Set(try String.fetchAll(db, sql: "SELECT key FROM category"))
        let statement = try db.makeStatement(sql: """
            UPDATE importRow SET choice = :choice,
                category = CASE WHEN :category IS NOT NULL AND amount < 0 THEN :category ELSE category END,
                categorySource = CASE WHEN :category IS NOT NULL AND amount < 0 AND :category IS NOT category THEN 'user' ELSE categorySource END
            WHERE batchID = :batch AND position = :position AND status NOT IN ('error', 'skipped')
                AND (:choice IN ('import', 'skip') OR (:choice = 'link' AND status = 'link') OR (:choice = 'confirm' AND status = 'confirm'))
            """)
        for (position, value) in choices {
            let category = value.category.flatMap { allowed.contains($0) ? $0 : nil }
            try statement.execute(arguments: ["choice": value.choice.rawValue, "category": category, "batch": batchID, "position": position])
        }
    }
}
