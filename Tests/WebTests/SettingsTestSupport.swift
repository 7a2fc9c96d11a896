import Engine
import Foundation
import HTTPCore
@testable import Storage
@testable import Web

/// Multipart bodies, as a browser sends a form with a file.
extension TestBrowser {
    /// Opens `page`, then posts its form to `action` as multipart with `fields` and one file.
    mutating func upload(_ page: String, to action: String, fields: [(String, String)] = [],
                         file: (name: String, filename: String, type: String, bytes: [UInt8])) throws -> Response {
        let form = try form(on: page, action: action)
        let boundary = "----finmindtest\(UUID().uuidString.prefix(8))"
        var body: [UInt8] = []
        func part(_ header: String, _ bytes: [UInt8]) {
            body += Array("--\(boundary)\r\n\(header)\r\n\r\n".utf8) + bytes + Array("\r\n".utf8)
        }
        for (name, value) in fields + [("_csrf", cookies["fm_csrf"] ?? ""), ("_form", form.token)] {
            part("Content-Disposition: form-data; name=\"\(name)\"", Array(value.utf8))
        }
        part("Content-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)", file.bytes)
        body += Array("--\(boundary)--\r\n".utf8)
        return send("POST", form.action, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body)
    }
}

/// Small pictures built by hand.
enum Pictures {
    /// A valid 1×1 PNG.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!)

    /// A JPEG skeleton with an EXIF segment and a comment that must be stripped.
    static let jpegWithMetadata: [UInt8] = {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let exif = Array("Exif\0\0GPS 55.75N 37.61E Canon".utf8)
        bytes += [0xFF, 0xE1, 0x00, UInt8(exif.count + 2)] + exif
        let comment = Array("secret comment".utf8)
        bytes += [0xFF, 0xFE, 0x00, UInt8(comment.count + 2)] + comment
        bytes += [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01]  // a tiny DQT-like segment
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]  // frame: 1×1, one component
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0x56, 0xFF, 0xD9]
        return bytes
    }()
}

/// A household with every kind of row, for the export tests.
func seedRichHousehold(_ database: AppDatabase) throws {
    let salary = try database.seed(NewRecurringItem(kind: .income, name: "Salary = 1+1", amount: cents(150_000_00),
                                                    periodicity: .monthly, start: date("2026-01-31")))
    try database.seed(NewRecurringItem(kind: .expense, name: "Rent, \"flat\"", amount: cents(40_000_00), periodicity: .monthly,
                                       start: date("2026-01-05"), end: date("2026-12-05"), category: "housing"))
    try database.seed(NewDebt(name: "Phone", paymentDay: 10, kind: .paymentOnly(monthlyPayment: cents(2_500_00))))
    try database.seed(NewDebt(name: "Mortgage", paymentDay: 31, kind: .loan(Loan(
        balance: cents(3_000_000_00), asOf: date("2026-03-01"), apr: APR(hundredths: 1499),
        termMonths: 240, graceMonths: 2, minimumPayment: cents(40_000_00)))))
    try database.seed(NewGoal(name: "Car", target: cents(1_000_000_00), saved: cents(50_000_00), deadline: date("2028-06-30"), priority: 3))
    _ = try database.addCategory(name: "Pets 🐈", formToken: Tokens.random())
    try database.seed(NewEntry(date: date("2026-03-14"), kind: .expense, name: "@groceries", amount: cents(3_210_50),
                               category: "custom-1", isActual: true, note: "market\nline two"))
    var confirming = NewEntry(date: date("2026-10-31"), kind: .income, name: "Salary", amount: cents(150_000_00), isActual: true)
    confirming.confirms = OccurrenceKey(source: .recurring(salary), date: date("2026-10-31"))
    try database.seed(confirming)
    _ = try database.setEmergencySaved(cents(12_345_00), formToken: Tokens.random())
    try database.saveSettings(["theme": "dark", "accent": "teal", "profile.nickname": "Аня"])
    _ = try database.setAvatar(mediaType: "image/png", bytes: Pictures.png, formToken: Tokens.random())
    _ = try database.addFeedback(NewFeedback(email: "a@b.co", telegram: nil, description: "Twenty characters or more here",
                                             log: ["line 1", "line 2"]), formToken: Tokens.random())
    try database.setSecret("advisor.token", "sk-SECRET-TOKEN-123456")
    try database.setSecret("passcode.hash", "pbkdf2$HASHVALUE")
}
