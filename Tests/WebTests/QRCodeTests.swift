import CQRencode
import Foundation
import FoundationXML
import Testing
@testable import Web

// The QR code of the home-network address (Sources/Web/Features/Settings/QRCode.swift).

@Suite("Home network: QR code")
struct QRCodeTests {
    static let url = "http://192.168.1.20:8080/"

    @Test("a 25-byte address is a version 2 code, 25 modules a side, with the three finder patterns")
    func matrix() throws {
        let code = try #require(QRCode(Self.url))
        #expect(code.version == 2 && code.size == 25 && code.modules.count == 625)
        // Finder patterns: a dark 7×7 ring with a 3×3 core, a light separator beside it.
        for (left, top) in [(0, 0), (18, 0), (0, 18)] {
            for i in 0..<7 {
                #expect(code.isDark(x: left + i, y: top) && code.isDark(x: left + i, y: top + 6))
                #expect(code.isDark(x: left, y: top + i) && code.isDark(x: left + 6, y: top + i))
            }
            #expect(!code.isDark(x: left + 1, y: top + 1) && code.isDark(x: left + 3, y: top + 3))
        }
        #expect(!code.isDark(x: 7, y: 0) && !code.isDark(x: 0, y: 7))
        #expect(QRCode("") == nil)
    }

    @Test("the SVG is well-formed XML with one square per dark module, as libqrencode reports them")
    func svg() throws {
        let code = try #require(QRCode(Self.url))
        let raw = try #require(QRcode_encodeString8bit(Self.url, 0, QR_ECLEVEL_M))
        defer { QRcode_free(raw) }
        let width = Int(raw.pointee.width)
        let dark = (0..<width * width).filter { raw.pointee.data[$0] & 1 == 1 }.count
        #expect(Int(raw.pointee.version) == 2 && width == 25)
        #expect(code.darkCount == dark && dark > 200)

        let svg = try SVGReader(code.svg)
        #expect(svg.elements == ["svg", "rect", "path"])
        #expect(svg.attributes["svg"]?["viewBox"] == "0 0 33 33")
        #expect(!svg.attributes.values.contains { $0["style"] != nil } && !code.svg.contains("style"))
        let path = try #require(svg.attributes["path"]?["d"])
        #expect(path.components(separatedBy: "h1v1h-1z").count - 1 == dark)
        // The first dark module is the top-left corner, inside the 4-module quiet zone.
        #expect(path.hasPrefix("M4 4h1v1h-1z"))
        #expect(code.dataURL.hasPrefix("data:image/svg+xml;base64,"))
    }
}

/// Reads an XML document with Foundation's parser: its elements in order and each
/// element name's attributes; throws when the text is not well-formed XML.
final class SVGReader: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [String: [String: String]] = [:]

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(name)
        self.attributes[name] = attributes
    }
}
