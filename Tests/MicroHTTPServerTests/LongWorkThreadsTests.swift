import Foundation
import Testing
@testable import MicroHTTPServer

/// Tests Sources/MicroHTTPServer/LongWorkThreads.swift: every piece of work runs, never more than the limit at once.
@Suite("Long work threads")
struct LongWorkThreadsTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var peak = 0
        private(set) var finished = 0
        func begin() { lock.lock(); running += 1; peak = max(peak, running); lock.unlock() }
        func end() { lock.lock(); running -= 1; finished += 1; lock.unlock() }
        var snapshot: (peak: Int, finished: Int) { lock.lock(); defer { lock.unlock() }; return (peak, finished) }
    }

    @Test("ten blocking pieces on a limit of 3: all finish, at most 3 at a time")
    func limit() {
        let threads = LongWorkThreads(limit: 3)
        let counter = Counter()
        let began = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for _ in 0..<10 {
            threads.run {
                counter.begin()
                began.signal()
                _ = release.wait(timeout: .now() + 120)   // held until the test lets it go
                counter.end()
                done.signal()
            }
        }
        // Three pieces start and block; no fourth can start while they hold their threads.
        for _ in 0..<3 { #expect(began.wait(timeout: .now() + 60) == .success) }
        #expect(counter.snapshot.peak == 3 && counter.snapshot.finished == 0)
        for _ in 0..<10 { release.signal() }
        for _ in 0..<10 { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(counter.snapshot.finished == 10)
        #expect(counter.snapshot.peak == 3)
    }

    @Test("a limit below one still runs the work, one at a time")
    func atLeastOne() {
        let threads = LongWorkThreads(limit: 0)
        let counter = Counter()
        let began = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            threads.run { counter.begin(); began.signal(); _ = release.wait(timeout: .now() + 120); counter.end(); done.signal() }
        }
        #expect(began.wait(timeout: .now() + 60) == .success)
        #expect(counter.snapshot.peak == 1, "the second piece waits while the first holds the only thread")
        for _ in 0..<3 { release.signal() }
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 60) == .success) }
        #expect(counter.snapshot.peak == 1 && counter.snapshot.finished == 3)
    }
}
