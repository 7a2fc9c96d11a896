import Advisor
import Engine
import Foundation
@testable import Storage
import Testing
import TestSupport
@testable import Web

/// The direct answers measured on the labelled ledger questions (scripts/advisor-corpus/ledger):
/// routing — the reading selects the same entries, measure and days as the label (or is the safe
/// to spend / goal / topic answer the label names) — and figures — the answer carries the figure
/// computed independently over the test household's list (TestSupport/AdvisorHousehold.swift).
/// Per language, on the tuning three quarters and on the held-out quarter (FNV-1a-64 ≡ 0 mod 4),
/// whose misses are not printed: they are never looked at to tune the reader.
@Suite("Advisor ledger corpus")
struct AdvisorLedgerCorpusTests {
    struct Example {
        var question: String
        var label: [String]
        var language: Language
        var heldOut: Bool { fnv1a64(question) % 4 == 0 }
    }

    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash ^= UInt64(byte); hash = hash &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The labelled lines of `ledger/<language><suffix>.txt` (a merchant's `_` is a space: "Uber_Eats").
    static func examples(_ language: Language, suffix: String = "") throws -> [Example] {
        let text = try String(contentsOfFile: repositoryRoot + "/scripts/advisor-corpus/ledger/\(language.rawValue)\(suffix).txt", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let parts = line.components(separatedBy: " | ")
            guard parts.count == 2 else { return nil }
            var label = parts[1].split(separator: " ").map(String.init)
            if label.count > 2, label[0] != "goal", label[0] != "subs" { label[2] = label[2].replacingOccurrences(of: "_", with: " ") }
            return Example(question: parts[0], label: label, language: language)
        }
    }

    /// The days a label's period names for `language` (weeks start on Sunday in English).
    static func days(_ period: String, _ language: Language) -> (String, String) {
        let today = Day(iso: AdvisorHousehold.today)!
        let weekStart = today.adding(days: -((today.weekday - (language.weekStartsMonday ? 1 : 0) + 7) % 7))
        switch period {
        case "thisMonth", "none": return (today.yearMonth.firstDay.iso, today.iso)
        case "lastMonth": return (today.yearMonth.previous.firstDay.iso, today.yearMonth.previous.lastDay.iso)
        case "thisWeek": return (weekStart.iso, today.iso)
        case "lastWeek": return (weekStart.adding(days: -7).iso, weekStart.adding(days: -1).iso)
        case "today": return (today.iso, today.iso)
        case "yesterday": return (today.adding(days: -1).iso, today.adding(days: -1).iso)
        case "sincePayday": return (AdvisorHousehold.lastPayday, today.iso)
        case let range where range.contains(".."):
            let ends = range.components(separatedBy: "..")
            return (ends[0], min(ends[1], today.iso))
        default:
            let month = YearMonth(iso: period)!
            return (month.firstDay.iso, min(month.lastDay, today).iso)
        }
    }

    struct Score {
        var total = 0, routed = 0, figures = 0, withFigure = 0
        var misses: [String] = []
        func percent(_ n: Int, _ d: Int) -> String { d == 0 ? "—" : String(format: "%.1f %%", Double(n) * 100 / Double(d)) }
    }

    static func measure(_ language: Language, heldOut: Bool) throws -> Score {
        try measure(try examples(language).filter { $0.heldOut == heldOut }, language, printMisses: !heldOut)
    }

    static func measure(_ examples: [Example], _ language: Language, printMisses: Bool) throws -> Score {
        let (app, database) = try AdvisorLedgerTests.household()
        _ = database
        let (household, plan) = try app.currentPlan()
        let display = Display(t: Translations(language), currency: .usd)
        let facts = AdvisorFacts(household: household, plan: plan, display: display, today: Day(iso: AdvisorHousehold.today)!,
                                 categoryNames: try app.categoryNames(), outlook: app.advisor.advisorOutlook(currency: .usd))
        let vocabulary = try app.advisor.ledgerVocabulary(today: facts.today)
        let safe = try #require(facts.outlook?.forecast.safeToSpend)
        let goals = ["Italy trip": Int64(3_000_00 - 1_200_00), "Ремонт": Int64(5_000_00 - 500_00)]
        var score = Score()
        for example in examples {
            score.total += 1
            let direct = try app.advisor.advisorDirectAnswer(example.question, facts: facts)
            let answer = direct?.text(limit: 700) ?? ""
            var routed = false, figure = false
            switch example.label.first {
            case "safe":
                routed = direct?.topic == "safeToSpend"
                figure = answer.contains(display.money(safe))
                score.withFigure += 1
            case "goal":
                let name = example.label.dropFirst().joined(separator: " ")
                routed = direct?.topic == "goals" && answer.contains(name)
                figure = answer.contains(display.money(Money(minorUnits: goals[name]!)))
                score.withFigure += 1
            case "subs":
                let names = Array(example.label.dropFirst())
                routed = direct?.topic == "bills" && names.allSatisfy { answer.contains($0) }
                // A subscription's yearly cost: its latest payment in the list × 12.
                figure = names.allSatisfy { name in
                    let last = AdvisorHousehold.purchases.last { $0.name == name && $0.isActual }!
                    return answer.contains(display.money(Money(minorUnits: last.amount * 12)))
                }
                score.withFigure += 1
            case "-":
                routed = direct == nil
            default:
                let label = example.label
                let (from, through) = days(label[3], language)
                // The optional parts: vs:PERIOD or vs:plan, account:NAME, kind:income.
                let extras = Dictionary(label.dropFirst(4).map { part -> (String, String) in
                    let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
                    return (pieces[0], pieces.count > 1 ? pieces[1] : "")
                }, uniquingKeysWith: { a, _ in a })
                let account = extras["account"], income = extras["kind"] == "income"
                let expected = AdvisorHousehold.figure(label[0], category: label[1] == "-" ? nil : label[1], merchant: label[2] == "-" ? nil : label[2],
                                                       from: from, through: through, account: account, income: income)
                if direct?.topic == "ledger", let query = LedgerQuestionReader.read(example.question, today: facts.today, language: language,
                                                                                     vocabulary: vocabulary) {
                    let accountName = query.account.flatMap { id in vocabulary.accounts.first { $0.id == id }?.name }
                    let got = AdvisorHousehold.figure(query.measure.rawValue, category: query.category, merchant: query.merchant,
                                                      from: query.period.from.iso, through: query.period.through.iso, account: accountName, income: query.income)
                    var compared = query.comparison == nil && extras["vs"] == nil
                    switch (query.comparison, extras["vs"]) {
                    case (.plan?, "plan"?): compared = true
                    case let (.period(before)?, period?) where period != "plan":
                        compared = (before.from.iso, before.through.iso) == days(period, language)
                    default: break
                    }
                    routed = query.measure.rawValue == label[0] && query.period.from.iso == from && query.period.through.iso == through
                        && got.value == expected.value && got.count == expected.count && compared && query.income == income && accountName == account
                }
                // A comparison's answer carries the other figure too: the period before's sum, or the limit.
                var other: Int64?
                if let vs = extras["vs"] {
                    if vs == "plan" {
                        other = AdvisorHousehold.limits.first { $0.category == label[1] }?.amount
                    } else {
                        let (a, b) = days(vs, language)
                        other = AdvisorHousehold.figure("sum", category: label[1] == "-" ? nil : label[1], merchant: label[2] == "-" ? nil : label[2],
                                                        from: a, through: b, account: account, income: income).value
                    }
                }
                if let other, !answer.contains(display.money(Money(minorUnits: other))) {
                    figure = false
                } else if expected.count == 0 {
                    figure = answer.contains(display.t.format("advisor_ledger_none", ["what": "", "period": ""]).trimmingCharacters(in: CharacterSet(charactersIn: ", :")))
                } else if label[0] == "count" {
                    figure = answer.contains(display.t.plural(income ? "advisor_ledger_payments" : "advisor_ledger_purchases", count: expected.count))
                } else {
                    figure = answer.contains(display.money(Money(minorUnits: expected.value)))
                }
                score.withFigure += 1
            }
            if routed { score.routed += 1 }
            if figure { score.figures += 1 }
            if printMisses, !(routed && (figure || example.label.first == "-")) {
                score.misses.append("\(example.question) [\(example.label.joined(separator: " "))] → \(answer.prefix(160))")
            }
        }
        return score
    }

    @Test("routing and figures per language, tuning and held-out", arguments: Language.allCases)
    func measured(language: Language) throws {
        for heldOut in [false, true] {
            let s = try Self.measure(language, heldOut: heldOut)
            print("Advisor ledger \(heldOut ? "held-out" : "tuning") (\(language.rawValue)): routing \(s.routed)/\(s.total) = \(s.percent(s.routed, s.total)), "
                  + "figures \(s.figures)/\(s.withFigure) = \(s.percent(s.figures, s.withFigure))")
            for miss in s.misses { print("  miss: \(miss)") }
            #expect(s.total > 0)
            #expect(Double(s.routed) >= Double(s.total) * (heldOut ? Self.heldOutFloor : Self.floor), "\(language) \(heldOut ? "held-out" : "tuning")")
        }
    }

    /// Phrasings written while generalising the reader (typos, terse questions, inflections, synonyms,
    /// more periods: `ledger/<language>-variants.txt`): tuned on, so every one must be read right.
    @Test("the reader's own variants are all read right", arguments: Language.allCases)
    func variants(language: Language) throws {
        let s = try Self.measure(try Self.examples(language, suffix: "-variants"), language, printMisses: true)
        print("Advisor ledger variants (\(language.rawValue)): routing \(s.routed)/\(s.total), figures \(s.figures)/\(s.withFigure)")
        for miss in s.misses { print("  miss: \(miss)") }
        #expect(s.total > 0 && s.misses.isEmpty)
    }

    /// The share below which a language's routing fails the suite (the measured figures are in docs/PERFORMANCE.md).
    static let floor = 0.8
    /// The held-out part's floor: lower, as it is never tuned on (German's 20 held-out lines, 10 of
    /// them batch 4's, read 65 %: one line is 5 points); a guard against a reader that got worse.
    static let heldOutFloor = 0.6
}
