import Foundation
import Testing
@testable import Statements

// The categorisation quality set (Sources/Statements/CategorisationQuality.swift): its shape, and a
// floor on its tune part (the held-out quarter is reported by scripts/categorisation-quality and
// docs/PERFORMANCE.md, never asserted or tuned on).
@Suite("Categorisation quality")
struct CategorisationQualityTests {
    static let rows: [LabelledRow] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/labelled-bank-rows.tsv").path
        return CategorisationQuality.rows(tsv: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }()

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

    @Test("the tune part's floor: 90 % with an MCC or the bank's category, 75 % from the payee text alone")
    func tuneFloor() {
        let (scores, _) = CategorisationQuality.evaluate(Self.rows.filter { $0.split == "tune" })
        #expect((scores["tune / with MCC or bank category"]?.share ?? 0) >= 0.90)
        #expect((scores["tune / payee text only"]?.share ?? 0) >= 0.75)
    }

    @Test("a TSV line without six cells is skipped")
    func parsing() {
        let rows = CategorisationQuality.rows(tsv: "header\ntune\tru\tTANUKI\t5812\t\tfood\nbroken line\n")
        #expect(rows == [LabelledRow(split: "tune", language: "ru", payee: "TANUKI", mcc: 5812, bankCategory: nil, expected: "food")])
        #expect(CategorisationQuality.predicted(rows[0]) == "food")
    }
}
