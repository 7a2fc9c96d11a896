import Testing
@testable import HTTPCore

// MARK: - Helpers

private let boundary = "----FinMindBoundary7MA4YWxk"
private let contentType = "multipart/form-data; boundary=\(boundary)"

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A body with one part per `(headers, body)`, closed with the final delimiter.
private func multipartBody(_ parts: [(headers: String, body: [UInt8])], boundary: String = boundary) -> [UInt8] {
    var out: [UInt8] = []
    for part in parts {
        out += bytes("--\(boundary)\r\n\(part.headers)\r\n\r\n") + part.body + bytes("\r\n")
    }
    return out + bytes("--\(boundary)--\r\n")
}

// MARK: - Well-formed bodies

@Test func textFieldAndBinaryFile() throws {
    // Given a file holding CRLF, NUL, 0xFF and boundary-like bytes that are not a delimiter
    let file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x00, 0xFF] + bytes("--\(boundary)")
        + [0x0D, 0x0A] + bytes("--\(boundary.dropLast())") + [0x0D, 0x0A, 0x0D, 0x0A, 0x2D]
    let body = multipartBody([
        ("Content-Disposition: form-data; name=\"note\"", bytes("Привет, мир")),
        ("Content-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\nContent-Type: image/png", file),
    ])

    // When
    let parts = try Multipart.parse(body: body, contentType: contentType)

    // Then
    #expect(parts == [
        MultipartPart(name: "note", filename: nil, contentType: nil, body: bytes("Привет, мир")),
        MultipartPart(name: "avatar", filename: "me.png", contentType: "image/png", body: file),
    ])
    #expect(try Multipart.fields(of: parts) == FormFields([("note", "Привет, мир")]))
}

@Test func quotedBoundaryWithSpaceAndColon() throws {
    let quoted = "a:b c'()+_,-./=?"
    let body = multipartBody([("Content-Disposition: form-data; name=\"x\"", bytes("1"))], boundary: quoted)
    let parts = try Multipart.parse(body: body, contentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=\"\(quoted)\"")
    #expect(parts == [MultipartPart(name: "x", body: bytes("1"))])
}

@Test func utf8NamesAndEscapedQuotes() throws {
    let body = multipartBody([
        ("content-disposition: form-data; name=\"сумма\"", bytes("100")),
        ("Content-Disposition: form-data; name=file; filename=\"say \\\"hi\\\" отчёт.csv\"; filename*=UTF-8''x.csv",
         bytes("a;b\r\n")),
    ])
    let parts = try Multipart.parse(body: body, contentType: contentType)
    #expect(parts == [
        MultipartPart(name: "сумма", body: bytes("100")),
        MultipartPart(name: "file", filename: "say \"hi\" отчёт.csv", body: bytes("a;b\r\n")),
    ])
}

@Test func emptyFileInputAndEmptyValue() throws {
    let body = multipartBody([
        ("Content-Disposition: form-data; name=\"a\"", []),
        ("Content-Disposition: form-data; name=\"f\"; filename=\"\"\r\nContent-Type: application/octet-stream", []),
    ])
    let parts = try Multipart.parse(body: body, contentType: contentType)
    #expect(parts == [
        MultipartPart(name: "a", body: []),
        MultipartPart(name: "f", filename: "", contentType: "application/octet-stream", body: []),
    ])
    #expect(try Multipart.fields(of: parts) == FormFields([("a", "")]))
}

@Test func preambleAndEpilogueIgnored() throws {
    let body = bytes("preamble\r\n") + multipartBody([("Content-Disposition: form-data; name=\"a\"", bytes("1"))])
        + bytes("epilogue")
    #expect(try Multipart.parse(body: body, contentType: contentType) == [MultipartPart(name: "a", body: bytes("1"))])
}

@Test func noPartsAtAll() throws {
    #expect(try Multipart.parse(body: bytes("--\(boundary)--\r\n"), contentType: contentType) == [])
}

@Test func twoHundredPartsAccepted() throws {
    let body = multipartBody(Array(repeating: ("Content-Disposition: form-data; name=\"p\"", bytes("v")), count: 200))
    #expect(try Multipart.parse(body: body, contentType: contentType).count == 200)
}

@Test func twoMegabyteUploadKeptByteExact() throws {
    // Given 2 MB of pseudo-random bytes (with plenty of CR, LF and '-')
    var state: UInt32 = 12345
    let file = (0..<2 * 1024 * 1024).map { _ -> UInt8 in
        state = state &* 1_103_515_245 &+ 12345
        return UInt8(truncatingIfNeeded: state >> 16)
    }
    let body = multipartBody([("Content-Disposition: form-data; name=\"avatar\"; filename=\"a.bin\"", file)])

    // When
    let parts = try Multipart.parse(body: body, contentType: contentType)

    // Then
    #expect(parts.count == 1)
    #expect(parts.first?.body == file)
}

// MARK: - Malformed bodies

struct MultipartFailure: Sendable, CustomTestStringConvertible {
    let name: String
    let body: [UInt8]
    let contentType: String
    let error: RequestDecodingError
    var testDescription: String { name }

    init(_ name: String, _ body: [UInt8], contentType: String = "multipart/form-data; boundary=\(boundary)",
         _ error: RequestDecodingError) {
        self.name = name
        self.body = body
        self.contentType = contentType
        self.error = error
    }
}

private let field = "Content-Disposition: form-data; name=\"a\""

@Test(arguments: [
    MultipartFailure("missing final delimiter", bytes("--\(boundary)\r\n\(field)\r\n\r\n1\r\n"),
                     .malformedMultipart("missing closing delimiter")),
    MultipartFailure("delimiter without CRLF", bytes("--\(boundary)\r\n\(field)\r\n\r\n1\r\n--\(boundary)"),
                     .malformedMultipart("missing closing delimiter")),
    MultipartFailure("boundary continued by other text",
                     bytes("--\(boundary)\r\n\(field)\r\n\r\n1\r\n--\(boundary)X\r\n--\(boundary)--\r\n"),
                     .malformedMultipart("malformed delimiter line")),
    MultipartFailure("no opening delimiter", bytes("hello"), .malformedMultipart("no opening delimiter")),
    MultipartFailure("empty body", [], .malformedMultipart("no opening delimiter")),
    MultipartFailure("part without name", multipartBody([("Content-Disposition: form-data; filename=\"a.txt\"", bytes("x"))]),
                     .malformedMultipart("part without name")),
    MultipartFailure("empty name", multipartBody([("Content-Disposition: form-data; name=\"\"", bytes("x"))]),
                     .malformedMultipart("part without name")),
    MultipartFailure("no Content-Disposition", multipartBody([("Content-Type: text/plain", bytes("x"))]),
                     .malformedMultipart("missing Content-Disposition: form-data")),
    MultipartFailure("attachment disposition", multipartBody([("Content-Disposition: attachment; name=\"a\"", bytes("x"))]),
                     .malformedMultipart("missing Content-Disposition: form-data")),
    MultipartFailure("headers not terminated", bytes("--\(boundary)\r\n\(field)\r\n--\(boundary)--\r\n"),
                     .malformedMultipart("part headers not terminated")),
    MultipartFailure("header line without colon", multipartBody([("\(field)\r\nJunk", bytes("x"))]),
                     .malformedMultipart("malformed part header")),
    MultipartFailure("folded header", multipartBody([("\(field)\r\n filename=\"x\"", bytes("x"))]),
                     .malformedMultipart("malformed part header")),
    MultipartFailure("unterminated quoted name",
                     multipartBody([("Content-Disposition: form-data; name=\"a", bytes("x"))]),
                     .malformedMultipart("unterminated quoted string")),
    MultipartFailure("repeated name parameter",
                     multipartBody([("Content-Disposition: form-data; name=\"a\"; name=\"b\"", bytes("x"))]),
                     .malformedMultipart("repeated parameter name")),
    MultipartFailure("control character in filename",
                     multipartBody([("Content-Disposition: form-data; name=\"a\"; filename=\"a\u{1}b\"", bytes("x"))]),
                     .malformedMultipart("control character in name")),
    MultipartFailure("headers over 8 KB",
                     multipartBody([("\(field)\r\nX-Padding: \(String(repeating: "p", count: 8200))", bytes("x"))]),
                     .malformedMultipart("part headers too large")),
    MultipartFailure("invalid UTF-8 name",
                     bytes("--\(boundary)\r\nContent-Disposition: form-data; name=\"") + [0xC0, 0xAF]
                         + bytes("\"\r\n\r\nx\r\n--\(boundary)--\r\n"),
                     .invalidUTF8),
    MultipartFailure("201 parts", multipartBody(Array(repeating: (field, bytes("v")), count: 201)), .tooManyParts),
    MultipartFailure("no boundary", bytes("--x--"), contentType: "multipart/form-data", .missingBoundary),
    MultipartFailure("empty boundary", bytes("--x--"), contentType: "multipart/form-data; boundary=\"\"", .missingBoundary),
    MultipartFailure("boundary over 70 characters", bytes("--x--"),
                     contentType: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))",
                     .malformedMultipart("invalid boundary")),
    MultipartFailure("boundary with a bad character", bytes("--x--"), contentType: "multipart/form-data; boundary=a<b",
                     .malformedMultipart("invalid boundary")),
    MultipartFailure("not multipart/form-data", bytes("a=1"), contentType: "application/x-www-form-urlencoded",
                     .malformedMultipart("not multipart/form-data")),
])
func rejects(_ c: MultipartFailure) {
    #expect(throws: c.error) { try Multipart.parse(body: c.body, contentType: c.contentType) }
}

@Test func fieldsRejectInvalidUTF8Values() {
    let parts = [MultipartPart(name: "a", body: [0xFF])]
    #expect(throws: RequestDecodingError.invalidUTF8) { try Multipart.fields(of: parts) }
}

@Test func fieldsSkipFiles() throws {
    let parts = [MultipartPart(name: "f", filename: "x.bin", body: [0xFF]), MultipartPart(name: "b", body: bytes("2"))]
    #expect(try Multipart.fields(of: parts) == FormFields([("b", "2")]))
}
