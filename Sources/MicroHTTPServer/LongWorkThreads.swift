import Foundation

/// Threads of its own for requests that block for seconds (a remote call, an import, a
/// passcode hash). A GCD concurrent queue does not serve them: on Linux its pool grows past
/// the core count only while the CPUs look idle, so under load a blocked call could leave
/// the next long request waiting for a thread until its own caller had timed out.
/// At most `limit` threads run; later work waits in order and runs as a thread frees.
final class LongWorkThreads: @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var waiting: [@Sendable () -> Void] = []
    private var running = 0

    init(limit: Int) { self.limit = max(1, limit) }

    func run(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        waiting.append(work)
        let start = running < limit
        if start { running += 1 }
        lock.unlock()
        guard start else { return }
        let thread = Thread { [self] in drain() }
        thread.name = "finmind.long-work"
        thread.start()
    }

    /// Runs waiting work until none is left, then lets its thread end.
    private func drain() {
        while true {
            lock.lock()
            guard !waiting.isEmpty else { running -= 1; lock.unlock(); return }
            let work = waiting.removeFirst()
            lock.unlock()
            work()
        }
    }
}
