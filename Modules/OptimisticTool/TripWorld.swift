import DriverTrips
import EventLog
import OptimisticSync
import PlatformKit
import TripContract
import TripService

/// The trip service, shared by reference with the link's handler.
public final class ServiceBox {
    public var service: TripService

    public init(_ service: TripService) {
        self.service = service
    }
}

/// The link from a driver app to the trip service (in process, through simulated network conditions).
public typealias TripLink = InProcessTransport<SyncRequest, SyncResponse<DriverState>>

/// One driver app, the trip service and the network between them, in virtual time; the app's and
/// the service's events go to `log`, so the app can be killed and rebuilt from it at any moment.
public struct TripWorld {
    public let log: any EventLogStore
    public let server: ServiceBox
    /// The global alert stream: every alert of the app, whatever screen made the request.
    public let alerts = AlertStream<DriverState>()
    public private(set) var loop: SyncLoop<TripSync, TripLink>
    private let random: RandomSource
    private var restarts = 0
    /// Pushes on their way to the app, in arrival order.
    private var pushes: [(at: Instant, snapshot: ServerSnapshot<DriverState>)] = []

    public init(driverID: String, log: any EventLogStore, seed: UInt64, conditions: NetworkConditions = .perfect, configuration: SyncConfiguration = SyncConfiguration()) {
        let server = ServiceBox(TripService())
        self.log = log
        self.server = server
        self.random = .seeded(seed)
        let link = TripLink(conditions: conditions, random: random.fork("network")) { message, _ in server.service.handle(message) }
        let client = OptimisticClient<TripSync>(clientID: driverID, configuration: configuration, random: random.fork(driverID))
        loop = SyncLoop(client: client, link: link)
    }

    /// The driver's app.
    public var app: OptimisticClient<TripSync> { loop.client }
    /// The network between app and service.
    public var conditions: NetworkConditions {
        get { loop.link.conditions }
        set { loop.link.conditions = newValue }
    }

    /// Runs a driver action (its events are appended to the log), then delivers what is due at `now`.
    /// A refused action throws and changes nothing.
    public mutating func act(at now: Instant, _ action: (inout OptimisticClient<TripSync>) throws -> OptimisticRequest) throws -> SyncOutbox<TripSync> {
        _ = try action(&loop.client)
        return try record().merged(with: advance(to: now))
    }

    /// Delivers pushes and answers due by `now` and sends what is due; returns what happened.
    public mutating func advance(to now: Instant) throws -> SyncOutbox<TripSync> {
        while let push = pushes.first, push.at <= now {
            pushes.removeFirst()
            if conditions.isReachable(at: push.at) { loop.client.receivePush(push.snapshot, at: push.at) }
        }
        loop.advance(to: now)
        return try record()
    }

    /// The next instant something happens: a push or an answer arrives, a retry, a dependency deadline.
    public var nextWakeUp: Instant? {
        [pushes.first?.at, loop.nextWakeUp].compactMap { $0 }.min()
    }

    /// A change made on the service side (an offer, a scripted rejection); its events go to the log.
    public mutating func serve(_ change: (inout TripService) -> Void) throws {
        change(&server.service)
        _ = try record()
    }

    /// A new price estimate from the service; the driver's new state is pushed to the app.
    public mutating func updateEstimate(trip: String, to estimate: Money, at now: Instant) throws -> SyncOutbox<TripSync> {
        if let push = server.service.updateEstimate(trip: trip, to: estimate) { schedulePush(push.snapshot, at: now) }
        return try advance(to: now)
    }

    /// The service pushes the driver's current state to the app.
    public mutating func push(at now: Instant) throws -> SyncOutbox<TripSync> {
        schedulePush(server.service.snapshot(for: loop.client.clientID), at: now)
        return try advance(to: now)
    }

    /// A push sent at `now` arrives after the link's longest one-way latency, if the network is up then:
    /// by then the app may have sent requests the pushed state does not include.
    private mutating func schedulePush(_ snapshot: ServerSnapshot<DriverState>, at now: Instant) {
        pushes.append((now.advanced(by: .milliseconds(conditions.latencyMilliseconds.upperBound)), snapshot))
    }

    /// Kills the app (answers and pushes on their way are lost) and starts it again from the log.
    public mutating func restart(at now: Instant) throws -> SyncOutbox<TripSync> {
        restarts += 1
        loop.dropAnswersInFlight()
        pushes.removeAll()
        let driverID = loop.client.clientID
        loop.client = try OptimisticClient<TripSync>.restore(
            clientID: driverID, from: log, configuration: loop.client.configuration, random: random.fork("\(driverID)#\(restarts)")
        )
        loop.client.resume(at: now)
        return try record().merged(with: advance(to: now))
    }

    /// Appends the app's and the service's new events to the log, in one batch.
    private mutating func record() throws -> SyncOutbox<TripSync> {
        let outbox = loop.client.takeOutbox()
        let events = outbox.typedEvents + server.service.takeEvents()
        if !events.isEmpty { try log.record(events) }
        for alert in outbox.alerts { alerts.publish(alert) }
        return outbox
    }
}
