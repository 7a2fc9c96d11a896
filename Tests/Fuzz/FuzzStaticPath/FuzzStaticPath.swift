// libFuzzer target: static-file request paths (HTTPCore). A path that is accepted names only
// plain components under the prefix: no dot-segments, separators, escapes or control bytes.
// scripts/fuzz static-path SECONDS.
import FuzzSupport
import HTTPCore

@main enum FuzzStaticPath {
    static func main() {
        runFuzzer { data, size in
            let path = String(decoding: fuzzBytes(data, size), as: UTF8.self)
            for prefix in ["/static/", "/"] {
                guard let components = StaticPath.sanitize(path, prefix: prefix) else { continue }
                precondition(!components.isEmpty && components.count <= StaticPath.maxComponents)
                for component in components {
                    precondition(!component.isEmpty && !component.hasPrefix("."), "no dot-segments or dotfiles")
                    precondition(component.utf8.allSatisfy { byte in
                        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                            || byte == 0x2E || byte == 0x5F || byte == 0x2D
                    }, "only [A-Za-z0-9._-] in a component")
                }
                let resolved = "/srv/public/" + components.joined(separator: "/")
                precondition(StaticPath.isInside(resolved: resolved, root: "/srv/public"), "stays inside the root")
            }
            if let dot = path.lastIndex(of: ".") { _ = StaticPath.contentType(forExtension: String(path[dot...])) }
            return 0
        }
    }
}
