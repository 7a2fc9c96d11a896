import ArgumentParser
import Foundation
import Storage
import Web

// The data commands: `finmind backup --to FILE`, `finmind restore FILE`,
// `finmind check`. Each works on the database in the data folder (or --db) without serving.

/// `--db`, which the server and every data command take.
struct DatabaseFileOption: ParsableArguments {
    @Option(help: "Database file (default: finmind.sqlite in the data folder).")
    var db: String?

    /// The database path: --db, else finmind.sqlite in the data folder.
    var path: String { db ?? (Launch.dataFolder() as NSString).appendingPathComponent("finmind.sqlite") }
}

/// Prints `text` to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// `finmind backup --to FILE`: a checked copy of the database, made read-only (a running
/// server goes on serving).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Write a checked copy of the database to a file (safe while FinMind runs).")

    @Option(help: "The file to write (must not exist yet).")
    var to: String

    @OptionGroup var databaseFile: DatabaseFileOption

    func run() throws {
        umask(0o077)
        let source = databaseFile.path
        guard !FileManager.default.fileExists(atPath: to) else {
            printError("finmind backup: \(to) exists already; choose a new file name")
            throw ExitCode(2)
        }
        do {
            try AppDatabase.backUp(databaseAt: source, to: to)
        } catch {
            printError("finmind backup: failed: \(error)")
            throw ExitCode(1)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: to)[.size] as? NSNumber)?.int64Value ?? 0
        print("Backed up \(source) to \(to) (\(size) bytes, integrity check ok).")
    }
}

/// `finmind restore FILE`: replaces the database with a backup. Refused while a FinMind
/// server has the same database open (restore from Settings → Your data then); the current
/// state is backed up into backups/ first, and a broken or newer file changes nothing.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup file (the current state is backed up first).")

    @Argument(help: "The backup file to restore.")
    var file: String

    @OptionGroup var databaseFile: DatabaseFileOption

    func run() throws {
        umask(0o077)
        let path = databaseFile.path
        guard FileManager.default.fileExists(atPath: file) else {
            printError("finmind restore: no such file: \(file)")
            throw ExitCode(2)
        }
        // Held until the process exits (closing it early would drop SQLite's own locks).
        if FileManager.default.fileExists(atPath: path), !ServerLock.tryExclusive(path) {
            printError("finmind restore: FinMind is running on \(path); stop it first, or restore from Settings → Your data")
            throw ExitCode(1)
        }
        do {
            let database = try AppDatabase(path: path)
            try database.restore(from: file, keepingSettings: EndpointRules.importKeepsSettings)
        } catch {
            printError("finmind restore: refused, nothing changed: \(error)")
            throw ExitCode(1)
        }
        print("Restored \(path) from \(file); the previous state is in \(BackupFolder(databasePath: path).directory).")
    }
}

/// `finmind check`: integrity, foreign keys and migration state of the database, read-only.
/// Exit status 0 when healthy, 1 when a problem was found, 2 for a usage error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check the database (integrity, foreign keys, migrations); exit 0 ok, 1 problems.")

    @OptionGroup var databaseFile: DatabaseFileOption

    func run() throws {
        let path = databaseFile.path
        let check: DatabaseCheck
        do {
            check = try AppDatabase.check(databaseAt: path)
        } catch {
            print("PROBLEM: cannot check \(path): \(error)")
            throw ExitCode(1)
        }
        print("Database: \(path)")
        print("Integrity and foreign keys: \(check.problems.isEmpty ? "ok" : "\(check.problems.count) problem(s)")")
        for problem in check.problems { print("  - \(problem)") }
        print("Migrations: \(check.applied.count) applied, \(check.pending.count) to run at the next start")
        for name in check.pending { print("  - to run: \(name)") }
        if !check.unknown.isEmpty {
            print("  - from a newer FinMind: \(check.unknown.joined(separator: ", "))")
        }
        if check.userVersion > AppDatabase.userVersion { print("  - user_version \(check.userVersion) is newer than this FinMind's") }
        if check.isHealthy {
            print("OK: the database is healthy.")
        } else {
            print("PROBLEM: see above. Restore a backup (finmind restore FILE) or use a newer FinMind.")
            throw ExitCode(1)
        }
    }
}

/// A `flock` on the database file that a serving FinMind holds shared for its whole life;
/// `finmind restore` needs it exclusive. (SQLite's own locks are `fcntl` locks, which
/// `flock` does not touch; the descriptor stays open until the process exits.)
enum ServerLock {
    /// Takes the shared lock for a server (never fails the start: a lock is advisory).
    static func holdShared(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_SH | LOCK_NB) }
    }

    /// True when no server holds the database; the lock is then held until exit.
    static func tryExclusive(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return true }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
