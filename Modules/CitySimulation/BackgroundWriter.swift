import Foundation

/// Runs jobs in order on one second thread, so the simulation computes its next events while
/// the previous batch is appended and projected.
///
/// At most `depth` jobs wait; `submit` blocks beyond that, so memory stays bounded. The first
/// job that throws stops the writer: later jobs are dropped and every later `submit` or `drain`
/// rethrows that error.
final class BackgroundWriter<Job: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    private let work: (Job) throws -> Void
    // Guarded by `condition`.
    private var waiting: [Job] = []
    private var busy = false
    private var failure: (any Error)?
    private var stopping = false

    init(depth: Int, work: @escaping (Job) throws -> Void) {
        self.depth = max(1, depth)
        self.work = work
        let thread = Thread { [self] in runLoop() }
        thread.name = "simulation-log-writer"
        thread.start()
    }

    /// Queues `job`; waits while `depth` jobs are already queued.

    func submit(_ job: Job) throws {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= depth && failure == nil { condition.wait() }
        if let failure { throw failure }
        waiting.append(job)
        condition.broadcast()
    }

    /// Waits until every queued job has run.
    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while (!waiting.isEmpty || busy) && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Waits for the running job, drops the queued ones and ends the thread.
    func stop() {
        condition.lock()
        stopping = true
        waiting.removeAll()
        condition.broadcast()
        while busy { condition.wait() }
        condition.unlock()
    }

    private func runLoop() {
        condition.lock()
        while true {
            while waiting.isEmpty && !stopping { condition.wait() }
            if stopping { break }
            let job = waiting.removeFirst()
            busy = true
            condition.unlock()
            var thrown: (any Error)?
            do { try work(job) } catch { thrown = error }
            condition.lock()
            busy = false
            if let thrown, failure == nil {
                failure = thrown
                waiting.removeAll()
            }
            condition.broadcast()
        }
        condition.unlock()
    }
}
