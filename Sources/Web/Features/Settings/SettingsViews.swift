import Engine
import Foundation
import Mustache

// MARK: - View models of the settings page

/// One section's form: where it posts and its controls.
struct SettingsForm: ViewModel {
    var action: String
    var submitLabel: String
    var fields: [FieldView]
    /// A message about the form as a whole (plan shares that do not sum to 100).
    var error: String? = nil
    /// An extra class on the <form> (its layout).
    var formClass: String? = nil
}

/// One Settings section on its own page: its heading, its one form (and on the profile
/// page the picture's forms), the refused POST's messages.
struct SettingsSectionView: ViewModel {
    var title: String
    var intro: String?
    var form: SettingsForm?
    var avatar: AvatarView?
    var errors: [ErrorLink]
    /// True when the form comes back refused: what it shows is typed, not saved.
    var formRefused = false

    var hasErrors: Bool { !errors.isEmpty }
}

/// The Settings index: one entry per section page.
struct SettingsIndexView: ViewModel {
    var items: [SettingsIndexItem]
    /// Games and achievements: links (unless hidden) and the hide switch (ChallengePage.swift).
    var game: GameVisibilityView? = nil
}

/// A section's link on the index with a one-line summary of what is set there; `id`
/// keeps the old one-page anchors (/settings#profile) landing on the right entry.
struct SettingsIndexItem: ViewModel {
    var id: String
    var href: String
    var title: String
    var summary: String
}

/// The picture's preview and the upload's message.
struct AvatarView: ViewModel {
    var src: String?
    var error: String?
}

// MARK: - The sections' controls

enum SettingsFields {
    private static func field(_ state: FormState, _ t: Translations, _ name: String, _ kind: FieldKind, label: String? = nil,
                              hint: String? = nil, options: [(String, String)] = [], required: Bool = false,
                              maxLength: Int? = nil) -> FieldView {
        let value = state.values[name] ?? ""
        return FieldView(name: name, label: label ?? t[runtime: "settings_field_" + name], kind: kind, value: value,
                         error: state.errors[name], hint: hint, required: required, maxLength: maxLength,
                         options: options.map { OptionView(value: $0.0, label: $0.1, selected: $0.0 == value) },
                         checked: state.values[name] != nil)
    }

    static func profile(_ state: FormState, _ t: Translations) -> [FieldView] {
        [field(state, t, "nickname", .text, hint: t["settings_hint_nickname"], maxLength: 40)]
    }

    static func appearance(_ state: FormState, _ t: Translations) -> [FieldView] {
        [field(state, t, "theme", .radio, options: ["system", "light", "dark"].map { ($0, t[runtime: "settings_theme_" + $0]) }),
         field(state, t, "accent", .radio, options: HouseholdSettings.accents.map { ($0, t[runtime: "settings_accent_" + $0]) }),
         field(state, t, "newYear", .checkbox, hint: t["settings_hint_newYear"]),
         field(state, t, "quickAutoSave", .checkbox, hint: t["settings_hint_quickAutoSave"])]
    }

    static func language(_ state: FormState, _ t: Translations) -> [FieldView] {
        [field(state, t, "language", .radio, options: Language.allCases.map { ($0.rawValue, t[$0.nameKey]) }),
         field(state, t, "currency", .select, options: Currency.all.map { ($0.code, "\($0.symbol) \($0.code)") })]
    }

    static func plan(_ state: FormState, _ t: Translations) -> [FieldView] {
        [field(state, t, "emergencyShare", .number, hint: t["settings_hint_shares"], required: true),
         field(state, t, "debtShare", .number, required: true),
         field(state, t, "goalShare", .number, required: true),
         field(state, t, "emergencyMonths", .number, hint: t["settings_hint_emergencyMonths"], required: true),
         field(state, t, "horizonMonths", .number, hint: t["settings_hint_horizonMonths"], required: true),
         field(state, t, "strategy", .radio, options: ["avalanche", "snowball"].map { ($0, t[runtime: "settings_strategy_" + $0]) })]
    }

    static func visibility(_ state: FormState, _ t: Translations) -> [FieldView] {
        HouseholdSettings.Hideable.allCases.map { field(state, t, $0.rawValue, .checkbox, label: t[$0.showKey]) }
    }
}

// MARK: - The machine's addresses

public enum LANAddresses {
    /// This machine's IPv4 and IPv6 interface addresses (link-local IPv6 left out).
    public static func current() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for pointer in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = pointer.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("fe80") && !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }
}

// MARK: - The header's profile badge

/// The nickname and picture the layout shows in the header (nil when neither is set).
struct ProfileBadge: ViewModel, Sendable {
    var nickname: String?
    var avatarSrc: String?
}

extension App {
    /// The header's badge from the stored nickname and picture, or nil when neither is set.
    func profileBadge(_ settings: HouseholdSettings) throws -> ProfileBadge? {
        let nickname = settings.stored[HouseholdSettings.Key.nickname].flatMap { $0.isEmpty ? nil : $0 }
        let avatar = try database.avatarStamp().map { SettingsRoute.avatar.path + "?v=" + $0 }
        guard nickname != nil || avatar != nil else { return nil }
        return ProfileBadge(nickname: nickname, avatarSrc: avatar)
    }
}

/// The privacy policy's figures that depend on this server: where the backups live, how long they are kept.
struct PrivacyView: ViewModel {
    var backupsWhere: String
    /// Nil when there are no backups (a database without a file).
    var backupsKept: String?
}
