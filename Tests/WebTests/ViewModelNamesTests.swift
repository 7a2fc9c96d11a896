import Foundation
import Mustache
import Testing
@testable import Web

/// The page wrapper's reserved names and Mustache's context-stack lookup (Rendering/Views.swift,
/// Sources/ViewModelLookup): a template name resolves in the view model that declares it or not at
/// all — never in the page wrapper, never in an enclosing view model by accident.
@Suite("View-model names")
struct ViewModelNamesTests {
    static let reserved: Set<String> = ["layout", "t", "links", "page"]

    @Test("no view model declares a name the page wrapper reserves")
    func noViewModelDeclaresAReservedName() {
        #expect(ViewModelNames.all.count > 50)
        for (model, fields) in ViewModelNames.all {
            for field in fields { #expect(!Self.reserved.contains(field), "\(model).\(field)") }
        }
    }

    @Test("no template reads a reserved name itself (only layout.…, t.…, links.… and the layout partial)")
    func noTemplateReadsAReservedNameBare() throws {
        let folder = repositoryRoot + "/Templates"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") }
        #expect(files.count > 30)
        let tag = try NSRegularExpression(pattern: #"\{\{\{?\s*([#^/&]?)\s*([A-Za-z_][A-Za-z0-9_]*)(\.[A-Za-z0-9_.]+)?\s*\}?\}\}"#)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in tag.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 2), in: text)!])
                let dotted = match.range(at: 3).location != NSNotFound
                let closing = text[Range(match.range(at: 1), in: text)!] == "/"   // `{{/layout}}` ends `{{<layout}}`
                if closing { continue }
                #expect(!(Self.reserved.contains(name) && !dotted), "\(file): {{\(name)}}")
            }
        }
    }

    @Test("a declared name whose value is nil renders as nothing and does not climb to an enclosing context")
    func absentStopsTheLookup() throws {
        struct Row: MustacheParent {
            var category: String?
            func child(named name: String) -> Any? { name == "category" ? viewModelValue(category) : nil }
        }
        struct Outer: MustacheParent {
            var rows: [Row]
            func child(named name: String) -> Any? {
                switch name {
                case "rows": rows
                case "category": "OUTER FIELD DUMP"
                default: nil
                }
            }
        }
        let template = try MustacheTemplate(string: "{{#rows}}[{{category}}|{{#category}}yes{{/category}}{{^category}}no{{/category}}]{{/rows}}")
        let text = template.render(Outer(rows: [Row(category: nil), Row(category: "Food")]))
        #expect(text == "[|no][Food|yes]")
    }
}
