import EventLog
import OptimisticSync
import TripContract

/// The driver app's optimistic domain: begin and end trip (and going online, arriving, rating the
/// rider, confirming cash, marking inbox messages read) complete at once; accepting waits for the server.
public enum TripSync: OptimisticDomain {
    public static let namespace = "optimistic.trips"
    public static let initialState = DriverState()
    /// The rules the optimistic transforms assume (the trip service's defaults).
    public static let rules = TripRules()

    /// A transform is the move the server will make; a move the state does not allow changes nothing.
    public static let transforms: Transforms<DriverState> = TripKind.all.reduce(Transforms<DriverState>()) { transforms, kind in
        kind == TripKind.accept
            ? transforms.waitingForServer(kind)
            : transforms.with(kind) { state, request in _ = state.perform(request, rules: rules) }
    }

    /// The driver app's sync events (`optimistic.trips.*`), for tools and replays.
    public static var eventRegistry: EventRegistry { optimisticEvents(TripSync.self) }
}
