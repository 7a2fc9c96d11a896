// Which static file a request path names, refusing every path trick.

// MARK: - Static paths

/// Sanitising of static-file request paths and their content types.
public enum StaticPath {
    /// The most components a static path may have.
    public static let maxComponents = 16
    /// The most bytes one component may have.
    public static let maxComponentBytes = 255

    /// The path components after `prefix` (`/static/css/app.css` → `["css", "app.css"]`),
    /// or nil when the path must be refused.
    ///
    /// Only `[A-Za-z0-9._-]` is accepted inside a component, so percent-encoding of any
    /// kind (`%2e`, `%2f`, `%5c`, `%00`, non-UTF-8 bytes), backslashes and control
    /// characters are all refused; so are empty components (`//`, a trailing `/`),
    /// components starting with `.` (`.`, `..`, dotfiles), components over
    /// `maxComponentBytes` and more than `maxComponents` components.
    public static func sanitize(_ rawPath: String, prefix: String) -> [String]? {
        let path = Array(rawPath.utf8)
        let prefixBytes = Array(prefix.utf8)
        guard !prefixBytes.isEmpty, path.starts(with: prefixBytes), path.count > prefixBytes.count else { return nil }

        let rest = path[prefixBytes.count...]
        let components = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard components.count <= maxComponents else { return nil }
        var names: [String] = []
        for component in components {
            guard !component.isEmpty, component.count <= maxComponentBytes,
                  component.first != UInt8(ascii: "."), component.allSatisfy(isAllowed)
            else { return nil }
            names.append(String(decoding: component, as: UTF8.self))
        }
        return names
    }

    /// The Content-Type for a file extension (any case, with or without the dot), or
    /// nil for one we do not serve.
    public static func contentType(forExtension ext: String) -> String? {
        let key = ext.hasPrefix(".") ? String(ext.dropFirst()).lowercased() : ext.lowercased()
        return contentTypes[key]
    }

    /// True when the resolved absolute path `resolved` lies strictly inside the
    /// resolved absolute folder `root`.
    ///
    /// A pure, byte-wise check (no file system access, no Unicode normalisation):
    /// both paths must already have symlinks resolved. A path holding `.`/`..` or
    /// empty components, or one that is not absolute, is never inside.
    public static func isInside(resolved: String, root: String) -> Bool {
        guard isCanonicalAbsolute(resolved), isCanonicalAbsolute(root) else { return false }
        let rootBytes = Array(root.utf8)
        let folder = rootBytes.last == UInt8(ascii: "/") ? rootBytes : rootBytes + [UInt8(ascii: "/")]
        let path = Array(resolved.utf8)
        return path.count > folder.count && path.starts(with: folder)
    }

    // MARK: - Helpers

    private static let contentTypes: [String: String] = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "webp": "image/webp",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "woff2": "font/woff2",
        "txt": "text/plain; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
    ]

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// True for "/" or an absolute path with no empty, `.` or `..` components and no NUL
    /// (a trailing "/" is allowed).
    private static func isCanonicalAbsolute(_ path: String) -> Bool {
        guard path.utf8.first == UInt8(ascii: "/"), !path.utf8.contains(0) else { return false }
        var components = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if components.last?.isEmpty == true { components.removeLast() }
        return components.allSatisfy { component in
            !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
        }
    }
}
