import Engine
import Testing
@testable import Statements

/// A day from ISO text.
private func day(_ iso: String) -> Day { Day(iso: iso)! }

/// A row on `date` for `amount` minor units.
private func row(_ date: String, _ amount: Int64, _ payee: String, id: String? = nil, line: Int = 2) -> StatementRow {
    StatementRow(line: line, date: day(date), amount: amount, payee: payee, externalID: id)
}

/// A tiny in-memory "database" of stored keys, written as the commit writes them.
private struct KeyStore {
    var external: [String: [StoredKey]] = [:]
    var fingerprints: [String: [StoredKey]] = [:]
    var batch: Int64 = 0
    var entries = 0

    /// Plans `rows` and "commits" every new row; returns how many entries it added.
    mutating func importFile(_ rows: [StatementRow], today: Day = day("2026-11-21")) -> Int {
        let plan = MatchPlan.make(MatchInput(rows: rows, today: today, externalKeys: external, fingerprintKeys: fingerprints))
        batch += 1
        var added = 0
        for decision in plan where decision.status == .new || decision.status == .reusedID {
            let row = rows[decision.rowIndex!]
            let hasID = decision.externalKey != nil
            fingerprints[decision.fingerprint!, default: []].append(StoredKey(amount: row.amount, batchID: batch, hadExternalID: hasID))
            if let key = decision.externalKey { external[key, default: []].append(StoredKey(amount: row.amount, batchID: batch)) }
            added += 1
        }
        entries += added
        return added
    }
}

@Suite("Match plan")
struct MatchPlanTests {
    let today = day("2026-11-21")

    @Test("the fingerprint ignores case, ё and spacing, and keeps digits")
    func fingerprint() {
        let a = row("2026-05-05", -11070, "  ЁЛКА   Tram\t12 ")
        let b = row("2026-05-05", -11070, "елка tram 12")
        #expect(ImportKeys.fingerprint(a) == ImportKeys.fingerprint(b))
        #expect(ImportKeys.fingerprint(a) != ImportKeys.fingerprint(row("2026-05-05", -11070, "елка tram 13")))
        #expect(ImportKeys.normalised("ﬁ Ｔram") == "fi tram")
    }

    @Test("the same file imported twice adds nothing the second time")
    func sameFileTwice() {
        var store = KeyStore()
        let file = [row("2026-05-01", -5000, "Shop"), row("2026-05-02", -2500, "Cafe"), row("2026-05-03", 100000, "Salary")]
        #expect(store.importFile(file) == 3)
        #expect(store.importFile(file) == 0)
        let plan = MatchPlan.make(MatchInput(rows: file, today: today, fingerprintKeys: store.fingerprints))
        #expect(plan.allSatisfy { $0.status == .duplicate && $0.seenInBatch == 1 })
    }

    @Test("two identical fares on one day stay two, and a third later is added alone")
    func identicalFares() {
        var store = KeyStore()
        let fare = row("2026-05-05", -6500, "Tram")
        #expect(store.importFile([fare, fare]) == 2)
        #expect(store.importFile([fare, fare]) == 0)
        #expect(store.importFile([fare, fare, fare]) == 1)
    }

    @Test("a bank id reused with another amount is new and flagged; the same id and amount is a duplicate")
    func reusedBankID() {
        var store = KeyStore()
        #expect(store.importFile([row("2026-05-05", -1000, "Shop", id: "F1")]) == 1)
        let plan = MatchPlan.make(MatchInput(rows: [row("2026-05-05", -1000, "Shop", id: "F1"), row("2026-06-05", -2000, "Other", id: "F1")],
                                             today: today, externalKeys: store.external, fingerprintKeys: store.fingerprints))
        #expect(plan.map(\.status) == [.duplicate, .reusedID])
    }

    @Test("bank ids are scoped by the bank account")
    func scopedBankID() {
        let a = row("2026-05-05", -1000, "Shop", id: "F1")
        #expect(ImportKeys.external(a, bankAccountID: "111") != ImportKeys.external(a, bankAccountID: "222"))
    }

    @Test("an id-less file after a file with ids counts the same rows once; a new bank id is not hidden by an old fingerprint")
    func mixedFormats() {
        var store = KeyStore()
        #expect(store.importFile([row("2026-05-05", -6500, "Tram", id: "A"), row("2026-05-05", -6500, "Tram", id: "B")]) == 2)
        // The same two fares without ids (a CSV of the same days): nothing new.
        #expect(store.importFile([row("2026-05-05", -6500, "Tram"), row("2026-05-05", -6500, "Tram")]) == 0)
        // A third fare with its own new id: new, although its fingerprint was seen twice.
        #expect(store.importFile([row("2026-05-05", -6500, "Tram", id: "A"), row("2026-05-05", -6500, "Tram", id: "C")]) == 1)
    }

    @Test("a row whose entry the user deleted is 'previously deleted' with the date, not new and not a duplicate")
    func previouslyDeleted() {
        let fare = row("2026-05-05", -6500, "Tram")
        let key = ImportKeys.fingerprint(fare)
        let stored = [StoredKey(amount: -6500, batchID: 1), StoredKey(amount: -6500, batchID: 1, deletedOn: "2026-05-10")]
        let plan = MatchPlan.make(MatchInput(rows: [fare, fare, fare], today: today, fingerprintKeys: [key: stored]))
        #expect(plan.map(\.status) == [.duplicate, .deleted, .new])
        #expect(plan[1].deletedOn == "2026-05-10")
        let withID = MatchPlan.make(MatchInput(rows: [row("2026-05-05", -1000, "Shop", id: "X")], today: today,
                                               externalKeys: [":X": [StoredKey(amount: -1000, batchID: 3, deletedOn: "2026-06-01")]]))
        #expect(withID.map(\.status) == [.deleted])
    }

    @Test("a typed entry of the same amount within ±3 days is linked; 4 days away or another amount is not")
    func linkWindow() {
        let typed = [TypedCandidate(entryID: 7, date: day("2026-05-08"), amount: -25000, name: "Coffee", isActual: true),
                     TypedCandidate(entryID: 8, date: day("2026-05-10"), amount: -9900, name: "Lunch", isActual: true)]
        let rows = [row("2026-05-05", -25000, "COFFEE HOUSE"), row("2026-05-05", -9900, "Lunch"), row("2026-05-06", -25001, "Coffee")]
        let plan = MatchPlan.make(MatchInput(rows: rows, today: today, typed: typed))
        #expect(plan.map(\.status) == [.link, .new, .new])
        #expect(plan[0].linkEntryID == 7)
    }

    @Test("links are assigned over the whole file: the closest date wins, each entry once")
    func globalAssignment() {
        let typed = [TypedCandidate(entryID: 1, date: day("2026-05-05"), amount: -1000, name: "Bread", isActual: true),
                     TypedCandidate(entryID: 2, date: day("2026-05-07"), amount: -1000, name: "Bread", isActual: true)]
        // Row-by-row greedy would give row 0 (05-06, distance 1 to both) entry 1 and leave row 1 (05-05) with entry 2.
        let rows = [row("2026-05-06", -1000, "Bread"), row("2026-05-05", -1000, "Bread"), row("2026-05-05", -1000, "Bread")]
        let plan = MatchPlan.make(MatchInput(rows: rows, today: today, typed: typed))
        #expect(plan[1].linkEntryID == 1)
        #expect(plan[0].linkEntryID == 2)
        #expect(plan[2].status == .new)
    }

    @Test("actual entries are preferred to planned ones, and similar names at the same distance")
    func linkOrder() {
        let typed = [TypedCandidate(entryID: 1, date: day("2026-05-05"), amount: -1000, name: "Milk", isActual: false),
                     TypedCandidate(entryID: 2, date: day("2026-05-05"), amount: -1000, name: "Milk", isActual: true),
                     TypedCandidate(entryID: 3, date: day("2026-05-05"), amount: -1000, name: "Bakery shop", isActual: false)]
        let plan = MatchPlan.make(MatchInput(rows: [row("2026-05-05", -1000, "BAKERY SHOP 12")], today: today, typed: typed))
        #expect(plan[0].linkEntryID == 3)
        let plain = MatchPlan.make(MatchInput(rows: [row("2026-05-05", -1000, "Store")], today: today, typed: typed))
        #expect(plain[0].linkEntryID == 2)
    }

    @Test("a planned occurrence within 10 % and its tolerance is confirmed; beyond either it is not")
    func confirmPlanned() {
        let rent = PlannedCandidate(source: "r4", date: day("2026-05-03"), amount: -5000000, name: "Rent", toleranceDays: 3)
        let rows = [row("2026-05-05", -5400000, "Landlord"), row("2026-05-05", -6000000, "Landlord")]
        let plan = MatchPlan.make(MatchInput(rows: rows, today: today, planned: [rent]))
        #expect(plan.map(\.status) == [.confirm, .new])
        #expect(plan[0].confirmSource == "r4" && plan[0].confirmDate == day("2026-05-03"))
        let late = MatchPlan.make(MatchInput(rows: [row("2026-05-07", -5000000, "Landlord")], today: today, planned: [rent]))
        #expect(late[0].status == .new)
        let income = MatchPlan.make(MatchInput(rows: [row("2026-05-03", 5000000, "Refund")], today: today, planned: [rent]))
        #expect(income[0].status == .new)
        #expect(PlannedCandidate.toleranceDays(.weekly) == 1 && PlannedCandidate.toleranceDays(.yearly) == 7)
    }

    @Test("duplicates are never linked; errors come last with their lines")
    func errors() {
        let plan = MatchPlan.make(MatchInput(rows: [row("2026-05-05", 0, "Zero", line: 3), row("2027-01-01", -10, "Future", line: 4)],
                                             errors: [RowError(line: 9, column: "Date", reason: "not a date")], today: today))
        #expect(plan.map(\.status) == [.error, .error, .error])
        #expect(plan.map(\.line) == [3, 4, 9])
        #expect(plan[2].column == "Date")
    }

    @Test("import(f1); import(f1 ∪ f2) adds exactly the rows of f2 not in f1, counted as a multiset", arguments: 0..<40)
    func overlapProperty(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) + 1)
        let pool = (0..<6).map { index in row("2026-05-0\(1 + index % 3)", -Int64(100 * (1 + index % 2)), ["Tram", "Cafe", "Shop"][index % 3]) }
        let f1 = (0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
        let f2 = (0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
        var store = KeyStore()
        #expect(store.importFile(f1) == f1.count)
        #expect(store.importFile(f1) == 0)
        // f1 ∪ f2 as multisets: each fingerprint max(count in f1, count in f2) times, shuffled.
        var union: [StatementRow] = []
        for candidate in pool where !union.contains(candidate) {
            let count = max(f1.filter { $0 == candidate }.count, f2.filter { $0 == candidate }.count)
            union += Array(repeating: candidate, count: count)
        }
        union.shuffle(using: &random)
        let expected = pool.reduce(into: [StatementRow]()) { if !$0.contains($1) { $0.append($1) } }.reduce(0) { sum, candidate in
            sum + max(0, f2.filter { $0 == candidate }.count - f1.filter { $0 == candidate }.count)
        }
        #expect(store.importFile(union) == expected)
        #expect(store.importFile(union) == 0)
    }

    @Test("the plan is deterministic")
    func deterministic() {
        let typed = (0..<20).map { TypedCandidate(entryID: ID(Int64($0)), date: day("2026-05-0\(1 + $0 % 9)"), amount: -100, name: "x", isActual: $0 % 2 == 0) }
        let rows = (0..<30).map { row("2026-05-0\(1 + $0 % 9)", -100, "x\($0 % 4)") }
        let input = MatchInput(rows: rows, today: today, typed: typed)
        #expect(MatchPlan.make(input) == MatchPlan.make(input))
    }
}

/// A small deterministic generator (SplitMix64) so the property tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
