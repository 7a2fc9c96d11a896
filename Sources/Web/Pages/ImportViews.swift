import Mustache

// The statement import pages' view models (ImportPage.swift fills them).

/// GET /import: the upload form and the past imports.
struct ImportIndexView: ViewModel {
    var action: String
    var fileField: FieldView
    var accountField: FieldView
    var hasAccounts: Bool
    /// Where accounts are created (the accounts pages).
    var accountsHref: String
    var errors: [ErrorLink]
    var batches: [ImportBatchRow]

    var hasErrors: Bool { !errors.isEmpty }
    var hasBatches: Bool { !batches.isEmpty }
}

/// One past import in the list.
struct ImportBatchRow: ViewModel {
    var href: String
    var number: String
    var date: String
    var account: String
    var fileName: String
    var status: String
    var summary: String
    var canUndo: Bool
    var undoAction: String
}

/// GET /import/<batch>: the preview, or what a committed import did.
struct ImportPreviewView: ViewModel {
    var number: String
    var fileName: String
    var account: String
    var format: String
    var encoding: String
    /// "This file was imported on DATE (N rows)", when its SHA-256 equals a committed batch's.
    var earlier: String?
    var counts: [ImportCount]
    /// "Statement balance: X on DATE" (OFX).
    var balance: String?
    var isPreview: Bool
    /// What a committed or undone import did.
    var outcome: String?
    var canUndo: Bool
    var undoAction: String
    var backHref: String
    // Reading again
    var rereadAction: String
    var encodingField: FieldView
    var dateOrderField: FieldView
    /// "Both day-first and month-first read every date: …"
    var dateOrderNote: String?
    var mappingFields: [FieldView]
    // Rows
    var parserErrors: [ImportErrorRow]
    var rows: [ImportPreviewRow]
    var choicesAction: String
    var commitAction: String
    var cancelAction: String
    var rowsPage: String
    var pageLabel: String
    var previousHref: String?
    var nextHref: String?
    var commitLabel: String

    var hasMapping: Bool { !mappingFields.isEmpty }
    var hasParserErrors: Bool { !parserErrors.isEmpty }
    var hasRows: Bool { !rows.isEmpty }
    var hasPages: Bool { previousHref != nil || nextHref != nil }
}

/// A status and how many rows have it.
struct ImportCount: ViewModel {
    var status: String
    var label: String
    var count: String
}

/// A row the parser could not read.
struct ImportErrorRow: ViewModel {
    var line: String
    var column: String?
    var reason: String
}

/// One staged row of the preview with its controls.
struct ImportPreviewRow: ViewModel {
    var position: Int
    var line: String
    var date: String
    var amount: String
    var isIncome: Bool
    var payee: String
    var memo: String
    var status: String
    var statusLabel: String
    var reason: String?
    /// A checkbox "import" (new, already imported, previously deleted).
    var isCheckbox: Bool
    var checked: Bool
    /// A select: link / import separately / skip, or confirm / import separately / skip.
    var isSelect: Bool
    var options: [OptionView]
    var categoryOptions: [OptionView]
    var uncategorised: Bool
    /// After the commit: what happened to the row.
    var result: String?

    var choiceName: String { "row-\(position)" }
    var categoryName: String { "cat-\(position)" }
    var hasCategory: Bool { !categoryOptions.isEmpty }
    var hasMemo: Bool { !memo.isEmpty }
}
