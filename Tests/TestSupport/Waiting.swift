import Foundation

// Tests wait on conditions, never on the clock: a test sleeps nowhere and asserts no duration
// (TestLayoutTests fails on a sleep in Tests/). A bound below only ends a test that would
// otherwise hang when the code under test is broken; no test asserts how long anything took.
// Timings live in WebBenchmark, scripts/bench* and docs/PERFORMANCE.md.

/// Checks `condition` until it holds, for at most `bound` seconds; returns whether it came true.
/// For state only visible by asking (a server's requests in flight, a file another process
/// writes); where the code under test can signal, use a `Gate` or a semaphore instead.
@discardableResult
public func eventually(within bound: TimeInterval = 60, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(bound)
    let pause = NSCondition()
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        // Nobody signals `pause`: it only spaces the checks, without a sleep call.
        pause.lock()
        _ = pause.wait(until: Date().addingTimeInterval(0.005))
        pause.unlock()
    }
}

/// A gate a stand-in's handler waits at until the test opens it: "the remote answer hangs",
/// "the provider sends its next piece", "the slow request is still running" become states the
/// test controls instead of durations it guesses.
public final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var waiting = 0
    private var passed = 0

    public init() {}

    /// Blocks until the gate is open; `bound` (seconds) only ends a broken test. True when it opened.
    @discardableResult
    public func pass(within bound: TimeInterval = 120) -> Bool {
        condition.lock(); defer { condition.unlock() }
        waiting += 1
        condition.broadcast()
        let deadline = Date().addingTimeInterval(bound)
        while !isOpen && condition.wait(until: deadline) {}
        waiting -= 1
        passed += 1
        condition.broadcast()
        return isOpen
    }

    /// Opens the gate: every caller waiting passes, and later ones pass at once.
    public func open() {
        condition.lock(); isOpen = true; condition.broadcast(); condition.unlock()
    }

    /// How many callers wait at the gate now.
    public var waitingCount: Int {
        condition.lock(); defer { condition.unlock() }
        return waiting
    }

    /// Blocks until `count` callers wait at the gate at once (at most `bound` seconds); true when they did.
    @discardableResult
    public func waitUntilWaiting(_ count: Int, within bound: TimeInterval = 60) -> Bool {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(bound)
        while waiting < count && condition.wait(until: deadline) {}
        return waiting >= count
    }

    /// Blocks until `count` callers have passed the gate (at most `bound` seconds); true when they did.
    @discardableResult
    public func waitUntilPassed(_ count: Int, within bound: TimeInterval = 60) -> Bool {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(bound)
        while passed < count && condition.wait(until: deadline) {}
        return passed >= count
    }
}

/// A value shared between a test and the threads of the code under test, read and changed under a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    public func mutate<T>(_ change: (inout Value) -> T) -> T { lock.lock(); defer { lock.unlock() }; return change(&stored) }
}
