import Engine
import HTTPCore
import Storage

// Transfers recognised among the entries already recorded (SPEC §11 "Transfers"): the ledger and
// the transfer form list the proposed pairs — an outflow from one own account and an equal inflow
// to another within 3 days, both linked to nothing — with "Make transfer" for one and for all;
// the transfer form links the entries it finds instead of adding a second pair.
//   POST /transfers/link       outflow=<entry>&inflow=<entry>&back=…: links the pair (303 back)
//   POST /transfers/link-all   back=…: links every proposed pair of the last 90 days (303 back)

extension ReconcileFeature {
    /// POST /transfers/link.
    func submitLinkTransfer(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        guard let outflow: ID<Entry> = form.fields["outflow"].flatMap(Route.id),
              let inflow: ID<Entry> = form.fields["inflow"].flatMap(Route.id) else { throw AppError(.malformed) }
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.transactions(.page).path
        guard case .written(let linked) = try database.linkTransfer(outflow: outflow, inflow: inflow, formToken: token) else {
            return context.redirect(to: back, flash: nil)
        }
        return context.redirect(to: back, flash: context.t[linked ? "transfers_flash_linked" : "transfers_flash_gone"])
    }

    /// POST /transfers/link-all.
    func submitLinkAllTransfers(_ form: PostedForm, _ context: RequestContext) throws -> Response {
        let token = try Self.formToken(form)
        let back = form.fields["back"].flatMap(Self.localPath) ?? Route.transactions(.page).path
        let today = today()
        guard case .written(let count) = try database.linkProposedTransfers(from: today.adding(days: -Self.transferProposalDays),
                                                                             through: today, formToken: token) else {
            return context.redirect(to: back, flash: nil)
        }
        return context.redirect(to: back, flash: context.t.plural("transfers_flash_linked_all", count: count))
    }

    /// The proposed pair the transfer form describes (from → to, the amount, the date ± 3 days), if
    /// both of its entries are already recorded: the form links them instead of adding a second pair.
    func recordedTransfer(from: ID<Account>, to: ID<Account>, amount: Money, date: Day) throws -> ProposedTransfer? {
        let candidates = try database.transferCandidates(from: date.adding(days: -transferWindowDays), through: date.adding(days: transferWindowDays))
        return Engine.proposedTransfers(candidates).first {
            $0.outflow.accountID == from.rawValue && $0.inflow.accountID == to.rawValue && $0.outflow.amount == amount
        }
    }
}

/// The "Possible transfers" block (proposed-transfers.mustache).
struct ProposedTransfersView: ViewModel {
    var intro: String
    var back: String
    var linkAction: String
    var linkAllAction: String
    var linkAllLabel: String
    var rows: [ProposedTransferRow]
    var hasMany: Bool { rows.count > 1 }
}

/// One proposed pair: "500.00 from Checking («VISA CARD PAYMENT», 3 Nov) to Card («PAYMENT THANK YOU», 4 Nov)".
struct ProposedTransferRow: ViewModel {
    var text: String
    var outflow: String
    var inflow: String
}

extension Handler {
    /// How far back proposals are looked for.
    static var transferProposalDays: Int { 90 }

    /// The proposed pairs of the last 90 days.
    func proposedTransfers() throws -> [ProposedTransfer] {
        let today = today()
        return Engine.proposedTransfers(try database.transferCandidates(from: today.adding(days: -Self.transferProposalDays), through: today))
    }

    /// The "Possible transfers" block, nil when there is none.
    func proposedTransfersView(back: String, display: Display) throws -> ProposedTransfersView? {
        let proposals = try proposedTransfers()
        guard !proposals.isEmpty else { return nil }
        let names = Dictionary(try database.accounts().map { ($0.id.rawValue, $0.name) }, uniquingKeysWith: { a, _ in a })
        let t = display.t
        return ProposedTransfersView(
            intro: t.plural("transfers_found", count: proposals.count), back: back,
            linkAction: Route.reconcile(.linkTransfer).path, linkAllAction: Route.reconcile(.linkAllTransfers).path,
            linkAllLabel: t.plural("transfers_link_all", count: proposals.count),
            rows: proposals.map { pair in
                ProposedTransferRow(
                    text: t.format("transfers_pair", [
                        "amount": display.money(pair.outflow.amount), "from": names[pair.outflow.accountID] ?? "",
                        "to": names[pair.inflow.accountID] ?? "", "outName": pair.outflow.name, "inName": pair.inflow.name,
                        "outDate": display.day(pair.outflow.date), "inDate": display.day(pair.inflow.date)]),
                    outflow: String(pair.outflow.id), inflow: String(pair.inflow.id))
            })
    }
}
