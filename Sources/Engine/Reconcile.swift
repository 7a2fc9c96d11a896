// Reconciling an account with a bank statement: the difference between the
// statement's balance and the cleared balance, and where it may come from.

/// One actual entry of an account as the reconcile page lists it: its signed amount
/// (income +, expense −) and whether it is ticked as cleared.
public struct ReconcileItem: Sendable, Equatable {
    public var id: ID<Entry>
    public var date: Day
    /// Income positive, expense negative.
    public var signed: Money
    public var ticked: Bool

    public init(id: ID<Entry>, date: Day, signed: Money, ticked: Bool) {
        self.id = id
        self.date = date
        self.signed = signed
        self.ticked = ticked
    }

    /// What ticking (or unticking, when ticked) this entry would change the cleared total by.
    var toggleEffect: Int64 { ticked ? -signed.minorUnits : signed.minorUnits }
}

/// A place the difference may come from, in the order the page lists them.
public enum DifferenceHint: Sendable, Equatable {
    /// Ticking (or unticking) this one entry makes the difference 0.
    case single(ID<Entry>)
    /// Ticking (or unticking) these two entries together makes the difference 0.
    case pair(ID<Entry>, ID<Entry>)
    /// This entry's amount × 2 equals the difference: it may be recorded with the wrong sign
    /// (an income typed as an expense, or the other way round).
    case signError(ID<Entry>)
    /// The difference divides by 9: two digits of an amount may be swapped (54 typed as 45).
    case transposedDigits
    /// Two entries on one day with one amount: one of them may be a duplicate.
    case duplicate(ID<Entry>, ID<Entry>)
}

public enum Reconcile {
    /// How many candidates of each kind `hints` returns at most.
    public static let hintsPerKind = 5

    /// The cleared balance: `reconciled` (the opening balance plus every entry already
    /// reconciled, up to the statement date) plus the signed amounts of the ticked `items`.
    /// Nil on overflow (beyond any real balance).
    public static func clearedBalance(reconciled: Money, items: [ReconcileItem]) -> Money? {
        var total = reconciled.minorUnits
        for item in items where item.ticked {
            let (sum, overflow) = total.addingReportingOverflow(item.signed.minorUnits)
            if overflow { return nil }
            total = sum
        }
        return Money(minorUnits: total)
    }

    /// Where `difference` (the statement balance − the cleared balance) may come from,
    /// among the listed `items`, in this order: one entry equal to it, two summing to it
    /// (in both, ticking an unticked entry adds its amount, unticking a ticked one removes
    /// it), an entry whose amount × 2 equals it in size (a sign error), the difference
    /// divisible by 9 (transposed digits), duplicate pairs (same day, same signed amount).
    /// At most `hintsPerKind` of each kind; nothing for a difference of 0. Pure and linear
    /// in the number of items (a hash of the effects, not a search of every pair).
    public static func hints(difference: Money, items: [ReconcileItem]) -> [DifferenceHint] {
        let d = difference.minorUnits
        guard d != 0 else { return [] }
        var hints: [DifferenceHint] = []

        // One entry.
        var singles = 0
        for item in items where item.toggleEffect == d && singles < hintsPerKind {
            hints.append(.single(item.id))
            singles += 1
        }

        // Two entries: for each item, an earlier one whose effect is the rest.
        var pairs = 0
        var seen: [Int64: ID<Entry>] = [:]  // effect → the first item's id with it
        for item in items where pairs < hintsPerKind {
            let (rest, overflow) = d.subtractingReportingOverflow(item.toggleEffect)
            if !overflow, let other = seen[rest] {
                hints.append(.pair(other, item.id))
                pairs += 1
            }
            if seen[item.toggleEffect] == nil { seen[item.toggleEffect] = item.id }
        }

        // A sign error: twice the amount.
        var signErrors = 0
        let size = d.magnitude
        for item in items where signErrors < hintsPerKind {
            let (twice, overflow) = item.signed.minorUnits.magnitude.multipliedReportingOverflow(by: 2)
            if !overflow, twice == size {
                hints.append(.signError(item.id))
                signErrors += 1
            }
        }

        // Transposed digits.
        if d % 9 == 0 { hints.append(.transposedDigits) }

        // Duplicates: same day, same signed amount.
        var duplicates = 0
        var firstOf: [String: ID<Entry>] = [:]
        for item in items where duplicates < hintsPerKind {
            let key = "\(item.date.iso) \(item.signed.minorUnits)"
            if let first = firstOf[key] {
                hints.append(.duplicate(first, item.id))
                duplicates += 1
            } else {
                firstOf[key] = item.id
            }
        }
        return hints
    }
}
