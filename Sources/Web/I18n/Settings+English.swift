// The Settings pages' English strings. Keys identical to russianSettingsStrings (a test checks).
let englishSettingsStrings: [String: String] = [:]
