import Engine
import Foundation

// The import's match plan: what happens to each row of a statement, decided once from the rows
// and what the household already holds. Pure and deterministic: the preview shows this plan,
// and the commit recomputes it and refuses when it differs. Rules and worked examples:
// docs/engine-rules.md, "Bank statements: matching and de-duplication".

// MARK: - Keys

/// The de-duplication keys of a statement row, computed from the bank's raw text before any
/// rule or category of ours, so changing those later never creates duplicates.
public enum ImportKeys {
    /// The row's fingerprint: `date|amount|norm(payee + " " + memo)` (the account is the key's
    /// own column). Two rows with equal fingerprints are the same purchase as far as the bank's
    /// text tells; the k-th of them in a file is occurrence k.
    public static func fingerprint(_ row: StatementRow) -> String {
        fingerprint(row, text: normalised(row.payee + " " + row.memo))
    }

    /// The fingerprint of `row` whose normalised payee and memo are `text`.
    static func fingerprint(_ row: StatementRow, text: String) -> String {
        row.date.iso + "|" + String(row.amount) + "|" + text
    }

    /// The bank's own id scoped by the bank account it came from (OFX ACCTID), if the row has one.
    public static func external(_ row: StatementRow, bankAccountID: String?) -> String? {
        guard let id = row.externalID, !id.isEmpty else { return nil }
        return (bankAccountID ?? "") + ":" + id
    }

    /// `text` compared as a person would: NFKC, case-folded, ё → е, whitespace collapsed to one
    /// space, trimmed. Digits and punctuation are kept.
    public static func normalised(_ text: String) -> String {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased().replacingOccurrences(of: "ё", with: "е")
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.value < 0x20 {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" "); pendingSpace = false }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

// MARK: - Inputs

/// One stored key of a row imported earlier: the import it came from and, when the user
/// deleted that entry since, when.
public struct StoredKey: Equatable, Sendable {
    public var amount: Int64
    public var batchID: Int64
    /// The row had a bank id (its fingerprint key then does not count against rows without one).
    public var hadExternalID: Bool
    /// When the entry it made was deleted (a tombstone), if it was.
    public var deletedOn: String?

    public init(amount: Int64, batchID: Int64, hadExternalID: Bool = false, deletedOn: String? = nil) {
        self.amount = amount; self.batchID = batchID; self.hadExternalID = hadExternalID; self.deletedOn = deletedOn
    }
}

/// An entry the user typed (actual or planned) that a bank row may be: same account or none.
public struct TypedCandidate: Equatable, Sendable {
    public var entryID: ID<Entry>
    public var date: Day
    /// Signed minor units: positive income, negative expense.
    public var amount: Int64
    public var name: String
    public var isActual: Bool

    public init(entryID: ID<Entry>, date: Day, amount: Int64, name: String, isActual: Bool) {
        self.entryID = entryID; self.date = date; self.amount = amount; self.name = name; self.isActual = isActual
    }
}

/// An unconfirmed planned occurrence of a recurring item or debt payment.
public struct PlannedCandidate: Equatable, Sendable {
    /// "r<id>" for a recurring item, "d<id>" for a debt.
    public var source: String
    public var date: Day
    /// Signed minor units: positive income, negative expense.
    public var amount: Int64
    public var name: String
    /// How many days off the bank's date may be (monthly ±3, weekly ±1, …).
    public var toleranceDays: Int

    public init(source: String, date: Day, amount: Int64, name: String, toleranceDays: Int) {
        self.source = source; self.date = date; self.amount = amount; self.name = name; self.toleranceDays = toleranceDays
    }

    /// The date tolerance of a periodicity (research §(b)): weekly ±1, biweekly ±2, monthly ±3,
    /// quarterly ±5, yearly ±7 days.
    public static func toleranceDays(_ periodicity: Periodicity) -> Int { periodicity.matchToleranceDays }
}

/// Everything the plan is decided from.
public struct MatchInput: Sendable {
    public var rows: [StatementRow]
    public var errors: [RowError]
    public var bankAccountID: String?
    public var today: Day
    /// Stored bank-id keys of the account, by `ImportKeys.external` key, oldest first.
    public var externalKeys: [String: [StoredKey]]
    /// Stored fingerprint keys of the account, by `ImportKeys.fingerprint`, oldest first.
    public var fingerprintKeys: [String: [StoredKey]]
    public var typed: [TypedCandidate]
    public var planned: [PlannedCandidate]

    public init(rows: [StatementRow], errors: [RowError] = [], bankAccountID: String? = nil, today: Day,
                externalKeys: [String: [StoredKey]] = [:], fingerprintKeys: [String: [StoredKey]] = [:],
                typed: [TypedCandidate] = [], planned: [PlannedCandidate] = []) {
        self.rows = rows; self.errors = errors; self.bankAccountID = bankAccountID; self.today = today
        self.externalKeys = externalKeys; self.fingerprintKeys = fingerprintKeys; self.typed = typed; self.planned = planned
    }
}

// MARK: - Decisions

/// What the plan says about a row.
public enum RowStatus: String, Sendable, Codable, CaseIterable {
    /// Not seen before: imported (checked).
    case new
    /// New, but its bank id was used before with another amount (flagged; checked).
    case reusedID = "reused"
    /// Already imported (same bank id and amount, or occurrence k ≤ the times seen; unchecked).
    case duplicate
    /// Imported once, and the user deleted the entry since (unchecked; can be re-imported).
    case deleted
    /// Matches an entry the user typed (default: link to it).
    case link
    /// Confirms a planned occurrence of a recurring item or debt (default: confirm as actual).
    case confirm
    /// Unreadable or outside the limits: never imported.
    case error
    /// The bank says the operation failed, was declined or reverted, or is still pending:
    /// never imported, with the bank's word as the reason.
    case skipped
}

/// The plan's decision for one row of the file (or one of the parser's errors).
public struct RowDecision: Equatable, Sendable {
    /// Index into `MatchInput.rows`; nil for an error the parser reported.
    public var rowIndex: Int?
    public var line: Int
    public var status: RowStatus
    public var fingerprint: String?
    /// Which occurrence of its fingerprint in the file this row is (1, 2, …).
    public var occurrence: Int
    public var externalKey: String?
    /// The import that holds it already (`.duplicate`).
    public var seenInBatch: Int64?
    /// When the user deleted it (`.deleted`).
    public var deletedOn: String?
    /// The typed entry it matches (`.link`).
    public var linkEntryID: ID<Entry>?
    /// The planned occurrence it confirms (`.confirm`): its source and date.
    public var confirmSource: String?
    public var confirmDate: Day?
    /// Why it is an error (the parser's words, or ours), and the column at fault.
    public var reason: String?
    public var column: String?

    init(rowIndex: Int?, line: Int, status: RowStatus) {
        self.rowIndex = rowIndex; self.line = line; self.status = status; self.occurrence = 0
    }
}

// MARK: - The plan

public enum MatchPlan {
    /// The largest amount a row may have (docs/product-rules.md, "Ground limits": 10^12 minor units).
    public static let amountLimit: Int64 = 1_000_000_000_000
    /// How far a typed entry's date may be from the bank's.
    public static let linkWindowDays = 3

    /// One decision per row of `input.rows` (in file order), then one per parser error (by line).
    /// Pass 1: bank ids; pass 2: fingerprint occurrences against the stored counts (tombstoned
    /// keys make "previously deleted"); pass 3: links to typed entries, assigned globally;
    /// pass 4: confirmations of planned occurrences, assigned globally.
    public static func make(_ input: MatchInput) -> [RowDecision] {
        var decisions: [RowDecision] = []
        decisions.reserveCapacity(input.rows.count + input.errors.count)
        // Occurrence counters per fingerprint, kept apart for rows with and without a bank id.
        var withID: [String: Int] = [:], withoutID: [String: Int] = [:]
        // Statements repeat their payees: each payee and memo is normalised once.
        var normalisedText: [String: String] = [:]
        for (index, row) in input.rows.enumerated() {
            var decision = RowDecision(rowIndex: index, line: row.line, status: .new)
            if let problem = problem(row, today: input.today) {
                decision.status = .error
                decision.reason = problem
                decisions.append(decision)
                continue
            }
            let raw = row.payee + " " + row.memo
            let text: String
            if let known = normalisedText[raw] { text = known } else { text = ImportKeys.normalised(raw); normalisedText[raw] = text }
            let fingerprint = ImportKeys.fingerprint(row, text: text)
            let external = ImportKeys.external(row, bankAccountID: input.bankAccountID)
            decision.fingerprint = fingerprint
            decision.externalKey = external
            var decided = false
            if let external, let stored = input.externalKeys[external], !stored.isEmpty {
                // Pass 1: the bank's id decides.
                let same = stored.filter { $0.amount == row.amount }
                if let live = same.first(where: { $0.deletedOn == nil }) {
                    decision.status = .duplicate; decision.seenInBatch = live.batchID
                } else if let dead = same.first {
                    decision.status = .deleted; decision.deletedOn = dead.deletedOn
                } else {
                    decision.status = .reusedID
                }
                decided = true
            }
            // Pass 2: the k-th identical row against the times it was seen. Rows with an unknown
            // bank id count only keys stored without one (a file of another format); rows without
            // an id count every key.
            let k: Int
            if external != nil {
                k = (withID[fingerprint] ?? 0) + 1; withID[fingerprint] = k
            } else {
                k = (withoutID[fingerprint] ?? 0) + 1; withoutID[fingerprint] = k
            }
            decision.occurrence = k
            if !decided, let stored = input.fingerprintKeys[fingerprint] {
                let counted = external == nil ? stored : stored.filter { !$0.hadExternalID }
                let live = counted.filter { $0.deletedOn == nil }
                let dead = counted.filter { $0.deletedOn != nil }
                if k <= live.count {
                    decision.status = .duplicate; decision.seenInBatch = live[k - 1].batchID
                } else if k <= live.count + dead.count {
                    decision.status = .deleted; decision.deletedOn = dead[k - live.count - 1].deletedOn
                }
            }
            decisions.append(decision)
        }
        linkTyped(&decisions, input)
        confirmPlanned(&decisions, input)
        for error in input.errors.sorted(by: { $0.line < $1.line }) {
            var decision = RowDecision(rowIndex: nil, line: error.line, status: error.skipped ? .skipped : .error)
            decision.reason = error.reason
            decision.column = error.column
            decisions.append(decision)
        }
        return decisions
    }

    /// Why a parsed row cannot become an entry, or nil.
    static func problem(_ row: StatementRow, today: Day) -> String? {
        if row.amount == 0 { return "the amount is zero" }
        if row.amount.magnitude > UInt64(amountLimit) { return "the amount is beyond 10 000 000 000.00" }
        if row.date > today { return "dated after today (\(today.iso))" }
        if row.date.year < 1900 { return "dated before 1900" }
        return nil
    }

    /// Pass 3: each new row to at most one typed entry with exactly its amount within ±3 days,
    /// each entry to at most one row; pairs taken in order of date distance, then payee
    /// similarity (token Jaccard ≥ 0.5 first), actual before planned, older entry, earlier row.
    private static func linkTyped(_ decisions: inout [RowDecision], _ input: MatchInput) {
        guard !input.typed.isEmpty else { return }
        let byAmount = Dictionary(grouping: input.typed.indices, by: { input.typed[$0].amount })
        struct Pair { var distance: Int; var similar: Bool; var planned: Bool; var entryID: ID<Entry>; var decision: Int; var candidate: Int }
        var pairs: [Pair] = []
        var tokens: [Int: Set<String>] = [:]
        for (position, decision) in decisions.enumerated() where decision.status == .new || decision.status == .reusedID {
            guard let index = decision.rowIndex else { continue }
            let row = input.rows[index]
            for candidateIndex in byAmount[row.amount] ?? [] {
                let candidate = input.typed[candidateIndex]
                let distance = abs(row.date.days(to: candidate.date))
                guard distance <= linkWindowDays else { continue }
                let rowTokens = tokenSet(row.payee + " " + row.memo)
                let entryTokens = tokens[candidateIndex] ?? tokenSet(candidate.name)
                tokens[candidateIndex] = entryTokens
                pairs.append(Pair(distance: distance, similar: similar(rowTokens, entryTokens), planned: !candidate.isActual,
                                  entryID: candidate.entryID, decision: position, candidate: candidateIndex))
            }
        }
        pairs.sort {
            if $0.distance != $1.distance { return $0.distance < $1.distance }
            if $0.similar != $1.similar { return $0.similar }
            if $0.planned != $1.planned { return !$0.planned }
            if $0.entryID != $1.entryID { return $0.entryID < $1.entryID }
            return $0.decision < $1.decision
        }
        var takenRows = Set<Int>(), takenEntries = Set<Int>()
        for pair in pairs where !takenRows.contains(pair.decision) && !takenEntries.contains(pair.candidate) {
            takenRows.insert(pair.decision); takenEntries.insert(pair.candidate)
            decisions[pair.decision].status = .link
            decisions[pair.decision].linkEntryID = pair.entryID
        }
    }

    /// Pass 4: each remaining new row to at most one unconfirmed planned occurrence of the same
    /// direction, amount within 10 % and date within its periodicity's tolerance; pairs taken in
    /// order of date distance, then amount difference, then the occurrence's date and source.
    private static func confirmPlanned(_ decisions: inout [RowDecision], _ input: MatchInput) {
        guard !input.planned.isEmpty else { return }
        struct Pair { var distance: Int; var difference: UInt64; var decision: Int; var candidate: Int }
        let byDate = Dictionary(grouping: input.planned.indices, by: { input.planned[$0].date })
        let widest = input.planned.map(\.toleranceDays).max() ?? 0
        var pairs: [Pair] = []
        for (position, decision) in decisions.enumerated() where decision.status == .new || decision.status == .reusedID {
            guard let index = decision.rowIndex else { continue }
            let row = input.rows[index]
            for offset in -widest...widest {
                for candidateIndex in byDate[row.date.adding(days: offset)] ?? [] {
                    let candidate = input.planned[candidateIndex]
                    guard abs(offset) <= candidate.toleranceDays, (candidate.amount > 0) == (row.amount > 0) else { continue }
                    let difference = (row.amount - candidate.amount).magnitude
                    guard difference * 10 <= candidate.amount.magnitude else { continue }
                    pairs.append(Pair(distance: abs(offset), difference: difference, decision: position, candidate: candidateIndex))
                }
            }
        }
        pairs.sort {
            if $0.distance != $1.distance { return $0.distance < $1.distance }
            if $0.difference != $1.difference { return $0.difference < $1.difference }
            if $0.decision != $1.decision { return $0.decision < $1.decision }
            let a = input.planned[$0.candidate], b = input.planned[$1.candidate]
            return a.date != b.date ? a.date < b.date : a.source < b.source
        }
        var takenRows = Set<Int>(), takenCandidates = Set<Int>()
        for pair in pairs where !takenRows.contains(pair.decision) && !takenCandidates.contains(pair.candidate) {
            takenRows.insert(pair.decision); takenCandidates.insert(pair.candidate)
            decisions[pair.decision].status = .confirm
            decisions[pair.decision].confirmSource = input.planned[pair.candidate].source
            decisions[pair.decision].confirmDate = input.planned[pair.candidate].date
        }
    }

    /// The words of `text`, normalised, split at anything that is not a letter or digit.
    static func tokenSet(_ text: String) -> Set<String> {
        Set(ImportKeys.normalised(text).split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    /// True when the token Jaccard index of `a` and `b` is at least 0.5 (in integers).
    static func similar(_ a: Set<String>, _ b: Set<String>) -> Bool {
        let union = a.union(b).count
        return union > 0 && 2 * a.intersection(b).count >= union
    }
}
