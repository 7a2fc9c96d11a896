import Foundation

/// A response body written while it is sent (a relayed remote answer): the handler returns
/// at once with the stream in `Response.bodyStream`, a producer writes to it from its own
/// thread and finishes it; the adapter sends each piece as it comes (chunked) and waits,
/// without holding a thread, while nothing is there. Thread-safe.
public final class ResponseStream: @unchecked Sendable {
    /// What the adapter gets when it asks for more.
    public enum Piece: Equatable {
        case bytes([UInt8])
        /// Nothing yet: the adapter parked the connection; `wake` will be called on the next write.
        case parked
        case end
    }

    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var finished = false
    private var cancelled = false
    private var parked = false
    private var wake: (@Sendable () -> Void)?
    private var onCancel: (@Sendable () -> Void)?

    public init() {}

    // MARK: - The producer

    /// Appends `bytes` (ignored once finished or cancelled) and wakes a parked connection.
    public func write(_ bytes: [UInt8]) {
        lock.lock()
        guard !finished, !cancelled else { lock.unlock(); return }
        buffer += bytes
        let waker = takeWaker()
        lock.unlock()
        waker?()
    }

    /// Appends the UTF-8 of `text`.
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Ends the body once what was written is sent.
    public func finish() {
        lock.lock()
        finished = true
        let waker = takeWaker()
        lock.unlock()
        waker?()
    }

    /// True once the client went away (or the server stopped): the producer should stop.
    public var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }

    /// Runs `handler` once when the stream is cancelled (at once when it already is).
    public func whenCancelled(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if cancelled { lock.unlock(); handler(); return }
        onCancel = handler
        lock.unlock()
    }

    // MARK: - The adapter

    /// Up to `max` bytes, `.end` once finished and drained, or `.parked` after `park` returned
    /// true (it suspends the connection; `wake`, given to `attach`, resumes it). When `park`
    /// returns false (the server is stopping) the body ends.
    public func read(max: Int, park: () -> Bool) -> Piece {
        lock.lock(); defer { lock.unlock() }
        if !buffer.isEmpty {
            let count = Swift.min(max, buffer.count)
            let piece = Array(buffer[..<count])
            buffer.removeFirst(count)
            return .bytes(piece)
        }
        if finished || cancelled { return .end }
        guard park() else { return .end }
        parked = true
        return .parked
    }

    /// Sets what resumes the parked connection.
    public func attach(wake: @escaping @Sendable () -> Void) {
        lock.lock(); self.wake = wake; lock.unlock()
    }

    /// The client is gone or the response was dropped: later writes are ignored.
    public func cancel() {
        lock.lock()
        guard !cancelled else { lock.unlock(); return }
        cancelled = true
        let handler = onCancel
        onCancel = nil
        wake = nil
        lock.unlock()
        handler?()
    }

    /// The waker when a connection is parked (it is then no longer parked); under the lock.
    private func takeWaker() -> (@Sendable () -> Void)? {
        guard parked else { return nil }
        parked = false
        return wake
    }
}
