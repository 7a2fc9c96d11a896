import Engine
import Foundation
import Testing
@testable import Web

@Suite("Links")
struct LinksTests {
    /// Every template's text, by file name.
    static func templates() throws -> [(name: String, text: String)] {
        let folder = repositoryRoot + "/Templates"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") }.sorted().map {
            ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
    }

    @Test("no template writes an address of its own: links come from Route")
    func noLiteralAddresses() throws {
        for template in try Self.templates() {
            for attribute in ["href=\"/", "action=\"/", "src=\"/"] {
                #expect(!template.text.contains(attribute), "\(template.name) has \(attribute)…")
            }
        }
    }

    @Test("every {{links.name}} a template uses is a link Route prints")
    func everyLinkNameExists() throws {
        let pattern = try NSRegularExpression(pattern: #"\{\{links\.([A-Za-z]+)\}\}"#)
        var used = 0
        for template in try Self.templates() {
            let text = template.text as NSString
            for match in pattern.matches(in: template.text, range: NSRange(location: 0, length: text.length)) {
                let name = text.substring(with: match.range(at: 1))
                used += 1
                #expect(Links.all[name] != nil, "\(template.name) uses links.\(name)")
            }
        }
        #expect(used > 50)
    }

    @Test("every link parses back to a route")
    func linksAreRoutes() {
        for (name, path) in Links.all where name != "static" && name != "explain" {
            #expect(Route(path: path) != nil, "\(name): \(path)")
        }
        // "explain" is a prefix, like "static": each figure's slug completes it.
        for figure in ExplainFigure.fixed {
            #expect(Route(path: (Links.all["explain"] ?? "") + figure.slug) == .explain(.page(figure)))
        }
    }
}
