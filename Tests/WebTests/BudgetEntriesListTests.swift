import Engine
import Mustache
import Testing
@testable import Web

// The Budget page's entries list written in Swift (`entriesListHTML`, BudgetViews.swift) gives the
// text of the Mustache section it replaced, kept here as it was in budget.mustache.

private let mustacheSection = """
  <ul class="rows">
  {{#entries}}
    <li class="row">
      <div class="row-main"><a href="{{editHref}}" class="row-name">{{name}}</a><span class="row-detail"><time datetime="{{dateISO}}">{{date}}</time> · {{kind}} · {{status}}{{#account}} · {{account}}{{/account}}{{#note}} · {{note}}{{/note}}</span></div>
      <div class="row-amount num {{#isIncome}}income{{/isIncome}}{{^isIncome}}expense{{/isIncome}}">{{amount}}</div>
      <div class="row-actions"><a href="{{editHref}}">{{t.action_edit}}<span class="visually-hidden"> {{name}}</span></a> <a href="{{deleteHref}}">{{t.action_delete}}<span class="visually-hidden"> {{name}}</span></a></div>
    </li>
  {{/entries}}
  </ul>
"""

private struct ListContext: MustacheParent {
    var t: Translations
    var entries: [EntryRow]
    func child(named name: String) -> Any? {
        switch name {
        case "t": t
        case "entries": entries
        default: nil
        }
    }
}

private func row(_ k: Int, name: String, note: String?, account: String?, income: Bool) -> EntryRow {
    EntryRow(date: "November \(k), 2026 <\(k)>", dateISO: "2026-11-0\(k % 10)", name: name, amount: (income ? "+" : "−") + "$1,000.0\(k)",
             isIncome: income, kind: income ? "Income" : "Café & \"Bar\"", status: k % 2 == 0 ? "actual" : "planned", isActual: k % 2 == 0,
             note: note, editHref: "/data/entry/\(k)/edit?back=%2Fdata%3Fmonth%3D2026-11&x='\(k)'",
             deleteHref: "/data/entry/\(k)/delete?back=%2Fdata", account: account)
}

@Suite("Budget page entries list")
struct BudgetEntriesListTests {
    @Test("entriesListHTML gives the Mustache section's text", arguments: [Language.en, .ru])
    func sameAsMustache(language: Language) throws {
        let template = try MustacheTemplate(string: mustacheSection)
        let t = Translations(language)
        let names = [#"Dinner "at" Joe's"#, "Tom & Jerry <b>", "Кофе", "e\u{301}clair &\u{301}", "🍕 pizza", "", "plain"]
        let notes: [String?] = [nil, "note <1> & \"q\" 'a'", "", "x"]
        let accounts: [String?] = [nil, "Checking <main> & 'co'", "", "Visa"]
        let rows = (0..<28).map { k in
            row(k, name: names[k % names.count], note: notes[k % notes.count], account: accounts[(k / 2) % accounts.count], income: k % 3 == 0)
        }
        for list in [[], Array(rows.prefix(1)), rows] {
            // budget.mustache writes the two spaces before `{{{entriesList}}}`.
            #expect("  " + entriesListHTML(list, t: t) == template.render(ListContext(t: t, entries: list)))
        }
    }
}
