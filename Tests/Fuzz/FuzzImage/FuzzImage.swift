// libFuzzer target: the avatar upload's image check (PNG, JPEG, WebP structure and the JPEG
// metadata stripping). scripts/fuzz image SECONDS.
import FuzzSupport
@testable import Web

@main enum FuzzImage {
    static func main() {
        runFuzzer { data, size in
            let bytes = fuzzBytes(data, size)
            if let image = try? AvatarImage(bytes) {
                precondition(AvatarImage.isWellFormed(image.kind, bytes), "an accepted image is well formed")
            }
            if let stripped = AvatarImage.strippedJPEG(bytes) {
                precondition(stripped.count <= bytes.count, "stripping never adds bytes")
            }
            return 0
        }
    }
}
