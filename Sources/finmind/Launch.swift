import Foundation
import Logging
import Storage
import Web

/// Start-up helpers: where data and resources live, which addresses to print, signals.
enum Launch {
    /// `$XDG_DATA_HOME/finmind`, else `~/.local/share/finmind`.
    static func dataFolder() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return (xdg as NSString).appendingPathComponent("finmind")
        }
        return (NSHomeDirectory() as NSString).appendingPathComponent(".local/share/finmind")
    }

    /// The folder `name` holding `marker`, searched upward from the executable and the
    /// working directory (so `swift run` and an installed binary both find it), then
    /// in /usr/local/share/finmind and /usr/share/finmind.
    static func find(_ name: String, containing marker: String) -> String? {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
                      URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        starts += ["/usr/local/share/finmind", "/usr/share/finmind"].map { URL(fileURLWithPath: $0) }
        for start in starts {
            var folder = start
            for _ in 0..<6 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
                    return candidate.path
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    /// True for an address only this computer can reach (127.x, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// Sets the household passcode from the first line of `path` (headless installs) and
    /// signs every device out. Throws a `ValidationError`-like message when unreadable or too short.
    static func setPasscode(fromFile path: String, database: AppDatabase, logger: Logger) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LaunchError("cannot read the passcode file \(path)")
        }
        let passcode = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        if let problem = PasscodeHasher.problem(passcode: passcode, confirmation: passcode) {
            throw LaunchError("the passcode in \(path) is refused: \(Translations(.en)[runtime: problem.rawValue])")
        }
        try database.setPasscodeHash(try PasscodeHasher().hash(passcode))
        logger.notice("household passcode set from \(path); every device signed out")
    }

    /// The PEM text of the TLS certificate and key files (both nil without TLS).
    static func readTLS(certificate: String?, key: String?) throws -> (String?, String?) {
        guard let certificate, let key else { return (nil, nil) }
        guard let certificateText = try? String(contentsOfFile: certificate, encoding: .utf8),
              certificateText.contains("-----BEGIN CERTIFICATE-----") else {
            throw LaunchError("cannot read a PEM certificate from \(certificate)")
        }
        guard let keyText = try? String(contentsOfFile: key, encoding: .utf8), keyText.contains("PRIVATE KEY-----") else {
            throw LaunchError("cannot read a PEM private key from \(key)")
        }
        return (certificateText, keyText)
    }

    static func isCivilDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard text.count == 10, parts.count == 3 else { return false }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        components.calendar = Calendar(identifier: .gregorian)
        return components.isValidDate && (1900...2199).contains(parts[0])
    }

    /// The URLs to print: the bound address, or every LAN address for a wildcard bind.
    static func urls(host: String, port: UInt16, lanAddresses: [String], tls: Bool = false) -> [String] {
        let hosts: [String]
        if isWildcard(host) {
            hosts = ["localhost"] + lanAddresses.filter { $0 != "127.0.0.1" && $0 != "::1" }
        } else {
            hosts = [host]
        }
        let scheme = tls ? "https" : "http"
        return hosts.map { $0.contains(":") ? "\(scheme)://[\($0)]:\(port)/" : "\(scheme)://\($0):\(port)/" }
    }

    /// Raises this process's open-file limit so `wanted` connections fit beside the
    /// database, logs and templates (128 descriptors kept for them); returns the connection
    /// limit that fits (lower than `wanted` when the system refuses more descriptors).
    static func connectionLimit(wanted: Int, logger: Logger) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
        let needed = rlim_t(wanted + 128)
        if limit.rlim_cur < needed {
            limit.rlim_cur = min(needed, limit.rlim_max)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        let fits = max(16, Int(min(limit.rlim_cur, needed)) - 128)
        if fits < wanted { logger.warning("only \(fits) connections fit the open-file limit (ulimit -n)") }
        return min(wanted, fits)
    }

    /// Blocks until SIGINT or SIGTERM arrives.
    static func waitForStopSignal() {
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        sources.forEach { $0.cancel() }
    }
}

/// A start-up problem, printed as is.
struct LaunchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
