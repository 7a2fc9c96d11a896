// How often an imported row gets the category a person would give it: a labelled set of bank
// rows (Tests/StatementsTests/Fixtures/labelled-bank-rows.tsv, made by
// scripts/make-labelled-bank-rows.py) run through `PayeeCategories.suggest` with no learned
// history, split by whether the bank said something (an MCC or its category) and by the set's
// tune and held-out parts. docs/PERFORMANCE.md, "Categorisation quality", reports it;
// `scripts/categorisation-quality` reproduces it.

/// One labelled row.
public struct LabelledRow: Equatable, Sendable {
    /// "tune" or "holdout".
    public var split: String
    public var language: String
    public var payee: String
    public var mcc: Int?
    public var bankCategory: String?
    /// The FinMind category a person files it under ("other" when none fits).
    public var expected: String
}

/// The share right, per part of the set.
public struct CategorisationScore: Equatable, Sendable {
    public var right: Int
    public var total: Int
    public var share: Double { total == 0 ? 0 : Double(right) / Double(total) }
}

public enum CategorisationQuality {
    /// The built-in categories every household has.
    public static let categories: Set<String> = ["food", "housing", "transport", "utilities", "health", "education",
                                                  "entertainment", "clothing", "subscriptions", "other"]

    /// The rows of a labelled TSV (a header line, then split, language, payee, mcc, bank category,
    /// expected); lines that do not have six cells are skipped.
    public static func rows(tsv text: String) -> [LabelledRow] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 6 else { return nil }
            return LabelledRow(split: cells[0], language: cells[1], payee: cells[2], mcc: Int(cells[3]),
                               bankCategory: cells[4].isEmpty ? nil : cells[4], expected: cells[5])
        }
    }

    /// The category the import suggests for `row` (nil, the uncategorised row, counts as "other").
    public static func predicted(_ row: LabelledRow) -> String {
        PayeeCategories.suggest(payee: row.payee, memo: "", mcc: row.mcc, bankCategory: row.bankCategory, learned: [:],
                                allowed: categories).category ?? "other"
    }

    /// Scores keyed "split / with bank data" and "split / without", and the rows got wrong.
    public static func evaluate(_ rows: [LabelledRow]) -> (scores: [String: CategorisationScore], wrong: [(LabelledRow, String)]) {
        var scores: [String: CategorisationScore] = [:]
        var wrong: [(LabelledRow, String)] = []
        for row in rows {
            let key = row.split + " / " + (row.mcc != nil || row.bankCategory != nil ? "with MCC or bank category" : "payee text only")
            let guess = predicted(row)
            scores[key, default: CategorisationScore(right: 0, total: 0)].total += 1
            if guess == row.expected { scores[key]!.right += 1 } else { wrong.append((row, guess)) }
        }
        return (scores, wrong)
    }
}
