import DequeModule
import Dispatch
import Synchronization

/// Tasks run on a fixed number of threads (the calling one among them), in the order submitted;
/// a task may submit more. Unlike `concurrentPerform` over a fixed list, work that becomes ready
/// midway (a check whose inputs were just replayed) can fill a thread that would otherwise wait
/// for the last long task to end.
final class WorkQueue: Sendable {
    typealias Task = @Sendable () -> Void

    private struct State {
        var tasks = Deque<Task>()
        /// Tasks taken and not finished.
        var running = 0
        var threads = 0
    }

    private let state = Mutex(State())
    /// One signal per submitted task, and one per thread when all work is done.
    private let available = DispatchSemaphore(value: 0)

    /// Queues `task`: last, or with `first`, ahead of every task not yet taken (a short task
    /// queued behind many would otherwise be left to run alone at the end).
    func submit(first: Bool = false, _ task: @escaping Task) {
        state.withLock { first ? $0.tasks.prepend(task) : $0.tasks.append(task) }
        available.signal()
    }

    /// Runs the submitted tasks, and those they submit, on `threads` threads; returns when none is left.
    func run(threads: Int) {
        let threads = max(1, threads)
        let nothingToDo = state.withLock { state in
            state.threads = threads
            return state.tasks.isEmpty
        }
        if nothingToDo { for _ in 0..<threads { available.signal() } }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let task = next() {
                task()
                finished()
            }
        }
    }

    /// The next task, waiting while others run (they may submit more); nil once all work is done.
    private func next() -> Task? {
        available.wait()
        return state.withLock { state in
            guard let task = state.tasks.popFirst() else { return nil }
            state.running += 1
            return task
        }
    }

    private func finished() {
        let threads = state.withLock { state -> Int in
            state.running -= 1
            return state.running == 0 && state.tasks.isEmpty ? state.threads : 0
        }
        for _ in 0..<threads { available.signal() }
    }
}
