import Foundation
import GRDB

// MARK: - Profile: the household's picture, and settings saved once per form

/// The household's picture as stored: its verified media type and bytes.
public struct Avatar: Sendable, Equatable {
    /// "image/png", "image/jpeg" or "image/webp", decided from the bytes.
    public var mediaType: String
    public var bytes: [UInt8]
    /// ISO-8601 UTC time of the upload.
    public var updatedAt: String

    public init(mediaType: String, bytes: [UInt8], updatedAt: String) {
        self.mediaType = mediaType
        self.bytes = bytes
        self.updatedAt = updatedAt
    }
}

extension AppDatabase {
    /// The setting key `settings_changed` names when the picture changes.
    public static let avatarSettingKey = "avatar"

    /// The stored picture, or nil.
    public func avatar() throws -> Avatar? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT mediaType, bytes, updatedAt FROM avatar WHERE id = 1").map {
                Avatar(mediaType: $0["mediaType"], bytes: [UInt8]($0["bytes"] as Data), updatedAt: $0["updatedAt"])
            }
        }
    }

    /// A short text that changes with every upload of the picture (its time and size), or
    /// nil without one: what the header's link needs, without reading the bytes.
    public func avatarStamp() throws -> String? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT updatedAt, length(bytes) AS size FROM avatar WHERE id = 1").map {
                ($0["updatedAt"] as String).filter(\.isNumber) + "-" + String($0["size"] as Int)
            }
        }
    }

    /// Stores the picture (replacing any) once per form token and records
    /// `settings_changed {key: avatar}`. Throws `.rejected` for a type or size the table refuses.
    public func setAvatar(mediaType: String, bytes: [UInt8], formToken: String) throws -> WriteOutcome<Void> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in
                try db.execute(sql: """
                    INSERT INTO avatar (id, mediaType, bytes, updatedAt) VALUES (1, :mediaType, :bytes, :updatedAt)
                    ON CONFLICT(id) DO UPDATE SET mediaType = excluded.mediaType, bytes = excluded.bytes,
                        updatedAt = excluded.updatedAt
                    """, arguments: ["mediaType": mediaType, "bytes": Data(bytes), "updatedAt": timestamp()])
                try record(.settingsChanged, ["key": .text(Self.avatarSettingKey)], in: db)
            }
        }
    }

    /// Removes the picture once per form token (recording `settings_changed` only when there was one).
    public func removeAvatar(formToken: String) throws -> WriteOutcome<Void> {
        try writeOnce(formToken: formToken) { db in
            try db.execute(sql: "DELETE FROM avatar")
            if db.changesCount > 0 { try record(.settingsChanged, ["key": .text(Self.avatarSettingKey)], in: db) }
        }
    }

    /// Stores `values` once per form token, recording `settings_changed {key}` for each
    /// key whose value changed; returns those keys.
    public func saveSettings(_ values: [String: String], formToken: String) throws -> WriteOutcome<[String]> {
        try Self.mappingConstraintErrors {
            try writeOnce(formToken: formToken) { db in try saveSettings(values, in: db) }
        }
    }
}
