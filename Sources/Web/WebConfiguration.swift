import Foundation

/// Everything the web layer needs to know about where it runs.
public struct WebConfiguration: Sendable {
    /// The folder of `*.mustache` templates.
    public var templatesDirectory: String
    /// The folder of static files served under `/static/`.
    public var publicDirectory: String
    /// The host names requests may carry in their Host header.
    public var allowedHosts: AllowedHosts
    /// The zone whose civil date is "today".
    public var timeZone: TimeZone
    /// A pinned "today" as YYYY-MM-DD (`--today`), or nil for the zone's current date.
    public var pinnedToday: String?
    /// The folder of rotated log files, or nil when logging only to stderr.
    public var logDirectory: String?

    /// Creates a configuration.
    public init(templatesDirectory: String, publicDirectory: String, allowedHosts: AllowedHosts = AllowedHosts(),
                timeZone: TimeZone = .current, pinnedToday: String? = nil, logDirectory: String? = nil) {
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.allowedHosts = allowedHosts
        self.timeZone = timeZone
        self.pinnedToday = pinnedToday
        self.logDirectory = logDirectory
    }
}

/// Body limits of SPEC §8, in bytes.
public enum BodyLimit {
    public static let form = 64 * 1024
    public static let avatar = 2 * 1024 * 1024
    public static let importFile = 50 * 1024 * 1024
}
