import EventLog
import PlatformKit
import RealtimeAPI

/// How often a data manager may pull: never within `minimumInterval` of the last data (push or
/// pull), and after a failed pull not before the `backoff` delay.
public struct PullPolicy: Sendable, Hashable, Codable {
    public var minimumInterval: Duration
    public var backoff: Backoff

    public init(minimumInterval: Duration = .seconds(60), backoff: Backoff = Backoff(initial: .seconds(5), maximum: .seconds(300))) {
        self.minimumInterval = minimumInterval
        self.backoff = backoff
    }
}

/// One back-end service's cards on the client (the seed's RealtimeEarningsManager,
/// RealtimeIncentiveManager): self-contained, it merges pushes and pulls (the newest
/// `lastUpdatedAt` per card wins, so out-of-order pushes never roll data back), knows whether the
/// service is in outage, and says when a pull is due.
public struct ServiceDataManager: Sendable, Hashable, Codable {
    public let service: TrackerService
    /// The cached cards, one per `cardID` (by its bytes, as ``TrackerDataManager`` merges), in arrival order.
    public private(set) var cards: [TrackerCard] = []
    public private(set) var isInOutage = false
    /// When the service last delivered data (push or pull).
    public private(set) var lastUpdatedAt: Instant?
    public private(set) var lastPullAt: Instant?
    /// Consecutive failed pulls.
    public private(set) var failedPulls = 0
    /// No pull before this instant (backoff after a failure).
    public private(set) var retryAt: Instant?

    public init(service: TrackerService) {
        self.service = service
    }

    /// The earnings data manager (last trip, daily and weekly summaries).
    public static var realtimeEarnings: ServiceDataManager { ServiceDataManager(service: .earnings) }
    /// The incentives data manager (quests, consecutive trips, new-driver guarantee, loyalty).
    public static var realtimeIncentives: ServiceDataManager { ServiceDataManager(service: .incentives) }

    /// Cards pushed by the service.
    public mutating func receivePush(_ pushed: [TrackerCard], at instant: Instant) {
        merge(pushed, at: instant)
    }

    /// Cards a pull returned: the service is reachable again.
    public mutating func receivePull(_ pulled: [TrackerCard], at instant: Instant) {
        failedPulls = 0
        retryAt = nil
        lastPullAt = instant
        merge(pulled, at: instant)
    }

    /// A pull that got no answer: the service is in outage; cached cards stay.
    public mutating func pullFailed(at instant: Instant, retryAt: Instant) {
        failedPulls += 1
        lastPullAt = instant
        self.retryAt = retryAt
        isInOutage = true
    }

    /// Whether a pull may be sent at `instant` under `policy`.
    public func isPullDue(at instant: Instant, policy: PullPolicy) -> Bool {
        if let retryAt, instant < retryAt { return false }
        let last = [lastUpdatedAt, lastPullAt].compactMap { $0 }.max()
        return last.map { instant >= $0.advanced(by: policy.minimumInterval) } ?? true
    }

    /// When to retry after the pull failing now.
    public func retryInstant(after instant: Instant, policy: PullPolicy, random: RandomSource) -> Instant {
        instant.advanced(by: policy.backoff.delay(attempt: failedPulls + 1, random: random))
    }

    /// The cards for ``TrackerDataManager``.
    public var stream: TrackerCardStream {
        TrackerCardStream(service: service, cards: cards, isInOutage: isInOutage, lastUpdatedAt: lastUpdatedAt)
    }

    private mutating func merge(_ incoming: [TrackerCard], at instant: Instant) {
        lastUpdatedAt = max(lastUpdatedAt ?? instant, instant)
        isInOutage = incoming.contains { $0.outageState == .outage }
        for card in incoming {
            guard let index = cards.firstIndex(where: { $0.cardID.hasSameUTF8(as: card.cardID) }) else {
                cards.append(card)
                continue
            }
            if (card.lastUpdatedAt ?? .min) >= (cards[index].lastUpdatedAt ?? .min) { cards[index] = card }
        }
    }
}

// Encoded and decoded without `Codable` in tracker snapshots (the synthesized encoding's keys, in
// its order), beside the private setters.
extension ServiceDataManager: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(service, forKey: "service")
        writer.encode(cards, forKey: "cards")
        writer.encode(isInOutage, forKey: "isInOutage")
        writer.encodeIfPresent(lastUpdatedAt, forKey: "lastUpdatedAt")
        writer.encodeIfPresent(lastPullAt, forKey: "lastPullAt")
        writer.encode(failedPulls, forKey: "failedPulls")
        writer.encodeIfPresent(retryAt, forKey: "retryAt")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        service = try reader.decode(TrackerService.self, forKey: "service")
        cards = try reader.decode([TrackerCard].self, forKey: "cards")
        isInOutage = try reader.decode(Bool.self, forKey: "isInOutage")
        lastUpdatedAt = try reader.decodeIfPresent(Instant.self, forKey: "lastUpdatedAt")
        lastPullAt = try reader.decodeIfPresent(Instant.self, forKey: "lastPullAt")
        failedPulls = try reader.decode(Int.self, forKey: "failedPulls")
        retryAt = try reader.decodeIfPresent(Instant.self, forKey: "retryAt")
    }
}

// Packed in tracker snapshots (see `TrackerProjection+BinaryCodable.swift`), beside the private setters.
extension ServiceDataManager {
    func pack(into writer: inout PackedFieldWriter) {
        writer.string(service.rawValue)
        writer.unsigned(UInt(cards.count))
        // Through the buffer: `for card in cards`, or `cards[index]`, copies each card to pack it,
        // counting a reference to each of its strings (at scale, rarely in the cache).
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices { cards[index].pack(into: &writer) }
        }
        writer.bool(isInOutage)
        writer.instant(lastUpdatedAt)
        writer.instant(lastPullAt)
        writer.int(failedPulls)
        writer.instant(retryAt)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        service = TrackerService(rawValue: try reader.string())
        let count = try reader.count(minimumBytes: 17)
        cards.reserveCapacity(count)
        for _ in 0..<count { cards.append(try TrackerCard(packed: &reader)) }
        isInOutage = try reader.bool()
        lastUpdatedAt = try reader.optionalInstant()
        lastPullAt = try reader.optionalInstant()
        failedPulls = try reader.int()
        retryAt = try reader.optionalInstant()
    }
}
