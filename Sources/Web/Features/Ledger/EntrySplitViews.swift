/// The split form of one expense (EntrySplitPage.swift, Templates/entry-split.mustache).
struct EntrySplitView: ViewModel {
    var heading: String
    var intro: String
    var action: String
    var rows: [SplitRowView]
    /// How many rows the form shows (posted back, so "add a row" adds to it).
    var rowCount: String
    var canAddRow: Bool
    /// The message about the parts as a whole (their count, their sum).
    var partsError: String?
    var hasErrors: Bool
    var errors: [ErrorLink]
    var isSplit: Bool
    /// The stored split in words, when there is one.
    var current: String?
    /// Where the user came from ("" when from the entry's form).
    var back: String
    var cancelHref: String
}

/// One part's row: its category and its amount.
struct SplitRowView: ViewModel {
    var legend: String
    var category: FieldView
    var amount: FieldView
}
