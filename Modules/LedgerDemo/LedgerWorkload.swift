import EventLog
import PlatformKit

/// A deterministic stream of ledger events over many interleaved accounts.
///
/// Used by `platform demo`, the crash test's writer and the benchmarks: the same seed gives the
/// same events. Payloads are about `payloadSize` bytes (the memo pads them).
public struct LedgerWorkload {
    private var random: SeededGenerator
    private let accounts: Int
    private let memo: String

    public init(seed: UInt64, accounts: Int, payloadSize: Int = 200) {
        self.random = SeededGenerator(seed: seed)
        self.accounts = max(1, accounts)
        self.memo = String(repeating: "m", count: max(0, payloadSize - 40))
    }

    /// The next event: mostly deposits, sometimes withdrawals.
    public mutating func next() throws -> NewEvent {
        let account = "acct-\(Int.random(in: 0..<accounts, using: &random))"
        let amount = Int64.random(in: 1...50_000, using: &random)
        if Int.random(in: 0..<4, using: &random) == 0 {
            return try Withdrawn(account: account, amount: amount).newEvent(stream: account)
        }
        return try Deposited(account: account, amount: amount, memo: memo).newEvent(stream: account)
    }

    /// The next `count` events.
    public mutating func next(_ count: Int) throws -> [NewEvent] {
        try (0..<count).map { _ in try next() }
    }
}
