// The Advisor's Russian strings. Keys identical to englishAdvisorStrings (a test checks).
let russianAdvisorStrings: [String: String] = [:]
