import Foundation
import OutOfAppDSL

/// A trip state in the service's compact form.
struct Observed {
    var phase: TripPhase
    var eta: Int32
    var latitude: Float
    var longitude: Float

    init(phase: TripPhase, eta: Int32, latitude: Float, longitude: Float) {
        self.phase = phase
        self.eta = eta
        self.latitude = latitude
        self.longitude = longitude
    }

    init(_ change: TripStateChange) {
        self.init(
            phase: change.phase, eta: Int32(clamping: change.etaSeconds),
            latitude: Float(change.location.latitude), longitude: Float(change.location.longitude)
        )
    }

    init(pendingOf slot: TripSlot) {
        self.init(phase: slot.pendingPhase, eta: slot.pendingETA, latitude: slot.pendingLatitude, longitude: slot.pendingLongitude)
    }
}

/// The significance rules compiled for the hot path: a phase change always counts (high priority).
struct Significance: Sendable {
    struct Verdict {
        var reason: PushReason
        var priority: PushPriority
    }

    private let rules: [SignificanceRule]

    init(rules: [SignificanceRule]) {
        self.rules = rules
    }

    /// Why `observed` is worth a push against the trip's delivered state, or `nil`.
    func evaluate(_ observed: Observed, against slot: TripSlot) -> Verdict? {
        if observed.phase != slot.deliveredPhase { return Verdict(reason: .phaseChanged, priority: .high) }
        for rule in rules {
            switch rule.field {
            case .eta:
                if abs(Int(observed.eta) - Int(slot.deliveredETA)) >= rule.threshold {
                    return Verdict(reason: .etaChanged, priority: rule.priority)
                }
            case .location:
                if Self.isAtLeast(Float(rule.threshold), observed.latitude, observed.longitude, slot.deliveredLatitude, slot.deliveredLongitude) {
                    return Verdict(reason: .locationChanged, priority: rule.priority)
                }
            }
        }
        return nil
    }

    /// Whether two nearby points are `metres` apart or more. The cosine is skipped when even
    /// the east-west span at the equator (an upper bound) is too short.
    static func isAtLeast(_ metres: Float, _ latitude1: Float, _ longitude1: Float, _ latitude2: Float, _ longitude2: Float) -> Bool {
        let north = (latitude1 - latitude2) * metresPerDegree
        let eastBound = (longitude1 - longitude2) * metresPerDegree
        guard north * north + eastBound * eastBound >= metres * metres else { return false }
        return distance(latitude1, longitude1, latitude2, longitude2) >= metres
    }

    private static let metresPerDegree: Float = 111_195

    /// Metres between two nearby points (equirectangular approximation).
    static func distance(_ latitude1: Float, _ longitude1: Float, _ latitude2: Float, _ longitude2: Float) -> Float {
        let north = (latitude1 - latitude2) * metresPerDegree
        let east = (longitude1 - longitude2) * metresPerDegree * cos((latitude1 + latitude2) * (.pi / 360))
        return (north * north + east * east).squareRoot()
    }
}

extension TripTable {
    /// Records `observed` as what the rider now sees, advancing the progress bar.
    mutating func updateDelivered(_ slot: Int32, _ observed: Observed, at time: Int64, isStart: Bool) {
        if isStart || observed.phase != self[slot].deliveredPhase {
            self[slot].phaseStartedAt = time
            self[slot].progress = 0
        }
        self[slot].progress = Self.progress(observed, previous: self[slot].progress, elapsed: time - self[slot].phaseStartedAt)
        self[slot].deliveredPhase = observed.phase
        self[slot].deliveredETA = observed.eta
        self[slot].deliveredLatitude = observed.latitude
        self[slot].deliveredLongitude = observed.longitude
    }

    private static func progress(_ observed: Observed, previous: UInt16, elapsed: Int64) -> UInt16 {
        switch observed.phase {
        case .matching, .canceled: return previous
        case .completed: return 1_000
        case .enRoute, .arriving, .onTrip:
            let fill = ProgressCurve.advance(
                from: Double(previous) / 1_000, elapsedSeconds: Int(elapsed / 1_000), remainingSeconds: Int(observed.eta)
            )
            return UInt16((fill * 1_000).rounded(.down))
        }
    }
}
