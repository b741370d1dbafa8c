import PlatformKit
import RealtimeAPI

extension TrackerCard {
    /// The card a service in outage shows (earnings, incentives, new-driver guarantee or loyalty
    /// error): top of Browse and Status, with when the service last delivered data. Nil for a
    /// service the contract has no error card for: its cached cards still show the outage.
    public static func outageError(for service: TrackerService, lastUpdatedAt: Instant?) -> TrackerCard? {
        guard let source = service.errorSource else { return nil }
        let updated = lastUpdatedAt.map { "Last updated \($0)" } ?? "Not updated yet"
        return TrackerCard(
            cardID: "\(service).error",
            priority: outageErrorPriority,
            payload: .error(TrackerErrorCard(title: source.delayedTitle, source: source, message: updated)),
            cardType: .browse,
            lastUpdatedAt: lastUpdatedAt?.timestampInSec,
            outageState: .outage,
            statusModePriority: outageErrorPriority
        )
    }

    /// Error cards rank above every card a service sends.
    public static let outageErrorPriority = 1_000_000.0
}

extension TrackerErrorSource {
    /// The error card's title: `Earnings are delayed`, `Loyalty progress is delayed`.
    var delayedTitle: String {
        switch self {
        case .earnings: "Earnings are delayed"
        case .incentives: "Incentives are delayed"
        case .newDriverGuarantee: "New driver guarantee progress is delayed"
        case .loyalty: "Loyalty progress is delayed"
        }
    }
}
