// libFuzzer target: the export document a household imports back (Web's strict JSON reader
// and the document's shape checks). scripts/fuzz export SECONDS.
import FuzzSupport
@testable import Web

@main enum FuzzExport {
    static func main() {
        runFuzzer { data, size in
            let bytes = fuzzBytes(data, size)
            let first = Result { () throws(ExportDocument.Problem) in try ExportDocument.tables(from: bytes) }
            let second = Result { () throws(ExportDocument.Problem) in try ExportDocument.tables(from: bytes) }
            switch (first, second) {
            case (.success, .success): break
            case (.failure(let a), .failure(let b)): precondition(a == b, "the same problem each time")
            default: preconditionFailure("reading is deterministic")
            }
            return 0
        }
    }
}
