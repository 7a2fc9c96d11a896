// The Settings pages' Russian strings. Keys identical to englishSettingsStrings (a test checks).
let russianSettingsStrings: [String: String] = [:]
