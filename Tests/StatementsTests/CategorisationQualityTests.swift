import Foundation
import Testing
@testable import Statements

// The categorisation quality sets (Sources/Statements/CategorisationQuality.swift): their shape, and
// a floor on the tune part (the held-out quarter and the local-business set are reported by
// scripts/categorisation-quality and docs/PERFORMANCE.md, never asserted or tuned on).
@Suite("Categorisation quality")
struct CategorisationQualityTests {
    /// The labelled rows of a TSV in Fixtures/.
    static func fixture(_ name: String) -> [LabelledRow] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
        return CategorisationQuality.rows(tsv: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    static let rows = fixture("labelled-bank-rows.tsv")

    @Test("the set: 500+ rows, ru and en, with and without MCC, a held-out quarter")
    func shape() {
        let rows = Self.rows
        #expect(rows.count >= 500)
        #expect(Set(rows.map(\.language)) == ["ru", "en"])
        #expect(rows.contains { $0.mcc != nil } && rows.contains { $0.mcc == nil && $0.bankCategory == nil })
        let held = rows.filter { $0.split == "holdout" }.count
        #expect(held * 5 >= rows.count && held * 3 <= rows.count, "about a quarter held out")
        #expect(Set(rows.map(\.expected)).isSubset(of: CategorisationQuality.categories))
    }

    @Test("the tune part's floor: 95 % with an MCC or the bank's category, 95 % from the payee text alone")
    func tuneFloor() {
        let (scores, _) = CategorisationQuality.evaluate(Self.rows.filter { $0.split == "tune" })
        #expect((scores["tune / with MCC or bank category"]?.share ?? 0) >= 0.95)
        #expect((scores["tune / payee text only"]?.share ?? 0) >= 0.95)
    }

    /// The small-local-business set (scripts/make-local-merchant-rows.py): held out as a whole,
    /// so only its shape is asserted; its share is reported in docs/PERFORMANCE.md.
    static let localRows = fixture("local-merchant-rows.tsv")

    @Test("the local-business set: about 200 rows of payee text alone, ru, en and de, all held out")
    func localShape() {
        let rows = Self.localRows
        #expect((150...250).contains(rows.count))
        #expect(Set(rows.map(\.language)) == ["ru", "en", "de"])
        #expect(rows.allSatisfy { $0.split == "local" && $0.mcc == nil && $0.bankCategory == nil })
        #expect(Set(rows.map(\.expected)).isSubset(of: CategorisationQuality.categories))
    }

    @Test("a TSV line without six cells is skipped")
    func parsing() {
        let rows = CategorisationQuality.rows(tsv: "header\ntune\tru\tTANUKI\t5812\t\tfood\nbroken line\n")
        #expect(rows == [LabelledRow(split: "tune", language: "ru", payee: "TANUKI", mcc: 5812, bankCategory: nil, expected: "food")])
        #expect(CategorisationQuality.predicted(rows[0]) == "food")
    }
}
