// The merchant key a bill is found and watched by (docs/engine-rules.md, "Bills and subscriptions",
// step 1), the entries grouped by it, and the subscription mark.

// MARK: - Merchant key

/// Leading words dropped from a merchant key (after case folding).
public let billStopWords: Set<String> = ["оплата", "покупка", "списание", "payment", "purchase", "pos", "card"]

/// The merchant key of an (already NFKC-normalised) text: lower-cased (each scalar's lower-case
/// mapping), ё → е; every character that is neither a letter (or a combining mark) nor a decimal digit separates words; runs of 3 or more digits are dropped;
/// leading stop words are dropped; the first 3 words are kept, joined by one space.
public func billMerchantKey(_ text: String) -> String {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var digits = String.UnicodeScalarView()
    func flushDigits() {
        if !digits.isEmpty {
            if digits.count < 3 { word.append(contentsOf: digits) }
            digits = String.UnicodeScalarView()
        }
    }
    func flushWord() {
        flushDigits()
        if !word.isEmpty {
            words.append(String(word))
            word = String.UnicodeScalarView()
        }
    }
    for scalar in text.unicodeScalars {
        let value = scalar.value
        switch value {
        case 0x30...0x39: digits.append(scalar)
        case 0x41...0x5A, 0x410...0x42F:   // A–Z, А–Я: lower case
            flushDigits()
            word.append(Unicode.Scalar(value + 0x20)!)
        case 0x61...0x7A, 0x430...0x44F:
            flushDigits()
            word.append(scalar)
        case 0x401, 0x451:                 // Ё, ё → е
            flushDigits()
            word.append("е")
        case 0..<0x80: flushWord()
        default:
            let properties = scalar.properties
            if properties.numericType == .decimal {
                digits.append(scalar)
            } else if properties.isAlphabetic || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory) {
                flushDigits()
                for lower in properties.lowercaseMapping.unicodeScalars { word.append(lower == "ё" ? "е" : lower) }
            } else {
                flushWord()
            }
        }
    }
    flushWord()
    var start = 0
    while start < words.count, billStopWords.contains(words[start]) { start += 1 }
    return words[start..<min(words.count, start + 3)].joined(separator: " ")
}

/// The merchant key of an entry (step 1 of the detection, and the forecast's test for a
/// tracked bill's payment): the key of its name, or of the bank's payee when the name gives an
/// empty key. `key` is the key function (`billMerchantKey`, or a caching wrapper of it).
public func billEntryKey(name: String, payee: String?, key: (String) -> String = billMerchantKey) -> String {
    let byName = key(name)
    guard byName.isEmpty, let payee else { return byName }
    return key(payee)
}

/// Positive entries up to `today` grouped by merchant key (`billEntryKey`: the name's, else the
/// payee's) and direction; entries with no key are left out. Names repeat, so each is normalised once.
func billGroups(_ entries: [BillEntry], today: Day) -> [BillGroupKey: [BillEntry]] {
    var groups: [BillGroupKey: [BillEntry]] = [:]
    var keys: [String: String] = [:]
    func cachedKey(_ text: String) -> String {
        if let key = keys[text] { return key }
        let key = billMerchantKey(text)
        keys[text] = key
        return key
    }
    for entry in entries where entry.amount > 0 && entry.date <= today {
        let key = billEntryKey(name: entry.name, payee: entry.payee, key: cachedKey)
        guard !key.isEmpty else { continue }
        groups[BillGroupKey(key: key, kind: entry.kind), default: []].append(entry)
    }
    return groups
}

/// Known subscription services (merchant-key words): a recurring expense whose key contains one
/// of these, or whose category is "subscriptions", is marked as a subscription.
public let billKnownServices: Set<String> = [
    "netflix", "spotify", "youtube", "apple", "icloud", "google", "microsoft", "adobe", "dropbox", "amazon", "disney",
    "hbo", "okko", "ivi", "кинопоиск", "kinopoisk", "яндекс", "yandex", "плюс", "vk", "boom", "chatgpt", "openai",
    "telegram", "premier", "start", "wink", "megogo", "storytel", "литрес", "litres",
]

/// Whether an expense with this name and category is a subscription.
public func isSubscription(name: String, category: String) -> Bool {
    if category == "subscriptions" { return true }
    return billMerchantKey(name).split(separator: " ").contains { billKnownServices.contains(String($0)) }
}
