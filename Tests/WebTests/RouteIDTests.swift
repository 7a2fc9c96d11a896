import Engine
import Storage
import Testing
@testable import Web

// Typed row ids in addresses (docs/ARCHITECTURE.md, "Typed row ids"): a path's digits parse
// into the id of the row kind the route names, and print back as the same digits.

@Suite("Route ids")
struct RouteIDTests {
    @Test("a typed id parses from its path's digits and prints back as them")
    func typedIDsRoundTrip() {
        #expect(Route(path: "/limits/12/edit") == .limits(.edit(ID<CategoryLimit>(12))))
        #expect(Route.limits(.delete(ID<CategoryLimit>(999_999_999_999_999))).path == "/limits/999999999999999/delete")
        #expect(Route(path: "/saving/hidden/7/reveal") == .playfulSaving(.reveal(ID<HiddenAmount>(7))))
        #expect(Route(path: "/saving/roundups/3/undo") == .playfulSaving(.roundUpsUndo(ID<RoundUpTransfer>(3))))
        #expect(Route(path: "/accounts/4") == .accounts(.account(ID<Account>(4))))
        #expect(Route(path: "/accounts/4/reconcile") == .reconcile(.reconcile(ID<Account>(4))))
        #expect(Route(path: "/wishlist/8/bought") == .wishlist(.bought(ID<WishItem>(8))))
        #expect(Route(path: "/import/21/commit") == .statements(.commit(ID<ImportBatchInfo>(21))))
        #expect(Route(path: "/challenge/items/5/delete") == .challenge(.deleteItem(ID<ChallengeItem>(5))))
        #expect(Route(path: "/challenge/categories/6/delete") == .challenge(.deleteCategory(ID<ChallengeCategory>(6))))
        #expect(Route(path: "/settings/calendar-feeds/2/revoke") == .feeds(.revoke(ID<CalendarFeed>(2))))
        #expect(Route(path: "/settings/feedback/11/retry") == .settings(.feedbackRetry(ID<StoredFeedback>(11))))
        #expect(Route(path: "/advisor/actions/13/undo") == .advisorActions(.undo(ID<AdvisorActionRecord>(13))))
        #expect(Route.accounts(.edit(ID<Account>(4))).path == "/accounts/4/edit")
        // Not an id: a sign, a leading zero, 16 digits.
        for path in ["/limits/-1/edit", "/limits/012/edit", "/limits/1234567890123456/edit"] {
            #expect(Route(path: path) == nil, "\(path)")
        }
    }

    @Test("a Budget link made from a typed id names that id's kind")
    func budgetLinksFromTypedIDs() {
        #expect(BudgetRoute.edit(ID<Goal>(12)) == .edit(.goal, 12))
        #expect(BudgetRoute.delete(ID<Debt>(4)) == .delete(.debt, 4))
        #expect(BudgetRoute.edit(ID<Entry>(9)).path == "/data/entry/9/edit")
        let rent = RecurringItem(id: 5, kind: .expense, name: "Rent", amount: Money(minorUnits: 1), periodicity: .monthly,
                                 start: Day(iso: "2026-01-01")!)
        var pay = rent
        pay.kind = .income
        #expect(BudgetRoute.edit(rent).path == "/data/expense/5/edit")
        #expect(BudgetRoute.delete(pay).path == "/data/income/5/delete")
    }
}
