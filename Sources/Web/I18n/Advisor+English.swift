// The Advisor's English strings. Keys identical to russianAdvisorStrings (a test checks).
let englishAdvisorStrings: [String: String] = [:]
