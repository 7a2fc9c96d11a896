// One error vocabulary for every refusal of the storage layer: each error type says what kind
// of failure each of its cases is, and the web layer maps the kinds to HTTP statuses with one
// exhaustive table (Sources/Web/Errors/AppError.swift). A page that forgets to catch a
// refusal so answers with its meaning (404, 409, 422), never a 500; only what really is
// broken (a database that cannot be opened or read) is internal.

/// What kind of failure a storage error is, in the words the web layer maps to a status.
public enum StorageFailureKind: Sendable, CaseIterable {
    /// The row named does not exist (or was deleted).
    case notFound
    /// The data changed or holds something that forbids the write now (a duplicate name, a
    /// suggestion gone, an undo window over); the request itself was well-formed.
    case conflict
    /// The values asked for break a rule (a limit, an allowance, one account for both sides).
    case invalid
    /// The database itself is broken or unavailable: a bug or the disk, not the request.
    case `internal`
}

/// A storage error that says what kind of failure it is. Every error type of the storage
/// layer conforms (`AppErrorTests` reads Sources/Storage and fails on one that does not).
public protocol StorageFailure: Error {
    /// The kind of this failure.
    var failureKind: StorageFailureKind { get }
}

extension StorageError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .notFound: .notFound
        case .categoryInUse, .duplicateCategory, .undoExpired, .occurrenceAlreadyConfirmed: .conflict
        case .rejected: .invalid
        case .cannotOpen, .schemaOutdated, .corrupt: .internal
        }
    }
}

extension ReconcileError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .accountNotFound: .notFound
        case .adjustmentChanged: .conflict
        case .difference, .adjustmentOutOfRange: .invalid
        }
    }
}

extension ImportStorageError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .wrongState, .undoExpired: .conflict
        }
    }
}

extension PlayfulSavingError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .notFound: .notFound
        case .goalUnavailable, .nothingToMove: .conflict
        }
    }
}

extension HideRefused: StorageFailure {
    public var failureKind: StorageFailureKind { .invalid }
}

extension AccountError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .duplicateName, .inUse: .conflict
        }
    }
}

extension PayeeRuleError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .duplicate: .conflict
        }
    }
}

extension EntrySplitError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .notSplittable: .conflict
        case .sumDiffers, .partCount, .unknownCategory: .invalid
        }
    }
}

extension AdvisorUndoRefusal: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        // An import has linked a bank row to the entry since: the data forbids the undo now.
        case .importedSince: .conflict
        }
    }
}

extension LimitError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .duplicate: .conflict
        case .unknownCategory: .invalid
        }
    }
}

extension BillsError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .suggestionGone: .conflict
        }
    }
}

extension ChallengeError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .itemNotFound: .notFound
        case .duplicateCategory: .conflict
        case .overAllowance: .invalid
        }
    }
}

extension RestoreProblem: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch reason {
        case .notEmpty: .conflict
        case .unknownTable, .unknownColumn, .wrongType, .refused, .brokenReference: .invalid
        }
    }
}

extension TransferError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        case .accountUnavailable: .conflict
        case .sameAccount: .invalid
        }
    }
}

extension BackupError: StorageFailure {
    public var failureKind: StorageFailureKind {
        switch self {
        // A file handed in to restore that is not a FinMind database, or a newer one's.
        case .unreadable, .newerSchema: .invalid
        // A backup FinMind wrote that fails its check, or a database without a file.
        case .integrity, .noFile: .internal
        }
    }
}
