@testable import CitySimulation
import Synchronization
import XCTest

/// The work queue runs every task once, also those submitted by tasks, and returns when all ran;
/// a task submitted `first` runs before those waiting.
final class WorkQueueTests: XCTestCase {
    func test_everyTask_andEveryTaskATaskSubmits_runsOnce() {
        let queue = WorkQueue()
        let runs = Mutex([Int: Int]())
        @Sendable func task(_ id: Int, depth: Int) -> WorkQueue.Task {
            { @Sendable in
                runs.withLock { $0[id, default: 0] += 1 }
                // Each task below the top level submits two more, some while others still run.
                guard depth < 6 else { return }
                queue.submit(task(id * 2, depth: depth + 1))
                queue.submit(task(id * 2 + 1, depth: depth + 1))
            }
        }
        queue.submit(task(1, depth: 0))
        queue.run(threads: 3)
        let counts = runs.withLock { $0 }
        XCTAssertEqual(counts.count, (1 << 7) - 1)
        XCTAssertTrue(counts.values.allSatisfy { $0 == 1 })
    }

    func test_aTaskSubmittedFirst_runsBeforeThoseWaiting() {
        let queue = WorkQueue()
        let order = Mutex([String]())
        @Sendable func task(_ name: String) -> WorkQueue.Task {
            { @Sendable in order.withLock { $0.append(name) } }
        }
        queue.submit {
            order.withLock { $0.append("start") }
            queue.submit(task("a"))
            queue.submit(task("b"))
            queue.submit(first: true, task("c"))
        }
        queue.run(threads: 1)
        XCTAssertEqual(order.withLock { $0 }, ["start", "c", "a", "b"])
    }

    func test_aQueueWithNothingSubmitted_returnsAtOnce() {
        WorkQueue().run(threads: 2)
    }
}
