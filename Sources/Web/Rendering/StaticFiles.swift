import Foundation
import HTTPCore

/// The files of `Public/`, read into memory at start-up with their type and ETag.
/// Only regular files whose real path stays inside the folder are served, so no
/// path trick or symlink can reach anything else.
struct StaticFiles: Sendable {
    struct File: Sendable {
        let body: [UInt8]
        let contentType: String
        let etag: String
        let lastModified: String
    }

    private let files: [String: File]
    /// A short hash of every file, for cache-busting links (`app.css?v=…`).
    let version: String

    /// Reads every servable file under `root`; throws when the folder is missing.
    init(root: String) throws {
        let rootURL = URL(fileURLWithPath: root).resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WebSetupError.missingPublicFolder(root)
        }
        var files: [String: File] = [:]
        var combined: UInt64 = 14_695_981_039_346_656_037
        let enumerator = FileManager.default.enumerator(atPath: rootURL.path)
        while let relative = enumerator?.nextObject() as? String {
            let components = relative.split(separator: "/").map(String.init)
            guard !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            let full = rootURL.appendingPathComponent(relative)
            let resolved = full.resolvingSymlinksInPath().path
            guard StaticPath.isInside(resolved: resolved, root: rootURL.path),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let type = StaticPath.contentType(forExtension: full.pathExtension.lowercased()),
                  let data = FileManager.default.contents(atPath: resolved) else { continue }
            let body = [UInt8](data)
            let hash = Self.fnv1a(body)
            combined = (combined ^ hash) &* 1_099_511_628_211
            let modified = attributes[.modificationDate] as? Date ?? Date()
            files[components.joined(separator: "/")] = File(
                body: body, contentType: type, etag: "\"\(String(hash, radix: 16))\"",
                lastModified: HTTPDate.format(modified))
        }
        self.files = files
        self.version = String(String(combined, radix: 36).prefix(8))
    }

    /// The file at these sanitised path components, or nil.
    func file(_ components: [String]) -> File? {
        files[components.joined(separator: "/")]
    }

    /// The response for `file`: 304 when the client's copy is current, else 200.
    func response(for file: File, request: Request) -> Response {
        let headers = HTTPHeaders([
            ("Content-Type", file.contentType),
            ("ETag", file.etag),
            ("Last-Modified", file.lastModified),
            ("Cache-Control", "public, max-age=86400"),
        ])
        if let match = request.headers["If-None-Match"] {
            if match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag || $0 == "*" }) {
                return Response(status: .notModified, headers: headers)
            }
        } else if request.headers["If-Modified-Since"] == file.lastModified {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: file.body)
    }

    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash
    }
}

/// HTTP dates (RFC 9110 IMF-fixdate).
enum HTTPDate {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
