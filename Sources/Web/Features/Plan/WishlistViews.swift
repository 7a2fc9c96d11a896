import Engine
import Storage

// The wishlist's view models (WishlistPage.swift fills them).

/// GET /wishlist.
struct WishlistView: ViewModel {
    var items: [WishRow]
    var history: [WishRow]
    /// "Total of the list: 120 000 ₽", nil when the list is empty.
    var total: String?
    var newHref = WishlistRoute.new.path

    var hasItems: Bool { !items.isEmpty }
    var hasHistory: Bool { !history.isEmpty }
}

/// One item of the list or the history.
struct WishRow: ViewModel {
    var id: ID<WishItem>
    var title: String
    var price: String
    var priority: String
    /// 1 … 3.
    var priorityLevel: Int
    /// An http(s) address, shown with rel="noopener noreferrer".
    var link: String?
    /// "for «Vacation»", nil without a goal.
    var goal: String?
    /// "bought 3 Nov 2026", nil while on the list.
    var boughtOn: String?
    var affordHref: String
    var editHref: String
    var deleteHref: String
    var boughtAction: String
    var undoAction: String
}
