import DequeModule
import PlatformKit

/// The outcomes of a driver's most recent idempotency keys, oldest first, by window key.
///
/// A window is small (``TripServiceState/answerWindow``), so a key is found by a scan of the
/// keys' hashes rather than through a hash table: handling a request costs about the same, and a
/// snapshot of 50 000 drivers' windows loads by appending, without building a table per driver.
/// Keys are compared by their UTF-8 bytes, as opaque tokens.
public struct AnswerWindow: Sendable, Equatable {
    private struct Answer: Sendable, Equatable {
        let key: String
        var outcome: TripServiceState.Outcome
        /// The FNV-1a hash of `key`'s UTF-8, its low half (after `outcome`, it fits the padding).
        let hash: UInt32
    }

    private var answers: Deque<Answer> = []

    public init() {}

    public var count: Int { answers.count }
    public var isEmpty: Bool { answers.isEmpty }

    /// The keys, oldest first.
    public var keys: [String] { answers.map(\.key) }

    /// The keys and their outcomes, oldest first.
    public var entries: some Sequence<(key: String, value: TripServiceState.Outcome)> { answers.lazy.map { ($0.key, $0.outcome) } }

    /// The outcome of `key`, if the window holds it.
    public subscript(key: String) -> TripServiceState.Outcome? {
        index(of: key, hash: Self.hash(key)).map { answers[$0].outcome }
    }

    /// Sets the outcome of `key`: in its place if the window holds it, else as the newest, the
    /// oldest then dropped beyond `limit`.
    mutating func set(_ outcome: TripServiceState.Outcome, for key: String, limit: Int) {
        let hash = Self.hash(key)
        if let index = index(of: key, hash: hash) {
            answers[index].outcome = outcome
            return
        }
        answers.append(Answer(key: key, outcome: outcome, hash: hash))
        if answers.count > limit { answers.removeFirst() }
    }

    /// Appends `key` as the newest without looking for it (a window being read back: see
    /// ``hasUniqueKeys``).
    mutating func appendUnchecked(_ key: String, _ outcome: TripServiceState.Outcome) {
        answers.append(Answer(key: key, outcome: outcome, hash: Self.hash(key)))
    }

    /// Whether no key is held twice. A bit per hash (of 1 024) rules most keys out at once; a key
    /// whose bit is taken is compared with the keys before it.
    var hasUniqueKeys: Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { seen in
            seen.initialize(repeating: 0)
            for (index, answer) in answers.enumerated() {
                let (word, bit) = (Int(answer.hash >> 6 & 15), UInt64(1) << (answer.hash & 63))
                if seen[word] & bit != 0,
                   answers.prefix(index).contains(where: { $0.hash == answer.hash && $0.key.utf8.elementsEqual(answer.key.utf8) }) {
                    return false
                }
                seen[word] |= bit
            }
            return true
        }
    }

    mutating func reserveCapacity(_ capacity: Int) {
        answers.reserveCapacity(capacity)
    }

    private static func hash(_ key: String) -> UInt32 {
        UInt32(truncatingIfNeeded: FNV1a.hash(key))
    }

    /// Newest first: a retry is mostly for a recent key.
    private func index(of key: String, hash: UInt32) -> Int? {
        var index = answers.count
        while index > 0 {
            index -= 1
            if answers[index].hash == hash, answers[index].key.utf8.elementsEqual(key.utf8) { return index }
        }
        return nil
    }
}
