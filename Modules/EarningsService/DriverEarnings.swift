import EventLog
import PlatformKit

/// A completed trip in the driver's trip history.
public struct TripLine: Sendable, Hashable, Codable {
    public var tripID: String
    public var fare: Money
    public var at: Instant
}

/// An incentive payout.
public struct RewardLine: Sendable, Hashable, Codable {
    public var programID: String
    public var amount: Money
    public var at: Instant
}

/// How far a driver is in one incentive.
public struct ProgramProgress: Sendable, Hashable, Codable {
    public var program: IncentiveProgram
    /// Trips counted towards the goal (the current streak for consecutive trips).
    public var completedTrips = 0
    public var lastTripAt: Instant?
    /// Fares earned in the counted trips (the new-driver guarantee compares them to its amount).
    public var earnedMinorUnits: Int64 = 0
    /// Quests and guarantees complete once; streaks restart.
    public var isCompleted = false
    public var completions = 0

    /// Whether the goal is reached and not yet paid.
    public var isDue: Bool { !isCompleted && completedTrips >= program.targetTrips }

    /// What reaching the goal pays: the reward, or the guarantee's top-up.
    public var payout: Int64 {
        program.kind == .newDriverGuarantee ? max(0, program.amount.minorUnits - earnedMinorUnits) : program.amount.minorUnits
    }
}

/// One driver's earnings: the single projection every touchpoint (last trip, daily and weekly
/// summaries, trip history, earnings home) is derived from. Totals are kept per local day and week.
public struct DriverEarnings: Sendable, Hashable {
    /// The driver's currency (from the first trip).
    public private(set) var currency: Currency?
    /// Trip history, oldest first.
    public private(set) var trips: [TripLine] = []
    /// Incentive payouts, oldest first.
    public private(set) var rewards: [RewardLine] = []
    public private(set) var programs: [ProgramProgress] = []
    /// Fares and rewards per local day, in minor units.
    public private(set) var dailyTotals: [Int64: Int64] = [:]
    public private(set) var dailyTrips: [Int64: Int] = [:]
    /// Fares and rewards per local week, in minor units.
    public private(set) var weeklyTotals: [Int64: Int64] = [:]
    public private(set) var weeklyTrips: [Int64: Int] = [:]

    public init() {}

    /// Loyalty points: one per trip.
    public var loyaltyPoints: Int { trips.count }

    /// The progress in program `id`.
    public func progress(_ id: String) -> ProgramProgress? {
        programs.first { $0.program.id == id }
    }

    /// Folds one earnings fact; other events leave it unchanged.
    public mutating func apply(_ event: any Event, calendar: EarningsCalendar) {
        if let trip = event.exactly(TripCompleted.self) {
            apply(trip, calendar: calendar)
        } else if let enrollment = event.exactly(IncentiveEnrolled.self) {
            apply(enrollment)
        } else if let earned = event.exactly(IncentiveEarned.self) {
            apply(earned, calendar: calendar)
        }
    }

    private mutating func apply(_ trip: TripCompleted, calendar: EarningsCalendar) {
        currency = currency ?? trip.fare.currency
        trips.append(TripLine(tripID: trip.tripID, fare: trip.fare, at: trip.at))
        credit(trip.fare.minorUnits, at: trip.at, calendar: calendar, isTrip: true)
        for index in programs.indices {
            programs[index].count(trip)
        }
    }

    private mutating func apply(_ enrollment: IncentiveEnrolled) {
        guard progress(enrollment.program.id) == nil else { return }
        programs.append(ProgramProgress(program: enrollment.program))
    }

    private mutating func apply(_ earned: IncentiveEarned, calendar: EarningsCalendar) {
        rewards.append(RewardLine(programID: earned.programID, amount: earned.reward, at: earned.at))
        credit(earned.reward.minorUnits, at: earned.at, calendar: calendar, isTrip: false)
        guard let index = programs.firstIndex(where: { $0.program.id == earned.programID }) else { return }
        programs[index].completions += 1
        if programs[index].program.kind == .consecutiveTrips {
            programs[index].completedTrips = 0
        } else {
            programs[index].isCompleted = true
        }
    }

    private mutating func credit(_ minorUnits: Int64, at instant: Instant, calendar: EarningsCalendar, isTrip: Bool) {
        let day = calendar.day(of: instant)
        let week = calendar.week(of: instant)
        dailyTotals[day, default: 0] &+= minorUnits
        weeklyTotals[week, default: 0] &+= minorUnits
        if isTrip {
            dailyTrips[day, default: 0] += 1
            weeklyTrips[week, default: 0] += 1
        }
    }
}

extension ProgramProgress {
    fileprivate mutating func count(_ trip: TripCompleted) {
        defer { lastTripAt = trip.at }
        switch program.kind {
        case .quest:
            if !isCompleted, program.isActive(at: trip.at) { completedTrips += 1 }
        case .consecutiveTrips:
            let gap = lastTripAt.map { $0.duration(to: trip.at) }
            let continues = gap.map { $0 <= .seconds(program.maxGapSeconds ?? 0) } ?? false
            completedTrips = continues ? completedTrips + 1 : 1
        case .newDriverGuarantee:
            guard !isCompleted, completedTrips < program.targetTrips else { return }
            completedTrips += 1
            earnedMinorUnits &+= trip.fare.minorUnits
        }
    }
}

// A snapshot stores the trip and reward lines by columns (`LedgerColumns`); snapshots written
// before them, with a keyed container per line (`trips`, `rewards`), still load. The binary
// conformance writes `Codable`'s bytes without `Codable` (see `DriverEarnings+BinaryCodable.swift`).
extension DriverEarnings: Codable {
    private enum CodingKeys: String, CodingKey {
        case currency, tripColumns, rewardColumns, programs, dailyTotals, dailyTrips, weeklyTotals, weeklyTrips
        /// The lines in snapshots written before the columns.
        case trips, rewards
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        currency = try container.decodeIfPresent(Currency.self, forKey: .currency)
        trips = try container.decodeIfPresent(LedgerColumns.self, forKey: .tripColumns)?.lines()
            ?? container.decode([TripLine].self, forKey: .trips)
        rewards = try container.decodeIfPresent(LedgerColumns.self, forKey: .rewardColumns)?.lines()
            ?? container.decode([RewardLine].self, forKey: .rewards)
        programs = try container.decode([ProgramProgress].self, forKey: .programs)
        dailyTotals = try container.decode([Int64: Int64].self, forKey: .dailyTotals)
        dailyTrips = try container.decode([Int64: Int].self, forKey: .dailyTrips)
        weeklyTotals = try container.decode([Int64: Int64].self, forKey: .weeklyTotals)
        weeklyTrips = try container.decode([Int64: Int].self, forKey: .weeklyTrips)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encode(LedgerColumns(trips), forKey: .tripColumns)
        try container.encode(LedgerColumns(rewards), forKey: .rewardColumns)
        try container.encode(programs, forKey: .programs)
        try container.encode(dailyTotals, forKey: .dailyTotals)
        try container.encode(dailyTrips, forKey: .dailyTrips)
        try container.encode(weeklyTotals, forKey: .weeklyTotals)
        try container.encode(weeklyTrips, forKey: .weeklyTrips)
    }
}

extension DriverEarnings: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encodeIfPresent(currency, forKey: "currency")
        writer.encode(LedgerColumns(trips), forKey: "tripColumns")
        writer.encode(LedgerColumns(rewards), forKey: "rewardColumns")
        writer.encode(programs, forKey: "programs")
        writer.encode(dailyTotals, forKey: "dailyTotals")
        writer.encode(dailyTrips, forKey: "dailyTrips")
        writer.encode(weeklyTotals, forKey: "weeklyTotals")
        writer.encode(weeklyTrips, forKey: "weeklyTrips")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        currency = try reader.decodeIfPresent(Currency.self, forKey: "currency")
        trips = try reader.decodeIfPresent(LedgerColumns.Lines<TripLine>.self, forKey: "tripColumns")?.lines
            ?? reader.decode([TripLine].self, forKey: "trips")
        rewards = try reader.decodeIfPresent(LedgerColumns.Lines<RewardLine>.self, forKey: "rewardColumns")?.lines
            ?? reader.decode([RewardLine].self, forKey: "rewards")
        programs = try reader.decode([ProgramProgress].self, forKey: "programs")
        dailyTotals = try reader.decode([Int64: Int64].self, forKey: "dailyTotals")
        dailyTrips = try reader.decode([Int64: Int].self, forKey: "dailyTrips")
        weeklyTotals = try reader.decode([Int64: Int64].self, forKey: "weeklyTotals")
        weeklyTrips = try reader.decode([Int64: Int].self, forKey: "weeklyTrips")
    }
}
