import Engine
import Mustache

// The reconcile page's and the transfer form's view models (ReconcilePage.swift fills them).

struct ReconcilePageView: ViewModel {
    let words: Translations
    var heading = ""
    var action = ""
    var fields: [FieldView] = []
    var hasErrors = false
    /// "The last statement (date) says amount", when the account has one.
    var statementNote: String?
    var entries: [ReconcileRow] = []
    var clearedTotal = "", statementBalance = "", difference = ""
    var isBalanced = false
    /// The difference in minor units, posted with "Add adjustment" so that exactly what the
    /// button said is written.
    var adjustment: String?
    var adjustLabel: String?
    /// A warning when the difference is over 10 % of the balance.
    var largeDifference: String?
    var hints: [String] = []
    var transferHref = ""

    var errors: [ErrorLink] { ErrorLink.summary(fields) }
    var hasEntries: Bool { !entries.isEmpty }
    var hasHints: Bool { !hints.isEmpty }
}

/// One entry to tick.
struct ReconcileRow: ViewModel {
    var id: String
    var date: String, dateISO: String
    var name: String
    var amount: String
    var isIncome: Bool
    var ticked: Bool
}

/// The transfer form (or, with fewer than two open accounts, a note instead).
struct TransferPageView: ViewModel {
    var heading: String
    var intro: String
    var action: String
    var canTransfer: Bool
    /// Where the form returns after the transfer (a local path), carried as a hidden field; nil: the month's entries.
    var back: String?
    var cancelHref: String
    var fields: [FieldView]
    var hasErrors: Bool
    /// Pairs already recorded that look like transfers: link them instead of adding new entries.
    var transfersFound: ProposedTransfersView?

    var errors: [ErrorLink] { ErrorLink.summary(fields) }
}

/// One transfer on the Budget page.
struct TransferRow: ViewModel {
    var name: String
    var date: String, dateISO: String
    var amount: String
    var note: String?
    var deleteHref: String
}
