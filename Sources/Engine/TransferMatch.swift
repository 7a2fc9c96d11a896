// Transfers recognised among real entries (SPEC §11 "Transfers"; docs/engine-rules.md, "One money
// model"): an outflow from one own account and an equal inflow to another within 3 days, both
// unlinked, are one transfer the household is offered to link — a card repayment imported from
// the checking statement ("VISA CARD PAYMENT −500") and from the card's ("PAYMENT THANK YOU +500").

/// An actual entry in an account that is linked to nothing (no transfer, no confirmed occurrence).
public struct TransferCandidate: Sendable, Hashable {
    public var id: ID<Entry>
    /// The account's id (storage's `ID<Account>`, as a number here).
    public var accountID: Int64
    public var date: Day
    public var kind: FlowKind
    public var amount: Money
    public var name: String

    /// Creates a candidate.
    public init(id: ID<Entry>, accountID: Int64, date: Day, kind: FlowKind, amount: Money, name: String) {
        self.id = id; self.accountID = accountID; self.date = date; self.kind = kind; self.amount = amount; self.name = name
    }
}

/// A proposed transfer: the outflow (an expense) and the inflow (an income) it would link.
public struct ProposedTransfer: Sendable, Hashable {
    public var outflow: TransferCandidate
    public var inflow: TransferCandidate
}

/// The days an inflow may be off its outflow and still be the same transfer.
public let transferWindowDays = 3

/// The transfers among `candidates`: each pair of an expense in one account and an income of
/// exactly the same amount in another, dated at most 3 days apart; every entry in at most one
/// pair. Pairs are taken nearest in date first, then by the outflow's date and id, then the
/// inflow's id — so the result does not depend on the order of `candidates`. A fee or an FX
/// difference makes the two amounts differ: no proposal (link them by hand with the transfer form).
public func proposedTransfers(_ candidates: [TransferCandidate]) -> [ProposedTransfer] {
    let inflows = Dictionary(grouping: candidates.filter { $0.kind == .income }, by: \.amount)
    var pairs: [(distance: Int, outflow: TransferCandidate, inflow: TransferCandidate)] = []
    for outflow in candidates where outflow.kind == .expense {
        for inflow in inflows[outflow.amount] ?? [] where inflow.accountID != outflow.accountID {
            let distance = abs(outflow.date.days(to: inflow.date))
            if distance <= transferWindowDays { pairs.append((distance, outflow, inflow)) }
        }
    }
    pairs.sort {
        ($0.distance, $0.outflow.date, $0.outflow.id, $0.inflow.id) < ($1.distance, $1.outflow.date, $1.outflow.id, $1.inflow.id)
    }
    var used = Set<ID<Entry>>()
    var result: [ProposedTransfer] = []
    for pair in pairs where !used.contains(pair.outflow.id) && !used.contains(pair.inflow.id) {
        used.insert(pair.outflow.id); used.insert(pair.inflow.id)
        result.append(ProposedTransfer(outflow: pair.outflow, inflow: pair.inflow))
    }
    return result.sorted { ($0.outflow.date, $0.outflow.id) < ($1.outflow.date, $1.outflow.id) }
}
