import Earnings
import Foundation
import PlatformKit
import RealtimeAPI

/// 2026-11-16T00:00:00Z, a Monday.
let monday = Instant(millisecondsSinceEpoch: 1_794_787_200_000)

func at(_ seconds: Int64) -> Instant { monday.advanced(by: .seconds(seconds)) }
func seconds(_ instant: Instant) -> TimestampInSec { instant.millisecondsSinceEpoch / 1_000 }
func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

func card(
    _ id: String, priority: Double = 1, type: CardType? = .browse, valid: Bool = true, expiresAt: TimestampInSec? = nil,
    updated: TimestampInSec? = nil, force: Bool? = nil, status: Double? = nil, total: Int64 = 1_000
) -> TrackerCard {
    TrackerCard(
        cardID: id, priority: priority, isValid: valid,
        payload: .dailyEarnings(TrackerDailyEarningsCard(title: id, formattedTotal: "$\(total / 100).\(String(format: "%02d", total % 100))", total: usd(total))),
        cardType: type, expiresAt: expiresAt, lastUpdatedAt: updated, shouldForceSwitchStatusMode: force, statusModePriority: status
    )
}

func decodeCards(_ json: String) throws -> TrackerCardList {
    try JSONDecoder().decode(TrackerCardList.self, from: Data(json.utf8))
}

extension TrackerModes {
    var browseIDs: [String] { browse.sortedValidItems.map(\.card.cardID) }
    func reason(_ id: String) -> TrackerExclusionReason? { excluded.first { $0.cardID == id }?.reason }
}
