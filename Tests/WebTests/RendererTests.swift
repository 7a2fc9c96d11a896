import Foundation
import Testing
@testable import Web

@Suite("Renderer: one enum of templates, all loaded at start-up")
struct RendererTests {
    private var templateFiles: Set<String> {
        get throws {
            Set(try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Templates")
                .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) })
        }
    }

    @Test("every file in Templates/ has a case of Template and every case its file")
    func everyTemplateHasACase() throws {
        let cases = Set(Template.allCases.map(\.rawValue))
        let files = try templateFiles
        #expect(files.subtracting(cases).sorted() == [], "files without a case")
        #expect(cases.subtracting(files).sorted() == [], "cases without a file")
    }

    @Test("start-up loads every template and fails on a missing one, partials included")
    func startUpFailsOnAMissingTemplate() throws {
        _ = try Renderer(directory: repositoryRoot + "/Templates")
        for missing in [Template.field, .settingsPrivacy, .calendarDay] {
            let folder = NSTemporaryDirectory() + "finmind-templates-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for name in try templateFiles where name != missing.rawValue {
                try FileManager.default.copyItem(atPath: repositoryRoot + "/Templates/\(name).mustache",
                                                 toPath: folder + "/\(name).mustache")
            }
            #expect {
                _ = try Renderer(directory: folder)
            } throws: { error in
                guard case WebSetupError.missingTemplate(let name, _) = error else { return false }
                return name == missing.rawValue
            }
        }
    }
}
