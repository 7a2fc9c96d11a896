import Foundation
import Mustache

/// Every template, loaded once at start-up; rendering never touches the disk.
struct Renderer: Sendable {
    /// The templates every page needs; start-up fails when one is missing.
    static let requiredTemplates = ["layout", "error", "data", "calendar", "plan", "advisor", "settings"]

    private let library: MustacheLibrary

    /// Loads `*.mustache` from `directory`; throws `WebError.missingTemplate` or a parse error.
    init(directory: String) throws {
        let library = try MustacheLibrary.load(directory: directory)
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw WebSetupError.missingTemplate(name: name, directory: directory)
        }
        self.library = library
    }

    /// Renders `view` with the template `name`; throws when the template does not exist.
    func render(_ name: String, _ view: Any) throws -> String {
        guard let text = library.render(view, withTemplate: name) else {
            throw WebSetupError.missingTemplate(name: name, directory: "")
        }
        return text
    }
}

extension MustacheLibrary {
    /// A synchronous version of the library's directory loader.
    static func load(directory: String) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }
        for file in files.sorted() {
            let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent(file), encoding: .utf8)
            try library.register(text, named: String(file.dropLast(".mustache".count)))
        }
        return library
    }
}

/// Problems that stop the app from starting.
public enum WebSetupError: Error, CustomStringConvertible {
    case missingTemplate(name: String, directory: String)
    case missingPublicFolder(String)

    public var description: String {
        switch self {
        case .missingTemplate(let name, let directory): "template \(name).mustache not found in \(directory)"
        case .missingPublicFolder(let path): "public folder not found: \(path)"
        }
    }
}
