import CQRencode
import Foundation

/// A QR code made by libqrencode, drawn as SVG on the server (the home-network page shows
/// one per address for the phone's camera).
struct QRCode: Equatable {
    /// The symbol version (1…40) libqrencode chose for the text.
    let version: Int
    /// Modules per side (17 + 4 × version).
    let size: Int
    /// Row by row, true for a dark module.
    let modules: [Bool]

    /// Modules of light margin on each side (the standard's quiet zone).
    static let quietZone = 4

    /// The code of `text` in byte mode with error correction M, the smallest version that
    /// holds it; nil when libqrencode refuses it (empty, or more than a version 40 holds).
    init?(_ text: String) {
        guard !text.isEmpty, !text.utf8.contains(0),
              let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        version = Int(code.pointee.version)
        size = width
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// How many modules are dark.
    var darkCount: Int { modules.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// True when the module at column `x`, row `y` is dark.
    func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The code as a standalone SVG document: a white square with the quiet zone and one
    /// black 1×1 square per dark module, in module units (no style attributes, so the
    /// page's Content-Security-Policy holds; colours are presentation attributes, so the
    /// code stays black on white in the dark theme too).
    var svg: String {
        let side = size + 2 * Self.quietZone
        var path = ""
        path.reserveCapacity(darkCount * 16)
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) {
                path += "M\(x + Self.quietZone) \(y + Self.quietZone)h1v1h-1z"
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(side * 8)\" height=\"\(side * 8)\""
            + " shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>"
    }

    /// The SVG as a `data:` URL for an <img> (the CSP allows `img-src data:`).
    var dataURL: String {
        "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
    }
}
