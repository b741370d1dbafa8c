import PlatformKit
import RealtimeAPI

extension TrackerCard {
    /// The card a service in outage shows (earnings error, incentives error): top of Browse and Status,
    /// with when the service last delivered data.
    public static func outageError(for service: TrackerService, lastUpdatedAt: Instant?) -> TrackerCard {
        let source = service.errorSource
        let updated = lastUpdatedAt.map { "Last updated \($0)" } ?? "Not updated yet"
        return TrackerCard(
            cardID: "\(service).error",
            priority: outageErrorPriority,
            payload: .error(TrackerErrorCard(title: "\(source.displayName) are delayed", source: source, message: updated)),
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
    /// `Earnings`, `Incentives`, `New driver guarantee`, `Loyalty`.
    public var displayName: String {
        switch self {
        case .earnings: "Earnings"
        case .incentives: "Incentives"
        case .newDriverGuarantee: "New driver guarantee"
        case .loyalty: "Loyalty rewards"
        }
    }
}
