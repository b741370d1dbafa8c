import PlatformKit
import RealtimeAPI

/// What a card plugin shows: a title, the amount (masked in Status under Privacy Mode) and a detail line.
public struct TrackerCardView: Sendable, Hashable, Codable {
    public var title: String
    public var amount: String?
    public var detail: String?
    /// Shown with an outage indicator: "last updated …".
    public var staleSince: String?

    /// What Privacy Mode shows instead of an amount.
    public static let maskedAmount = "•••"
}

extension BrowseTrackerRankingItem {
    /// The card as its plugin renders it; `masked` hides the amount.
    public func view(masked: Bool = false) -> TrackerCardView {
        var view = card.payload.map(Self.render) ?? TrackerCardView(title: card.cardID)
        if masked, view.amount != nil { view.amount = TrackerCardView.maskedAmount }
        if isStale { view.staleSince = card.lastUpdatedAt.map { "\(Instant(timestampInSec: $0))" } ?? "unknown" }
        return view
    }

    private static func render(_ payload: TrackerCardPayload) -> TrackerCardView {
        switch payload {
        case .recentTrips(let card):
            TrackerCardView(title: card.title, amount: card.formattedTotal, detail: card.formattedRequestAt ?? card.vehicleStatusDescription)
        case .dailyEarnings(let card), .weeklyEarnings(let card):
            TrackerCardView(title: card.title, amount: card.formattedTotal, detail: card.tripCount.map { $0.counted("trip") })
        case .dxgyProgress(let card), .consecutiveTripsProgress(let card):
            TrackerCardView(title: card.title, amount: card.formattedReward, detail: "\(card.completedTrips) of \(card.targetTrips.counted("trip"))")
        case .dxgyCompletion(let card), .consecutiveTripsCompletion(let card), .newDriverGuaranteeCompletion(let card):
            TrackerCardView(title: card.bulletinTitle ?? card.title, amount: card.formattedReward, detail: card.title)
        case .newDriverGuaranteeProgress(let card):
            TrackerCardView(
                title: card.title, amount: card.formattedEarned.map { "\($0) of \(card.formattedGuarantee ?? "?")" },
                detail: "\(card.completedTrips) of \(card.targetTrips.counted("trip"))"
            )
        case .loyaltyProgress(let card):
            TrackerCardView(
                title: card.title, amount: nil,
                detail: "\(card.tier), \(card.points.counted("point"))" + (card.nextTier.map { ", \(card.pointsToNextTier ?? 0) to \($0)" } ?? "")
            )
        case .error(let card):
            TrackerCardView(title: card.title, amount: nil, detail: card.message)
        }
    }
}

extension TrackerStatusMode {
    /// The Status item as shown: amounts masked under Privacy Mode (Status mode only).
    public var view: TrackerCardView? {
        selectedItem?.view(masked: privacyStatus == .hidden)
    }
}
