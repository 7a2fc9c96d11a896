import Testing
@testable import Engine

// The find-the-difference helper of the reconcile page (docs/engine-rules.md, "Transfers
// and reconciliation").

@Suite("Reconcile: cleared balance and the difference finder")
struct ReconcileTests {
    private func item(_ id: ID<Entry>, _ signed: Int64, _ date: String = "2026-11-10", ticked: Bool = false) -> ReconcileItem {
        ReconcileItem(id: id, date: day(date), signed: money(signed), ticked: ticked)
    }

    @Test("the cleared balance adds the ticked entries only")
    func clearedBalance() {
        let items = [item(1, -1_500_00, ticked: true), item(2, 50_000_00, ticked: true), item(3, -300_00)]
        #expect(Reconcile.clearedBalance(reconciled: money(10_000_00), items: items) == money(58_500_00))
        #expect(Reconcile.clearedBalance(reconciled: money(Int64.max), items: [item(1, 1, ticked: true)]) == nil)
    }

    @Test("no hints for a difference of 0")
    func zero() {
        #expect(Reconcile.hints(difference: .zero, items: [item(1, 0)]).isEmpty)
    }

    @Test("one entry equal to the difference: an unticked one to tick, a ticked one to untick")
    func single() {
        // The bank has 120.00 more than the ticked total: the unticked +120.00 explains it.
        let items = [item(1, -45_00), item(2, 120_00), item(3, -120_00, ticked: true)]
        let hints = Reconcile.hints(difference: money(120_00), items: items)
        #expect(hints.contains(.single(2)))
        #expect(hints.contains(.single(3)), "unticking the ticked expense of 120.00 adds 120.00 too")
        #expect(!hints.contains(.single(1)))
    }

    @Test("two entries summing to the difference")
    func pair() {
        // Difference −70.00: two unticked expenses of 30.00 and 40.00.
        let items = [item(1, -30_00), item(2, -25_00), item(3, -40_00)]
        let hints = Reconcile.hints(difference: money(-70_00), items: items)
        #expect(hints.contains(.pair(1, 3)))
        #expect(!hints.contains { if case .pair(_, 2) = $0 { true } else { false } })
        // An entry is never paired with itself.
        #expect(!Reconcile.hints(difference: money(-60_00), items: [item(1, -30_00)]).contains(.pair(1, 1)))
    }

    @Test("a sign error: an amount × 2 equals the difference")
    func signError() {
        // A refund of 250.00 recorded (and ticked) as an expense: the cleared total is 500.00 low.
        let items = [item(1, -250_00, ticked: true), item(2, -100_00)]
        let hints = Reconcile.hints(difference: money(500_00), items: items)
        #expect(hints.contains(.signError(1)))
        #expect(!hints.contains(.signError(2)))
    }

    @Test("a difference divisible by 9 suggests transposed digits")
    func transposed() {
        // 540.00 typed as 450.00: the difference is 90.00 = 9000 minor units = 9 × 1000.
        #expect(Reconcile.hints(difference: money(90_00), items: []) == [.transposedDigits])
        #expect(Reconcile.hints(difference: money(-90_00), items: []) == [.transposedDigits])
        #expect(Reconcile.hints(difference: money(91_00), items: []) == [])
    }

    @Test("duplicate pairs: one day, one amount")
    func duplicates() {
        let items = [item(1, -60_00, "2026-11-03"), item(2, -60_00, "2026-11-03"), item(3, -60_00, "2026-11-04"),
                     item(4, 60_00, "2026-11-03")]
        let hints = Reconcile.hints(difference: money(1_00), items: items)
        #expect(hints == [.duplicate(1, 2)])
    }

    @Test("hints come in order and at most five of a kind")
    func orderAndLimit() {
        let items = (1...20).map { item(ID(Int64($0)), -9_00) }
        let hints = Reconcile.hints(difference: money(-9_00), items: items)
        let singles = hints.filter { if case .single = $0 { true } else { false } }
        #expect(singles.count == Reconcile.hintsPerKind)
        #expect(hints.first == .single(1))
        let kinds = hints.map { hint -> Int in
            switch hint {
            case .single: 0
            case .pair: 1
            case .signError: 2
            case .transposedDigits: 3
            case .duplicate: 4
            }
        }
        #expect(kinds == kinds.sorted())
        #expect(hints.contains(.transposedDigits))
    }

    @Test("extreme amounts do not trap")
    func extremes() {
        let items = [item(1, Int64.max), item(2, Int64.min + 1), item(3, -Int64.max)]
        _ = Reconcile.hints(difference: money(Int64.min + 1), items: items)
        _ = Reconcile.hints(difference: money(Int64.max), items: items)
    }
}
