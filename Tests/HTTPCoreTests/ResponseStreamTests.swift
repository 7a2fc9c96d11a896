import Testing
import HTTPCore

/// Counts the wake calls the stream makes (it calls them outside its lock, on the writer's thread).
private final class WakeCounter: @unchecked Sendable {
    var count = 0
}

// A response body written while it is sent (Sources/HTTPCore/ResponseStream.swift).
@Suite("Response stream")
struct ResponseStreamTests {
    @Test("reads give what was written, at most `max` bytes at a time, then the end once finished")
    func readsInPieces() {
        let stream = ResponseStream()
        stream.write("hello ")
        stream.write([0x77, 0x6F])
        #expect(stream.read(max: 4, park: { true }) == .bytes(Array("hell".utf8)))
        #expect(stream.read(max: 100, park: { true }) == .bytes(Array("o wo".utf8)))
        stream.finish()
        stream.write("ignored after finish")
        #expect(stream.read(max: 100, park: { true }) == .end)
    }

    @Test("with nothing to send the connection parks, and the next write wakes it once")
    func parkAndWake() {
        let stream = ResponseStream()
        let wakes = WakeCounter()
        stream.attach { wakes.count += 1 }
        #expect(stream.read(max: 10, park: { true }) == .parked)
        stream.write("a")
        stream.write("b")                              // not parked any more: no second wake
        #expect(wakes.count == 1)
        #expect(stream.read(max: 10, park: { true }) == .bytes(Array("ab".utf8)))
        #expect(stream.read(max: 10, park: { false }) == .end)   // the server is stopping
    }

    @Test("cancelling runs the handler once, ignores later writes and ends the body")
    func cancel() {
        let stream = ResponseStream()
        let calls = WakeCounter()
        stream.whenCancelled { calls.count += 1 }
        #expect(!stream.isCancelled)
        stream.cancel()
        stream.cancel()
        #expect(stream.isCancelled && calls.count == 1)
        stream.write("late")
        #expect(stream.read(max: 10, park: { true }) == .end)
        stream.whenCancelled { calls.count += 10 }       // already cancelled: runs at once
        #expect(calls.count == 11)
    }
}
