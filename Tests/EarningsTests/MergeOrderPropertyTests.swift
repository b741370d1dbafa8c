import Earnings
import PlatformKit
import RealtimeAPI
import XCTest

/// Laws of the merge: the order pushes arrive in never changes what the driver sees.
final class MergeOrderPropertyTests: XCTestCase {
    func test_pushOrder_doesNotChangeTheModes() {
        for seed in UInt64(0)..<100 {
            let random = RandomSource.seeded(seed)
            // Versions of up to 12 card IDs; each version has a distinct lastUpdatedAt.
            var versions: [(service: TrackerService, card: TrackerCard)] = []
            var stamp: TimestampInSec = seconds(at(0))
            for _ in 0..<random.int(in: 1..<40) {
                stamp += Int64(random.int(in: 1..<600))
                let id = "card-\(random.int(in: 0..<12))"
                let service: TrackerService = random.bool(probability: 0.5) ? .earnings : .incentives
                let type: CardType = [.browse, .bulletin, .browseAndBulletin][random.int(in: 0..<3)]
                var version = card(
                    id, priority: Double(random.int(in: 0..<5)), type: type, valid: random.bool(probability: 0.9),
                    expiresAt: random.bool(probability: 0.2) ? stamp + Int64(random.int(in: -3_600..<3_600)) : nil,
                    updated: stamp, status: Double(random.int(in: 0..<3)), total: Int64(random.int(in: 0..<10_000))
                )
                if type != .browse {
                    version.payload = .recentTrips(TrackerRecentTripsCard(title: id, formattedTotal: "$\(stamp % 100)", total: usd(stamp % 100)))
                }
                versions.append((service, version))
            }
            let now = Instant(timestampInSec: stamp)
            var inOrder = TrackerState()
            var shuffled = TrackerState()
            for version in versions {
                inOrder.apply(TrackerCardsPushed(driverID: "d", service: version.service, cards: [version.card], at: now))
            }
            var generator = SeededGenerator(seed: seed)
            for version in versions.shuffled(using: &generator) {
                shuffled.apply(TrackerCardsPushed(driverID: "d", service: version.service, cards: [version.card], at: now))
            }
            let manager = TrackerDataManager()
            let expected = manager.modes(inOrder.streams, now: now)
            let actual = manager.modes(shuffled.streams, now: now)
            XCTAssertEqual(actual.browse.sortedValidItems, expected.browse.sortedValidItems, "seed \(seed)")
            XCTAssertEqual(actual.bulletin.sortedValidItems, expected.bulletin.sortedValidItems, "seed \(seed)")
            XCTAssertEqual(actual.status.selectedItem, expected.status.selectedItem, "seed \(seed)")
            // Only the newest version of each card ID is ever shown.
            for item in actual.browse.sortedValidItems + actual.bulletin.sortedValidItems {
                let newest = versions.filter { $0.card.cardID == item.card.cardID }.compactMap(\.card.lastUpdatedAt).max()
                XCTAssertEqual(item.card.lastUpdatedAt, newest, "seed \(seed)")
            }
        }
    }
}
