// Typed keys for a statement import's values (StringKeys.swift says why keys are typed).
import Engine
import Statements
import Storage

extension RowStatus {
    /// The key of this value's words (`import_status_…`).
    var stringKey: StringKey {
        switch self {
        case .new: "import_status_new"
        case .reusedID: "import_status_reused"
        case .duplicate: "import_status_duplicate"
        case .deleted: "import_status_deleted"
        case .link: "import_status_link"
        case .confirm: "import_status_confirm"
        case .error: "import_status_error"
        case .skipped: "import_status_skipped"
        }
    }
}

extension ImportRowGroup {
    /// The key of this group's words (`import_group_…`).
    var stringKey: StringKey {
        switch self {
        case .all: "import_group_all"
        case .new: "import_group_new"
        case .duplicate: "import_group_duplicate"
        case .matched: "import_group_matched"
        case .skipped: "import_group_skipped"
        case .error: "import_group_error"
        case .before: "import_group_before"
        }
    }
}

extension DateOrderEvidence {
    /// The preview's sentence for what decided the date order (nil: nothing to say).
    var noteKey: StringKey? {
        switch self {
        case .dotted: "import_evidence_dotted"
        case .period: "import_evidence_period"
        case .openedOn: "import_evidence_openedOn"
        case .future: "import_evidence_future"
        case .fileLanguage: "import_evidence_fileLanguage"
        case .chosen, .onlyReading, .householdLanguage: nil
        }
    }
}

extension TextEncoding {
    /// The key of this value's words (`import_encoding_…`).
    var stringKey: StringKey {
        switch self {
        case .utf8: "import_encoding_utf8"
        case .utf16le: "import_encoding_utf16le"
        case .utf16be: "import_encoding_utf16be"
        case .cp1251: "import_encoding_cp1251"
        case .cp1252: "import_encoding_cp1252"
        }
    }
}

extension DateOrder {
    /// The key of this value's words (`import_order_…`).
    var stringKey: StringKey {
        switch self {
        case .dayMonth: "import_order_dayMonth"
        case .monthDay: "import_order_monthDay"
        }
    }
}

extension ImportBatchInfo.Status {
    /// The key of this value's words (`import_batch_…`).
    var stringKey: StringKey {
        switch self {
        case .preview: "import_batch_preview"
        case .committed: "import_batch_committed"
        case .undone: "import_batch_undone"
        }
    }
}
