import Foundation

/// The most common passwords: a new passcode equal to one of them, or whose core is one
/// (case, look-alike characters such as `@` for a and `0` for o, and digits or symbols
/// around it ignored: "P@ssword1", "letmein!"), is refused: a guesser tries those first.
///
/// Two lists: `common-passwords.txt` beside this file (5,000 entries, its source and licence
/// in its header), shipped as the Web target's resource; and `builtIn` below, a short list that
/// also holds Russian favourites and works when the resource cannot be found.
enum CommonPasscodes {
    /// Every listed password, folded (`fold`).
    static let list: Set<String> = Set((builtIn + bundled()).map(fold))

    /// The resource's entries, or none (logged by the app at start) when it cannot be read.
    static func bundled() -> [String] {
        guard let path = resourcePath(), let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Where the resource is: in SwiftPM's resource bundle beside the program (or the test
    /// bundle), else in the source tree; nil when neither has it.
    static func resourcePath() -> String? {
        let name = "common-passwords.txt", bundle = "FinMind_Web.resources"
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [Bundle.main.bundleURL.appendingPathComponent(bundle).appendingPathComponent(name),
                          program.appendingPathComponent(bundle).appendingPathComponent(name),
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }?.path
    }

    /// True when `passcode`, or its core, is a listed password.
    static func contains(_ passcode: String) -> Bool {
        let folded = fold(passcode)
        if list.contains(folded) { return true }
        // The core: without the digits and symbols around the letters ("p@ssword1!" → "password").
        let core = folded.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }.reversed()
        return core.count >= 4 && list.contains(String(core))
    }

    /// Lower-cased, trimmed, with look-alike characters read as the letters they stand for.
    static func fold(_ text: String) -> String {
        let lookAlikes: [Character: Character] = ["@": "a", "4": "a", "0": "o", "3": "e", "1": "i", "!": "i", "$": "s", "5": "s", "7": "t"]
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        // Only inside a word: "password1" keeps its trailing 1 as a digit to strip.
        guard lowered.contains(where: \.isLetter) else { return lowered }
        let characters = Array(lowered)
        guard let first = characters.firstIndex(where: \.isLetter), let last = characters.lastIndex(where: \.isLetter) else { return lowered }
        return String(characters.enumerated().map { index, character in
            index > first && index < last ? lookAlikes[character] ?? character : character
        })
    }

    /// Listed here as well as in the resource.
    static let builtIn: [String] = [
        // PINs
        "123123", "112233", "121212", "123321", "654321", "666666", "696969", "159753", "147258", "123654",
        "789456", "456789", "147852", "102030", "010203", "101010", "131313", "232323", "000000", "111111",
        "11223344", "12341234", "12344321", "1234554321", "123123123", "159357", "741852", "852456", "963852",
        "198711", "200000", "520520", "5201314", "1314520", "7777777", "88888888", "12121212", "123456789",
        // words
        "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "p@ssword", "qwerty123",
        "qwertyuiop", "qwerty12", "qwerty1234", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "q1w2e3r4",
        "q1w2e3r4t5", "asdfghjk", "asdfghjkl", "zxcvbnm1", "zxcvbnm123", "iloveyou", "iloveyou1", "sunshine",
        "princess", "football", "baseball", "superman", "starwars", "whatever", "trustno1", "letmein1",
        "welcome1", "welcome123", "admin123", "administrator", "abcd1234", "abc12345", "abcdefgh", "12345678a",
        "a1234567", "aa123456", "1234qwer", "qwer1234", "password!", "changeme", "changeme1", "computer",
        "michelle", "jennifer", "jordan23", "mustang1", "shadow12", "master12", "dragon12", "monkey12",
        "internet", "samsung1", "liverpool", "chelsea1", "arsenal1", "pokemon1", "minecraft", "blink182",
        "charlie1", "hello123", "hellohello", "loveyou1", "lovelove", "secret12", "secret123", "default1",
        "finmind1", "finmind123", "passcode", "passcode1", "household", "qazwsxedc", "1qazxsw2", "88888888a",
        // Russian keyboard-layout favourites
        "ghbdtn123", "qwertyui", "gfhjkm123", "nfnmzyf", "vfrcbv123", "ytpyf.", "zxcvbnma", "йцукенгш",
        "пароль123", "парольпароль", "qwerty007",
    ]
}
