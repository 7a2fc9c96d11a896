// libFuzzer target: the quick-entry parser (plain words → drafts), both languages.
// scripts/fuzz quick SECONDS.
import Engine
import FuzzSupport
import QuickEntry

@main enum FuzzQuick {
    static func main() {
        runFuzzer { data, size in
            let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
            let today = Day(year: 2026, month: 11, day: 24)!
            for language in Language.allCases {
                let context = QuickContext(today: today, language: language, currency: .rub, accounts: ["Наличные", "Card"])
                let parse = QuickEntryParser.parse(text, context)
                precondition(parse == QuickEntryParser.parse(text, context), "parsing is deterministic")
                precondition(parse.drafts.count <= QuickEntryParser.maximumDrafts, "never more drafts than the limit")
                for draft in parse.drafts {
                    precondition((0...100).contains(draft.confidence), "confidence is a percentage")
                    precondition(draft.amount.minorUnits >= 0, "an amount is never negative; the kind carries the sign")
                    precondition(draft.account.map { (0..<2).contains($0) } ?? true, "an account is one of those given")
                    _ = draft.date.adding(days: 0)
                }
            }
            return 0
        }
    }
}
