import Foundation
import HTTPCore
import Logging

/// Log files in one folder, one per UTC day (`finmind-YYYY-MM-DD.log`); files older
/// than 30 days are deleted at start and at each rotation. A day's file stops growing at
/// `dailyLimit` bytes: one line says so and later lines of that day are dropped.
public final class LogFiles: @unchecked Sendable {
    /// The folder holding the files.
    public let directory: String
    /// The most bytes one day's file may hold.
    public let dailyLimit: Int
    private let lock = NSLock()
    private var currentDay = ""
    private var handle: FileHandle?
    private var bytesToday = 0
    static let retentionDays = 30
    /// The default daily cap: 16 MB.
    public static let defaultDailyLimit = 16 * 1024 * 1024

    /// Opens (creating) the folder and removes expired files; throws when it cannot be created.
    public init(directory: String, dailyLimit: Int = LogFiles.defaultDailyLimit) throws {
        self.directory = directory
        self.dailyLimit = dailyLimit
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
            bytesToday = Int((try? handle?.seekToEnd()) ?? 0)
            currentDay = day
            prune(now: date)
        }
        let data = Data((line + "\n").utf8)
        guard bytesToday < dailyLimit else { return }
        if bytesToday + data.count + Self.limitNoteReserve > dailyLimit {
            let note = "\(date.formatted(.iso8601)) warning finmind: the log of \(day) reached \(dailyLimit / 1024) KB; " +
                "later lines of this day are dropped\n"
            handle?.write(Data(note.utf8))
            bytesToday = dailyLimit
            return
        }
        handle?.write(data)
        bytesToday += data.count
    }

    /// Room kept under the daily cap for the line that says it was reached.
    static let limitNoteReserve = 200

    /// The last `count` lines across the newest files, oldest first, read from at most the
    /// last `maxBytes` of each file (so a huge file is never read whole).
    public func lastLines(_ count: Int, maxBytes: Int = 1024 * 1024) -> [String] {
        lock.lock(); defer { lock.unlock() }
        var lines: [String] = []
        for name in logFileNames().reversed() {
            guard let file = FileHandle(forReadingAtPath: (directory as NSString).appendingPathComponent(name)) else { continue }
            defer { try? file.close() }
            let size = (try? file.seekToEnd()) ?? 0
            let start = size > UInt64(maxBytes) ? size - UInt64(maxBytes) : 0
            try? file.seek(toOffset: start)
            guard let data = try? file.readToEnd() else { continue }
            var fileLines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
                .map(String.init)
            if start > 0 && !fileLines.isEmpty { fileLines.removeFirst() }
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
/// Control and bidi characters are escaped (a line stays one line and cannot drive the
/// terminal), a line is cut at 2 KB, and bursts of similar lines are thinned by `limiter`.
public struct FinMindLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let files: LogFiles?
    private let limiter: LogRateLimiter
    private let standardError: Bool
    /// The longest line written, in UTF-8 bytes.
    public static let lineLimit = 2048

    /// A handler for `label` that also writes to `files` when given (and to stderr unless
    /// `standardError` is false), thinning bursts with `limiter`.
    public init(label: String, files: LogFiles?, limiter: LogRateLimiter = .shared, standardError: Bool = true) {
        self.label = label
        self.files = files
        self.limiter = limiter
        self.standardError = standardError
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let now = Date()
        var message = "\(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            message += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let verdict = limiter.admit(level: event.level, message: message, now: now)
        var lines: [String] = []
        if let dropped = verdict.droppedBefore {
            lines.append("\(now.formatted(.iso8601)) notice \(label): \(dropped.count) similar lines dropped " +
                         "(\(LogSafe.clip(dropped.key, limit: 60)) …)")
        }
        if verdict.write {
            lines.append(LogSafe.clip("\(now.formatted(.iso8601)) \(event.level) \(label): \(message)", limit: Self.lineLimit))
        }
        for line in lines {
            if standardError { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            files?.append(line, at: now)
        }
    }
}

/// Thins bursts of similar log lines: lines with the same level and first three words
/// (such as "421 for Host", "failed sign-in from") are written at most `perMinute` times a
/// minute; the rest are counted, and the next line of that kind after the minute first
/// says how many were dropped.
public final class LogRateLimiter: @unchecked Sendable {
    /// The limiter every handler shares by default.
    public static let shared = LogRateLimiter()
    /// Lines of one kind written per minute.
    public let perMinute: Int
    private let lock = NSLock()
    private var kinds: [String: (windowStart: Date, written: Int, dropped: Int)] = [:]

    /// A limiter writing at most `perMinute` lines of a kind per minute.
    public init(perMinute: Int = 30) { self.perMinute = perMinute }

    /// Whether to write a line, and the count of lines of its kind dropped in the minute before.
    public func admit(level: Logger.Level, message: String, now: Date) -> (write: Bool, droppedBefore: (key: String, count: Int)?) {
        let key = "\(level) " + message.split(separator: " ", maxSplits: 3).prefix(3).joined(separator: " ")
        lock.lock(); defer { lock.unlock() }
        if kinds.count > 1_000 { kinds = kinds.filter { $0.value.dropped > 0 } }
        var kind = kinds[key] ?? (windowStart: now, written: 0, dropped: 0)
        var droppedBefore: (key: String, count: Int)?
        if now.timeIntervalSince(kind.windowStart) >= 60 {
            if kind.dropped > 0 { droppedBefore = (key, kind.dropped) }
            kind = (windowStart: now, written: 0, dropped: 0)
        }
        let write = kind.written < perMinute
        if write { kind.written += 1 } else { kind.dropped += 1 }
        kinds[key] = kind
        return (write, droppedBefore)
    }
}
