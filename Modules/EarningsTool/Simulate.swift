import ArgumentParser
import CommandLineSupport
import EarningsPlatform
import EventLogSQLite
import PlatformKit

/// `earnings simulate --log FILE [--drivers N] [--trips N] [--seed S] [--start TIME]`.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a log of random trips for some drivers in virtual time, then check earnings consistency."
    )

    @Option(help: "The event log to create (SQLite); must not hold events yet.") var log: String
    @Option(parsing: .unconditional, help: "Drivers driver-1 … driver-N.") var drivers = 5
    @Option(parsing: .unconditional, help: "Trips in total.") var trips = 200
    @Option(parsing: .unconditional, help: "Random seed: the same seed writes the same events.") var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "Virtual start time: ISO-8601 (UTC or with an offset) or Unix seconds; the last trip may come up to 40 minutes per trip later, and must fall in year 9999 or before.") var start = "2026-11-16T06:00:00Z"

    /// Seconds from one trip to the next (drawn at random): 1 to 40 minutes.
    private static let tripGap = 60..<2_400

    func validate() throws {
        guard drivers > 0, trips >= 0 else { throw ValidationError("--drivers must be positive and --trips not negative") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let startAt = try TimeArgument.parse(start)
            // Checked before the log is opened: a run past year 9999 used to stop partway, its first events written.
            let (span, overflow) = Int64(trips).multipliedReportingOverflow(by: Int64(Self.tripGap.upperBound - 1) * 1_000)
            guard !overflow, span <= Instant.fourDigitYears.upperBound.millisecondsSinceEpoch - startAt.millisecondsSinceEpoch else {
                throw ToolError("--start \(start): \(trips.counted("trip")) up to 40 minutes apart may end after year 9999; start earlier or simulate fewer trips")
            }
            let clock = VirtualClock(start: startAt)
            let store = try SQLiteEventLog(path: log, clock: .virtual(clock), options: SQLiteEventLogOptions(durability: .normal))
            guard try store.lastSequence() == 0 else { throw ToolError("\(log): the log already holds events") }
            // Appends only where its previous batch ended: a second run into the log stops.
            store.claimSoleWriter(after: 0)
            let random = RandomSource.seeded(seed)
            var fleet = EarningsFleet()
            for number in 1..<trips + 1 {
                clock.advance(by: .seconds(Int64(random.int(in: Self.tripGap))))
                let fare = Money(minorUnits: Int64(random.int(in: 500..<4_500)), currency: .usd)
                try fleet.completeTrip(
                    driverID: "driver-\(random.int(in: 1..<drivers + 1))", tripID: "trip-\(number)", fare: fare, at: clock.now, appendingTo: store
                )
            }
            let problems = fleet.consistencyProblems(at: clock.now)
            let events = try store.lastSequence()
            try store.close()
            guard problems.isEmpty else { throw ToolError("earnings inconsistent: \(problems.joined(separator: "; "))") }
            print("\(trips.counted("trip")) for \(drivers.counted("driver")), \(events.counted("event")) in \(log), up to \(clock.now)")
            print("earnings consistency verified for every driver")
        }
    }
}
