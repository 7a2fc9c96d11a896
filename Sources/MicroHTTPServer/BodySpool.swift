import Foundation

/// A request body kept in a temporary file as it arrives instead of in memory (an upload of
/// up to 50 MB): the file is unlinked as soon as it is made, so only its descriptor holds it
/// and nothing is left behind, whatever happens to the request or the process.
final class BodySpool {
    private let descriptor: Int32
    /// The bytes written so far.
    private(set) var count = 0

    /// A new, empty spool file in `directory`; nil when none can be made there.
    init?(directory: String) {
        var template = Array(((directory as NSString).appendingPathComponent("finmind-upload-XXXXXX")).utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Appends `size` bytes from `bytes`; false when the disk refuses them.
    func append(_ bytes: UnsafeRawPointer, _ size: Int) -> Bool {
        var offset = 0
        while offset < size {
            let written = write(descriptor, bytes + offset, size - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        count += size
        return true
    }

    /// Every byte written, read back; nil when the file cannot be read.
    func contents() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, count - offset, off_t(offset)) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return nil }
            offset += read
        }
        return bytes
    }
}
