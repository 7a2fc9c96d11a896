/// The most common passwords of at least 6 characters from published leak statistics
/// (lower-cased): a new passcode equal to one of them, ignoring case and surrounding
/// spaces, is refused. Kept short on purpose; repeated runs and digit sequences are
/// caught by rule, not listed.
enum CommonPasscodes {
    static let list: Set<String> = [
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
