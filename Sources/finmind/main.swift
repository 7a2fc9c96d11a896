import ArgumentParser
import Foundation
import Logging
import MicroHTTPServer
import Storage
import Web
import HTTPCore

// The executable only wires: parse flags, open the database, build the app, serve.

/// `finmind`: serves FinMind on a local address.
struct FinMindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finmind",
        abstract: "A personal-finance assistant for your household, served to your browser.",
        discussion: """
            Data commands (each takes --db; see `finmind COMMAND --help`):
              finmind backup --to FILE   write a checked copy of the database
              finmind restore FILE       replace the database with a backup (the current state is backed up first)
              finmind check              integrity, foreign keys and migrations; exit 0 ok, 1 problems, 2 usage
            """)

    @Option(help: "Address to listen on: 127.0.0.1 (this computer only), 0.0.0.0 (home network) or an IP.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one and prints it.")
    var port: UInt16 = 8080

    @OptionGroup var databaseFile: DatabaseFileOption

    @Option(help: "Time zone whose date is 'today', e.g. Europe/Moscow (default: the system's).")
    var tz: String?

    @Option(help: "Pin 'today' to YYYY-MM-DD (for demos and tests).")
    var today: String?

    @Option(name: .customLong("public"), help: "Folder of static files (default: found next to the program).")
    var publicDirectory: String?

    @Option(name: .customLong("templates"), help: "Folder of templates (default: found next to the program).")
    var templatesDirectory: String?

    @Option(name: .customLong("allowed-host"), help: "Another host name this server may be reached by (repeatable).")
    var allowedHosts: [String] = []

    @Option(name: .customLong("tls-cert"), help: "PEM certificate file: serve HTTPS (with --tls-key).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key file of --tls-cert.")
    var tlsKey: String?

    @Option(name: .customLong("passcode-file"),
            help: "Set the household passcode from this file's first line (signs every device out).")
    var passcodeFile: String?

    func validate() throws {
        if let tz, TimeZone(identifier: tz) == nil { throw ValidationError("unknown time zone: \(tz)") }
        if let today, !Launch.isCivilDate(today) { throw ValidationError("--today must be a real date YYYY-MM-DD") }
        if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tlsCertificate != nil && !MicroHTTPServer.supportsTLS {
            throw ValidationError("this libmicrohttpd was built without TLS support")
        }
    }

    func run() throws {
        let dataFolder = Launch.dataFolder()
        let logs = try? LogFiles(directory: (dataFolder as NSString).appendingPathComponent("logs"))
        LoggingSystem.bootstrap { FinMindLogHandler(label: $0, files: logs) }
        let logger = Logger(label: "finmind")
        umask(0o077)

        guard let templates = templatesDirectory ?? Launch.find("Templates", containing: "layout.mustache"),
              let publicFolder = publicDirectory ?? Launch.find("Public", containing: "app.css") else {
            throw ValidationError("cannot find the Templates and Public folders; pass --templates and --public")
        }
        let databasePath = databaseFile.path
        let database: AppDatabase
        do {
            database = try AppDatabase(path: databasePath)
        } catch let error as BackupError {
            throw LaunchError("FinMind will not open \(databasePath): \(error)")
        }
        ServerLock.holdShared(databasePath)
        if let passcodeFile { try Launch.setPasscode(fromFile: passcodeFile, database: database, logger: logger) }
        let (certificate, key) = try Launch.readTLS(certificate: tlsCertificate, key: tlsKey)
        let lanAddresses = LANAddresses.current()
        let bound = Launch.isWildcard(host) ? lanAddresses : [host]
        let shared = !Launch.isLoopback(host)
        let needsPasscode = try shared && !database.hasPasscode()
        let setupCode = needsPasscode ? SetupCode.generate() : nil
        let homeNetworkServers = HomeNetworkServers()
        let configuration = WebConfiguration(
            templatesDirectory: templates, publicDirectory: publicFolder,
            allowedHosts: AllowedHosts(bound + allowedHosts),
            timeZone: tz.flatMap(TimeZone.init(identifier:)) ?? .current, pinnedToday: today,
            logDirectory: logs?.directory, passcodeRequired: shared, setupCode: setupCode,
            secureCookies: certificate != nil,
            homeNetwork: HomeNetwork(listener: homeNetworkServers, tls: certificate != nil))
        let app = try App(configuration: configuration, database: database, logger: logger)
        var serverConfiguration = ServerConfiguration(host: host, port: port, threads: ProcessInfo.processInfo.activeProcessorCount,
                                                      tlsCertificatePEM: certificate, tlsKeyPEM: key)
        serverConfiguration.connectionLimit = Launch.connectionLimit(wanted: serverConfiguration.connectionLimit, logger: logger)
        // Uploads wait in the database's folder (on disk, private to this user), not in /tmp.
        serverConfiguration.spoolDirectory = (databasePath as NSString).deletingLastPathComponent
        let server = MicroHTTPServer(configuration: serverConfiguration, handler: ServedApp(app: app), logger: logger)
        // Settings → "Open FinMind on the home network": extra listeners on the LAN addresses,
        // same port, same app; restored at start when the switch was left on.
        var lanConfiguration = serverConfiguration
        lanConfiguration.threads = 2
        homeNetworkServers.listeners = ExtraListeners(configuration: lanConfiguration, handler: ServedApp(app: app), logger: logger)
        try server.start()
        homeNetworkServers.listeners.port = server.port
        let homeNetworkURLs = app.syncHomeNetwork()

        logger.info("FinMind is running; database \(databasePath)")
        var lines = Launch.urls(host: host, port: server.port, lanAddresses: lanAddresses, tls: certificate != nil)
            .map { "Open \($0)" }
        if !homeNetworkURLs.isEmpty {
            lines += homeNetworkURLs.map { "Open \($0) (on the home network, from Settings)" }
            lines.append("Shared on the home network from Settings: devices sign in with the household passcode.")
        }
        if let setupCode {
            lines.append("""
                Warning: FinMind is reachable from your network and has no passcode yet. Nobody can use it \
                until one is set: open it on this computer, or on another device with the one-time setup code \(setupCode).
                """)
        } else if shared {
            lines.append("Shared on the network: devices sign in with the household passcode.")
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        FileHandle.standardOutput.synchronizeFile()
        Launch.waitForStopSignal()
        logger.info("stopping: letting requests in flight finish")
        homeNetworkServers.listeners.stopListening()
        homeNetworkServers.listeners.waitUntilStopped()
        server.stop()
        logger.info("stopped")
    }
}

/// The home-network switch's listeners: created once the app exists (they answer with it),
/// before anything is served.
final class HomeNetworkServers: HomeNetworkListener, @unchecked Sendable {
    var listeners: ExtraListeners!
    func startListening(on addresses: [String]) throws -> [String] { try listeners.startListening(on: addresses) }
    func stopListening() { listeners.stopListening() }
    var port: UInt16 { listeners.port }
}

/// Adapts the web app to the server's handler protocol.
struct ServedApp: HTTPHandler {
    let app: App
    func bodyLimit(method: String, path: String) -> Int { app.bodyLimit(method: method, path: path) }
    func runsLong(_ request: Request) -> Bool { app.runsLong(request) }
    func respond(to request: Request) -> Response { app.respond(to: request) }
    func tooLarge(_ request: Request) -> Response { app.tooLarge(request) }
    func refusal(beforeBody head: Request) -> Response? { app.refusal(beforeBody: head) }
    func busy(_ request: Request) -> Response { app.busy(request) }
}

// Usage errors exit with status 2 (scripts tell them from `finmind check`'s 1).
// The data commands are separate commands chosen by the first word, so their --db never
// meets the server's.
let dataCommands: [String: any ParsableCommand.Type] = [
    "backup": BackupCommand.self, "restore": RestoreCommand.self, "check": CheckCommand.self,
]
let arguments = Array(CommandLine.arguments.dropFirst())
let chosen: any ParsableCommand.Type = arguments.first.flatMap { dataCommands[$0] } ?? FinMindCommand.self
do {
    var command = try chosen.parseAsRoot(chosen == FinMindCommand.self ? arguments : Array(arguments.dropFirst()))
    try command.run()
} catch {
    if chosen.exitCode(for: error) == .validationFailure {
        printError(chosen.fullMessage(for: error))
        exit(2)
    }
    chosen.exit(withError: error)
}
