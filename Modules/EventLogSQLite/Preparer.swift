import Foundation
import Synchronization

/// The writer's second thread: one long-lived thread that prepares one batch at a time
/// (see ``PreparedBatch``), so a batch costs a wake-up rather than a new thread.
final class Preparer: Sendable {
    private struct State {
        var thread = ThreadLifecycle()
        var job: (@Sendable () -> Void)?
    }

    private static let yieldsBeforeSleeping = 200

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// Set with each job, so the thread can see the next one coming while it yields.
    private let signalled = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Runs `job` on the thread (started on first use), or on the caller's once stopped. One job
    /// at a time: the writer waits for a batch to be prepared before it hands over the next.
    func run(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool? in
            precondition(state.job == nil, "one batch at a time")
            if state.thread.stopped { return nil }
            state.job = job
            return state.thread.use()
        }
        guard let start else { return job() }
        if start {
            Thread { [self] in loop() }.start()
        }
        signalled.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Ends the thread (idempotent).
    func stop() {
        guard state.withLock({ $0.thread.stop() }) else { return }
        wake.signal()
        finished.wait()
    }

    private func loop() {
        while true {
            // Batches often follow closely: yield a little while before sleeping, so the next
            // one does not wait for the thread to be woken.
            for _ in 0..<Self.yieldsBeforeSleeping where !signalled.load(ordering: .acquiring) { sched_yield() }
            wake.wait()
            signalled.store(false, ordering: .relaxed)
            let (job, stopped) = state.withLock { state in
                defer { state.job = nil }
                return (state.job, state.thread.stopped)
            }
            job?()
            if stopped { break }
        }
        finished.signal()
    }
}
