import Engine
import Mustache
import Storage

// The accounts pages' view models (AccountsPage.swift fills them; accounts*.mustache read them).

/// GET /accounts.
struct AccountsPageView: ViewModel {
    var open: [AccountRow] = []
    var closed: [AccountRow] = []
    var netWorth = ""
    var netWorthNote: String?
    /// "N entries have no account", nil when none.
    var unassigned: String?
    /// The ledger's entries without an account.
    var unassignedHref = AccountsRoute.entriesWithoutAccountHref
    /// The transfer form, coming back to this list.
    var transferHref = ReconcileFeature.newTransferHref(back: Route.accounts(.list).path)

    var isEmpty: Bool { open.isEmpty && closed.isEmpty }
    var hasClosed: Bool { !closed.isEmpty }
}

/// One account with its balances today.
struct AccountRow: ViewModel {
    var id: ID<Account>
    var name: String, type: String
    var balance: String, cleared: String
    var isNegative: Bool
    var spendable: Bool, closed: Bool
    var href: String, editHref: String
    /// The account's reconcile page (the list's second tap from Today).
    var reconcileHref: String { Route.reconcile(.reconcile(id)).path }
}

/// GET /accounts/<id>.
struct AccountPageView: ViewModel {
    var row: AccountRow
    var openedOn = ""
    var entries: [AccountEntryRow] = []
    /// The summary (no `all=1`): the newest entries under their days, and "Show all N entries"
    /// when it leaves entries out; nil on the full list.
    var days: [LedgerDay<AccountEntryRow>]?
    var showAllHref: String?
    var showAllLabel = ""
    /// The summary's address, on the full list.
    var summaryHref: String?
    var olderHref: String?
    var newestHref: String?
    var addEntryHref = ""
    var importHref = ""
    /// The last imported statement's closing balance beside ours on its day, when known.
    var statementNote: String?
    var statementDiffers = false
    var reconcileHref = ""

    var hasEntries: Bool { !entries.isEmpty }
}

/// One entry of an account with the balance after it.
struct AccountEntryRow: ViewModel, DatedRow {
    var date: String, dateISO: String, name: String
    var amount: String
    var isIncome: Bool
    var category: String
    var cleared: Bool
    var running: String
    var editHref: String
}

/// The account form with its close / reopen / delete actions when editing.
struct AccountFormView: ViewModel {
    var form: FormPageView
    var closeAction: String?
    var reopenAction: String?
    var deleteHref: String?
    /// "import": after the new account is added, back to /import with it chosen (the detour
    /// from the import page).
    var returnTo: String?
}

/// The Budget page's Accounts block: each open account's balance today and net worth.
struct AccountsBlockView: ViewModel {
    var rows: [AccountRow]
    var netWorth: String
}
