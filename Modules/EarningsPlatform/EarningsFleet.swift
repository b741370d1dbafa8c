import Earnings
import EarningsService
import EventLog
import PlatformKit
import RealtimeAPI

/// The earnings tracker for many drivers in virtual time: the back end, and each driver's tracker
/// folded from what the back end pushes. Synchronous; every change is an event for the caller's log.
///
/// ```swift
/// var fleet = EarningsFleet()
/// try fleet.completeTrip(driverID: "driver-7", tripID: "trip-42", fare: Money(minorUnits: 1_250, currency: .usd), at: now, appendingTo: log)
/// let modes = fleet.modes(driverID: "driver-7", at: now)        // Status, Browse, Bulletin
/// let problems = fleet.consistencyProblems(at: now)              // [] = "earnings consistency verified"
/// ```
public struct EarningsFleet: Sendable {
    public private(set) var backend: EarningsBackend
    /// Each driver's tracker (client side).
    public private(set) var trackers = TrackerTable()
    public var dataManager: TrackerDataManager

    public init(config: EarningsConfig = EarningsConfig(), dataManager: TrackerDataManager = TrackerDataManager()) {
        self.backend = EarningsBackend(config: config)
        self.dataManager = dataManager
    }

    /// Every event type of the feature: earnings facts and tracker events.
    public static let registry: EventRegistry = {
        var registry = EarningsProjection.registry
        registry.merge(TrackerProjection.registry)
        return registry
    }()

    /// Records a completed trip; returns the events (facts, then the two services' pushes) in the
    /// driver's stream `earnings-<driverID>`. The driver's tracker has already folded the pushes.
    public mutating func completeTrip(driverID: String, tripID: String, fare: Money, at instant: Instant) throws -> [NewEvent] {
        let stream = earningsStream(driverID: driverID)
        return try decideTrip(driverID: driverID, tripID: tripID, fare: fare, at: instant).map { try $0.newEvent(stream: stream) }
    }

    /// Records a completed trip and appends its events to `log` in one batch; returns the pushes.
    /// If the append throws, the fleet is ahead of the log: rebuild it with ``rebuild(from:config:at:)``.
    @discardableResult
    public mutating func completeTrip(
        driverID: String, tripID: String, fare: Money, at instant: Instant, appendingTo log: some EventLogWriter
    ) throws -> [TrackerCardsPushed] {
        let events = try decideTrip(driverID: driverID, tripID: tripID, fare: fare, at: instant)
        let stream = earningsStream(driverID: driverID)
        try log.record(events.map { TypedEvent($0, stream: stream) })
        return events.compactMap { $0.exactly(TrackerCardsPushed.self) }
    }

    /// Folds a client event (privacy, selection, dismissal, pull outcome) into its driver's tracker
    /// and returns it encoded for the log.
    public mutating func record(_ event: any Event, driverID: String) throws -> NewEvent {
        trackers.apply(event, driverID: driverID)
        return try event.newEvent(stream: earningsStream(driverID: driverID))
    }

    /// Pulls one service's cards for a driver if the data manager says a pull is due, through an
    /// in-process transport to the back end under `conditions` (outages make the pull fail and the
    /// service show its error card). Returns the outcome encoded for the log, `nil` if no pull was due.
    public mutating func pullIfDue(
        driverID: String, service: TrackerService, at instant: Instant, puller: TrackerPuller, conditions: NetworkConditions = .perfect
    ) throws -> NewEvent? {
        let backend = backend
        var transport = InProcessTransport<TrackerPullRequest, TrackerPullResponse>(
            conditions: conditions, random: puller.random, encodesMessages: false
        ) { request, handledAt in backend.pull(request, at: handledAt) }
        guard let outcome = puller.pullIfDue(driverID: driverID, service: service, state: tracker(driverID), at: instant, transport: &transport) else {
            return nil
        }
        return try record(outcome, driverID: driverID)
    }

    /// The three modes of a driver's tracker at `instant` (expiry is evaluated then).
    public func modes(driverID: String, at instant: Instant) -> TrackerModes {
        let tracker = tracker(driverID)
        return dataManager.modes(tracker.streams, ui: tracker.ui, now: instant)
    }

    /// Packs every driver's tracker until the driver's next trip or tracker event (see
    /// ``TrackerTable/packAll()``): idle trackers then take less memory, and a tracker snapshot
    /// copies their bytes instead of packing them again.
    public mutating func packTrackers() {
        trackers.packAll()
    }

    /// A driver's tracker state (empty for an unknown driver).
    public func tracker(_ driverID: String) -> TrackerState {
        trackers[driverID] ?? TrackerState()
    }

    /// A driver's earnings (empty for an unknown driver).
    public func earnings(_ driverID: String) -> DriverEarnings {
        backend.state.drivers[driverID] ?? DriverEarnings()
    }

    /// One driver's disagreements between tracker cards, trip history and earnings home at `instant`.
    public func consistencyProblems(driverID: String, at instant: Instant) -> [String] {
        EarningsConsistency.problems(
            driverID: driverID, earnings: earnings(driverID), tracker: tracker(driverID), at: instant,
            calendar: backend.config.calendar, dataManager: dataManager
        )
    }

    /// Every driver's disagreements at `instant`; empty means "earnings consistency verified for every driver".
    public func consistencyProblems(at instant: Instant) -> [String] {
        backend.state.drivers.keys.sorted().flatMap { consistencyProblems(driverID: $0, at: instant) }
    }

    /// The fleet rebuilt from a log: every driver's earnings and tracker as of `instant` (the end if `nil`).
    public static func rebuild(from log: some EventLogReader, config: EarningsConfig = EarningsConfig(), at instant: Instant? = nil) throws -> EarningsFleet {
        try rebuild(EventQuery(types: registry.typeNames), from: log, config: config, at: instant)
    }

    /// One driver rebuilt from their stream as of `instant`.
    public static func rebuild(driverID: String, from log: some EventLogReader, config: EarningsConfig = EarningsConfig(), at instant: Instant? = nil) throws -> EarningsFleet {
        try rebuild(EventQuery(stream: earningsStream(driverID: driverID), types: registry.typeNames), from: log, config: config, at: instant)
    }

    private static func rebuild(_ query: EventQuery, from log: some EventLogReader, config: EarningsConfig, at instant: Instant?) throws -> EarningsFleet {
        var fleet = EarningsFleet(config: config)
        try log.forEach(query) { recorded in
            guard let event = try registry.decode(recorded) else { return }
            fleet.fold(event, until: instant)
        }
        return fleet
    }

    private mutating func decideTrip(driverID: String, tripID: String, fare: Money, at instant: Instant) throws -> [any Event] {
        let events = try backend.completeTrip(driverID: driverID, tripID: tripID, fare: fare, at: instant)
        for event in events { trackers.apply(event, driverID: driverID) }
        return events
    }

    private mutating func fold(_ event: any Event, until instant: Instant?) {
        switch event {
        case let fact as any EarningsFact where instant.map({ fact.at <= $0 }) ?? true:
            backend.apply(fact)
        case let trackerEvent as any TrackerEvent where instant.map({ trackerEvent.at <= $0 }) ?? true:
            trackers.apply(trackerEvent, driverID: trackerEvent.driverID)
        default:
            return
        }
    }
}
