import Foundation
import Testing

// scripts/install-service: the unit it prints, checked by systemd-analyze verify
// where it exists; --uninstall removes the unit.

private func installService(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [e2eRepositoryRoot + "/scripts/install-service"] + arguments
    var base = ProcessInfo.processInfo.environment
    base.merge(environment) { $1 }
    process.environment = base
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("Install as a service")
struct InstallServiceTests {
    @Test("the user unit starts finmind with the given flags on boot, restarts on failure and logs to the journal")
    func userUnit() throws {
        let printed = try installService(["--print", "--binary", "/usr/bin/env", "--", "--host", "0.0.0.0", "--tz", "Europe/Moscow",
                                          "--allowed-host", "a \"b\" 100%"])
        #expect(printed.status == 0, "\(printed.output)")
        let unit = printed.output
        #expect(unit.contains("ExecStart=\"/usr/bin/env\" \"--host\" \"0.0.0.0\" \"--tz\" \"Europe/Moscow\" \"--allowed-host\" \"a \\\"b\\\" 100%%\"\n"))
        for line in ["Restart=on-failure", "StandardOutput=journal", "StandardError=journal", "WantedBy=default.target"] {
            #expect(unit.contains(line + "\n"), "\(line)")
        }
        #expect(!unit.contains("User="))
        let system = try installService(["--print", "--system", "--binary", "/usr/bin/env"])
        #expect(system.output.contains("WantedBy=multi-user.target\n") && system.output.contains("User="))
        #expect(try installService(["--bogus"]).status == 2)
    }

    @Test("systemd-analyze verify accepts both units (skipped where systemd-analyze is missing)")
    func verify() throws {
        let analyzer = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let analyzer else {
            print("skipped: systemd-analyze is not installed, so the unit is not verified")
            return
        }
        let folder = NSTemporaryDirectory() + "finmind-unit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for scope in [[], ["--system"]] {
            let unit = try installService(["--print", "--binary", "/usr/bin/env"] + scope + ["--", "--port", "8080"]).output
            let path = folder + "/finmind.service"
            try unit.write(toFile: path, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: analyzer)
            process.arguments = ["verify", path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && text.isEmpty, "systemd-analyze verify \(scope): \(text)")
        }
    }

    @Test("--uninstall removes the installed unit")
    func uninstall() throws {
        let folder = NSTemporaryDirectory() + "finmind-unit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/config/systemd/user", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A stand-in systemctl records its calls instead of touching the machine's systemd.
        try "#!/bin/sh\necho \"$@\" >> \(folder)/calls\n".write(toFile: folder + "/bin/systemctl", atomically: true, encoding: .utf8)
        chmod(folder + "/bin/systemctl", 0o755)
        let unit = folder + "/config/systemd/user/finmind.service"
        try "[Service]\n".write(toFile: unit, atomically: true, encoding: .utf8)
        let removed = try installService(["--uninstall"], environment: ["XDG_CONFIG_HOME": folder + "/config",
                                                                       "PATH": folder + "/bin:/usr/bin:/bin"])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(!FileManager.default.fileExists(atPath: unit))
        let calls = try String(contentsOfFile: folder + "/calls", encoding: .utf8)
        #expect(calls.contains("--user disable --now finmind.service"))
    }
}
