import EventLog
import PlatformKit

/// An earnings fact about one driver (what ``EarningsProjection`` folds).
public protocol EarningsFact: Event {
    var driverID: String { get }
    var at: Instant { get }
}

/// A trip completed: the driver earned `fare` (stream `earnings-<driverID>`).
public struct TripCompleted: EarningsFact, Equatable {
    public static let eventType = "earnings.trip.completed"
    public var driverID: String
    public var tripID: String
    public var fare: Money
    public var at: Instant

    public init(driverID: String, tripID: String, fare: Money, at: Instant) {
        self.driverID = driverID
        self.tripID = tripID
        self.fare = fare
        self.at = at
    }
}

/// The driver was enrolled in an incentive.
public struct IncentiveEnrolled: EarningsFact, Equatable {
    public static let eventType = "earnings.incentive.enrolled"
    public var driverID: String
    public var program: IncentiveProgram
    public var at: Instant

    public init(driverID: String, program: IncentiveProgram, at: Instant) {
        self.driverID = driverID
        self.program = program
        self.at = at
    }
}

/// The driver reached an incentive's goal and earned `reward` (a top-up for a guarantee, maybe zero).
public struct IncentiveEarned: EarningsFact, Equatable {
    public static let eventType = "earnings.incentive.earned"
    public var driverID: String
    public var programID: String
    public var reward: Money
    public var at: Instant

    public init(driverID: String, programID: String, reward: Money, at: Instant) {
        self.driverID = driverID
        self.programID = programID
        self.reward = reward
        self.at = at
    }
}
