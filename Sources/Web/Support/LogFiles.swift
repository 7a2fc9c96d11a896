import Foundation
import Logging

/// Log files in one folder, one per UTC day (`finmind-YYYY-MM-DD.log`); files older
/// than 30 days are deleted at start and at each rotation.
public final class LogFiles: @unchecked Sendable {
    /// The folder holding the files.
    public let directory: String
    private let lock = NSLock()
    private var currentDay = ""
    private var handle: FileHandle?
    static let retentionDays = 30

    /// Opens (creating) the folder and removes expired files; throws when it cannot be created.
    public init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        prune(now: Date())
    }

    /// Appends one line (a newline is added).
    public func append(_ line: String, at date: Date = Date()) {
        lock.lock(); defer { lock.unlock() }
        let day = Self.dayString(date)
        if day != currentDay || handle == nil {
            try? handle?.close()
            let path = file(for: day)
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            handle = FileHandle(forWritingAtPath: path)
            _ = try? handle?.seekToEnd()
            currentDay = day
            prune(now: date)
        }
        handle?.write(Data((line + "\n").utf8))
    }

    /// The last `count` lines across the newest files, oldest first.
    public func lastLines(_ count: Int) -> [String] {
        lock.lock(); defer { lock.unlock() }
        var lines: [String] = []
        for name in logFileNames().reversed() {
            guard let text = try? String(contentsOfFile: (directory as NSString).appendingPathComponent(name), encoding: .utf8)
            else { continue }
            let fileLines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            lines = fileLines + lines
            if lines.count >= count { break }
        }
        return Array(lines.suffix(count))
    }

    /// Deletes the files whose day is more than 30 days before `now`.
    func prune(now: Date) {
        let oldest = Self.dayString(now.addingTimeInterval(Double(-Self.retentionDays) * 86_400))
        for name in logFileNames() {
            let day = String(name.dropFirst("finmind-".count).prefix(10))
            if day < oldest {
                try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
            }
        }
    }

    private func logFileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("finmind-") && $0.hasSuffix(".log") }.sorted()
    }

    private func file(for day: String) -> String {
        (directory as NSString).appendingPathComponent("finmind-\(day).log")
    }

    static func dayString(_ date: Date) -> String {
        let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
    }
}

/// A swift-log handler writing one line per message to stderr and to `LogFiles`.
public struct FinMindLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let files: LogFiles?

    /// A handler for `label` that also writes to `files` when given.
    public init(label: String, files: LogFiles?) {
        self.label = label
        self.files = files
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let now = Date()
        var line = "\(now.formatted(.iso8601)) \(event.level) \(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        files?.append(line, at: now)
    }
}
