import Engine
import Foundation
import GRDB
import Statements

// MARK: - Bank statement import: the user's choices on staged rows (the design: StatementImports.swift)

extension AppDatabase {
    /// The category value that makes an inflow an income (not a refund) on the preview.
    public static let incomeChoice = ""

    /// Saves the user's choices (and categories) for some staged rows of a batch in preview;
    /// a choice the row's status does not allow, or an unknown category, is ignored. An inflow
    /// given a category becomes a refund; given "" (`incomeChoice`), an income again.
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
                category = CASE WHEN :category IS NULL OR (:category = '' AND amount < 0) THEN category
                    WHEN :category = '' THEN NULL ELSE :category END,
                categorySource = CASE WHEN :category IS NULL OR (:category = '' AND amount < 0) THEN categorySource
                    WHEN nullif(:category, '') IS NOT category THEN 'user' ELSE categorySource END
            WHERE batchID = :batch AND position = :position AND status NOT IN ('error', 'skipped')
                AND (:choice IN ('import', 'skip') OR (:choice = 'link' AND status = 'link') OR (:choice = 'confirm' AND status = 'confirm'))
            """)
        for (position, value) in choices {
            let category = value.category.flatMap { $0 == incomeChoice || allowed.contains($0) ? $0 : nil }
            try statement.execute(arguments: ["choice": value.choice.rawValue, "category": category, "batch": batchID, "position": position])
        }
    }
}
