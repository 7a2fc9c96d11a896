import Testing
@testable import Engine

// Transfers recognised among recorded entries (TransferMatch.swift).

@Suite("Transfers recognised")
struct TransferMatchTests {
    func candidate(_ id: Int64, account: Int64, _ date: String, _ kind: FlowKind, _ amount: Int64, _ name: String = "x") -> TransferCandidate {
        TransferCandidate(id: ID(id), accountID: account, date: day(date), kind: kind, amount: money(amount), name: name)
    }

    @Test("a card repayment: −500 from checking and +500 on the card a day later is one transfer")
    func cardRepayment() {
        let out = candidate(1, account: 1, "2026-11-03", .expense, 500_00, "VISA CARD PAYMENT")
        let into = candidate(2, account: 2, "2026-11-04", .income, 500_00, "PAYMENT THANK YOU")
        let coffee = candidate(3, account: 2, "2026-11-04", .expense, 4_50)
        #expect(proposedTransfers([into, coffee, out]) == [ProposedTransfer(outflow: out, inflow: into)])
    }

    @Test("not a transfer: one account, another amount (a fee), more than 3 days apart")
    func notTransfers() {
        let out = candidate(1, account: 1, "2026-11-03", .expense, 500_00)
        #expect(proposedTransfers([out, candidate(2, account: 1, "2026-11-03", .income, 500_00)]).isEmpty)
        #expect(proposedTransfers([out, candidate(2, account: 2, "2026-11-03", .income, 499_00)]).isEmpty)
        #expect(proposedTransfers([out, candidate(2, account: 2, "2026-11-07", .income, 500_00)]).isEmpty)
        #expect(proposedTransfers([out, candidate(2, account: 2, "2026-11-06", .income, 500_00)]).count == 1)
    }

    @Test("each entry in one pair at most, the nearest date first, whatever the input order")
    func nearestFirst() {
        let out1 = candidate(1, account: 1, "2026-11-01", .expense, 100_00)
        let out2 = candidate(2, account: 1, "2026-11-04", .expense, 100_00)
        let into = candidate(3, account: 2, "2026-11-04", .income, 100_00)
        let expected = [ProposedTransfer(outflow: out2, inflow: into)]
        #expect(proposedTransfers([out1, out2, into]) == expected)
        #expect(proposedTransfers([into, out2, out1]) == expected)
    }
}
