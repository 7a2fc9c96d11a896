import Foundation
import HTTPCore
#if canImport(Glibc)
import Glibc
#endif

// One import at a time, of either kind: a bank statement (Features/Import) and a backup
// (Features/Settings) wait for each other, since each holds a whole upload in memory.

/// Lets one import run at a time and hands the memory it used back to the system after.
final class ImportGate: @unchecked Sendable {
    private let lock = NSLock()

    /// True when no other import is running (the caller must `leave()` after); false at once otherwise.
    func tryEnter() -> Bool { lock.try() }

    /// Ends the import and returns freed heap pages to the system.
    func leave() {
        _ = Self.mallocTrim?(0)
        lock.unlock()
    }

    /// glibc's `malloc_trim`, looked up at run time (not in the Glibc module); nil elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}

extension Handler {
    /// The answer while another import holds the gate (a statement and a backup wait for each
    /// other): the upload's form again with "busy" by its file field, 503 with Retry-After.
    func importBusy(_ state: FormState, _ form: (FormState, HTTPStatus) throws -> Response) throws -> Response {
        var state = state
        state.fail("file", "your_data_import_busy")
        var response = try form(state, .serviceUnavailable)
        response.headers.add("Retry-After", "10")
        return response
    }
}
