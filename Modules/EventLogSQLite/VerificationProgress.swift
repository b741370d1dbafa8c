import Synchronization

/// The progress of a verification's concurrent checks: each tells how far into the log it is,
/// and `report` gets the sequence number they have reached on average, and the last one.
final class VerificationProgress: Sendable {
    /// A check tells its progress each time it has gone this much further into the log.
    static let interval: Int64 = 65_536

    private let reached: Mutex<[Int64]>
    private let last: Int64
    // Called with the lock held, so from one thread at a time.
    nonisolated(unsafe) private let report: ((Int64, Int64) -> Void)?

    init(checks: Int, last: Int64, report: ((Int64, Int64) -> Void)?) {
        reached = Mutex(Array(repeating: 0, count: checks))
        self.last = last
        self.report = report
    }

    /// Check number `check` has reached `sequence`.
    func check(_ check: Int, reached sequence: Int64) {
        guard let report else { return }
        reached.withLock { reached in
            reached[check] = sequence
            report(reached.reduce(0, +) / Int64(reached.count), last)
        }
    }
}
