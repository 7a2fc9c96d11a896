import Testing
@testable import Web

// An uploaded picture checked by its bytes (Sources/Web/Features/Settings/AvatarImage.swift).

@Suite("Avatar image")
struct AvatarImageTests {
    @Test("JPEG metadata (EXIF, comments) is stripped; JFIF and the image data stay")
    func jpegStripped() throws {
        let image = try AvatarImage(Pictures.jpegWithMetadata)
        #expect(image.kind == .jpeg)
        let text = String(decoding: image.bytes, as: UTF8.self)
        #expect(!text.contains("GPS") && !text.contains("secret comment"))
        #expect(text.contains("JFIF"))
        #expect(Array(image.bytes.suffix(5)) == [0x12, 0x34, 0x56, 0xFF, 0xD9])
    }

    @Test("a PNG is kept as uploaded; empty, truncated or unknown bytes are refused")
    func kinds() throws {
        let png = try AvatarImage(Pictures.png)
        #expect(png.kind == .png && png.bytes == Pictures.png)
        #expect(throws: AvatarImage.Problem.empty) { try AvatarImage([]) }
        #expect(throws: AvatarImage.Problem.notAnImage) { try AvatarImage(Array(Pictures.png.prefix(40))) }
        #expect(throws: AvatarImage.Problem.notAnImage) { try AvatarImage(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)) }
    }
}
