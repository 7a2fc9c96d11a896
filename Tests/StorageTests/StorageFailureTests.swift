import Engine
import Testing
@testable import Storage

/// Tests Sources/Storage/StorageFailure.swift: each storage error says what kind of failure it is
/// (the web layer's mapping of every case to a status is checked by AppErrorTests).
@Suite("Storage failures")
struct StorageFailureTests {
    @Test("refusals of the request's values are invalid, changed data a conflict, a missing row not found", arguments: [
        (StorageError.notFound as any StorageFailure, StorageFailureKind.notFound),
        (AccountError.duplicateName, .conflict), (AccountError.inUse(entries: 2), .conflict),
        (TransferError.sameAccount, .invalid), (ChallengeError.overAllowance(Money(minorUnits: 5)), .invalid),
        (ReconcileError.accountNotFound, .notFound), (BillsError.suggestionGone, .conflict),
        (RestoreProblem(table: "entry", row: 1, field: "name", reason: .wrongType(expected: "text")), .invalid),
    ] as [(any StorageFailure, StorageFailureKind)])
    func kinds(error: any StorageFailure, kind: StorageFailureKind) {
        #expect(error.failureKind == kind)
    }

    @Test("only a database that cannot be opened, read or checked is internal")
    func internalOnes() {
        #expect(StorageError.cannotOpen(path: "/x", reason: "y").failureKind == .internal)
        #expect(StorageError.corrupt("x").failureKind == .internal)
        #expect(BackupError.integrity("x").failureKind == .internal)
        #expect(BackupError.unreadable("x").failureKind == .invalid, "a file handed in to restore is the request's")
    }
}
