import Mustache
import Statements

// The statement import pages' view models (ImportPage.swift fills them).

/// GET /import: the upload form and the past imports.
struct ImportIndexView: ViewModel {
    var action: String
    var fileField: FieldView
    var accountField: FieldView
    var hasAccounts: Bool
    var errors: [ErrorLink]
    var batches: [ImportBatchRow]

    /// The new-account form, coming back here with the new account chosen.
    var createAccountHref: String
    var rulesHref: String

    var hasErrors: Bool { !errors.isEmpty }
    var hasBatches: Bool { !batches.isEmpty }
}

/// The preview's row groups: its summary lines and its filters (`?show=`).
enum ImportRowGroup: String, CaseIterable {
    case all, new, duplicate, matched, skipped, error, before

    /// The statuses a group holds (nil: every status; `before` filters by date instead).
    var statuses: [RowStatus]? {
        switch self {
        case .all, .before: nil
        case .new: [.new, .reusedID]
        case .duplicate: [.duplicate, .deleted]
        case .matched: [.link, .confirm]
        case .skipped: [.skipped]
        case .error: [.error]
        }
    }

    /// The summary's lines, the total last.
    static let summaryOrder: [ImportRowGroup] = [.new, .duplicate, .matched, .skipped, .error, .all]
}

/// A line of the preview's summary.
struct ImportSummaryRow: ViewModel {
    var group: String
    var label: String
    var count: String
    var inflow: String
    var outflow: String
    var href: String
    var isTotal: Bool
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
    /// "Recognised as: T-Bank".
    var bankLayout: String?
    /// "Statement period: 1 Oct 2026 – 31 Oct 2026", from the file's preamble.
    var period: String?
    /// What decided the date order, when the dates alone did not.
    var dateOrderEvidence: String?
    /// "This file was imported on DATE (N rows)", when its SHA-256 equals a committed batch's.
    var earlier: String?
    /// New / already imported / matched / skipped / errors / all: rows, money in, money out.
    var summary: [ImportSummaryRow]
    /// "N rows are dated before the account was opened …".
    /// Rows that look like money moved from or to another own account (the ledger offers to link them after the import).
    var transfers: String?
    var beforeOpening: String?
    /// The row filters, a navigation: the group shown is `current`.
    var filters: [NavItem]
    /// "Statement balance: X on DATE" (OFX, MT940, CAMT).
    var balance: String?
    var isPreview: Bool
    /// What a committed or undone import did.
    var outcome: String?
    var canUndo: Bool
    var undoAction: String
    var backHref: String
    /// The account's ledger.
    var ledgerHref: String
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
    /// The group shown (`show`), posted back with the page so the same rows are read.
    var rowsGroup: String
    var pageLabel: String
    var previousHref: String?
    var nextHref: String?
    var commitLabel: String

    var hasMapping: Bool { !mappingFields.isEmpty }
    var hasParserErrors: Bool { !parserErrors.isEmpty }
    var hasRows: Bool { !rows.isEmpty }
    var hasPages: Bool { previousHref != nil || nextHref != nil }
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
    /// A QIF split row's parts: "split: Food ₽30.00, Household ₽12.50".
    var split: String? = nil
    var status: String
    var statusLabel: String
    /// Dated before the account was opened: flagged.
    var beforeOpening: Bool
    /// "Always…": a payee rule's form filled from this row.
    var ruleHref: String?
    var ruleLabel: String
    var reason: String?
    /// A checkbox "import" (new, already imported, previously deleted).
    var isCheckbox: Bool
    var checked: Bool
    /// A select: link / import separately / skip, or confirm / import separately / skip.
    var isSelect: Bool
    var options: [OptionView]
    var categoryOptions: [OptionView]
    var uncategorised: Bool
    /// An inflow taken for a refund: "Money back: lowers Food, not income".
    var refund: String?
    /// After the commit: what happened to the row.
    var result: String?

    var choiceName: String { "row-\(position)" }
    var categoryName: String { "cat-\(position)" }
    var hasCategory: Bool { !categoryOptions.isEmpty }
    var hasMemo: Bool { !memo.isEmpty }
}

/// GET /import/rules (and a rule's form): the payee rules.
struct PayeeRulesView: ViewModel {
    var heading: String
    var rules: [PayeeRuleRow]
    /// The form: a new rule (with `action` /import/rules) or the one being edited.
    var action: String
    var containsField: FieldView
    var nameField: FieldView
    var categoryField: FieldView
    var backField: String?
    var submitLabel: String
    var errors: [ErrorLink]
    var cancelHref: String
    var deleteAction: String?

    var hasRules: Bool { !rules.isEmpty }
    var hasErrors: Bool { !errors.isEmpty }
}

/// One payee rule in the list.
struct PayeeRuleRow: ViewModel {
    var summary: String
    var editHref: String
    var editLabel: String
}
