/// A fold of the log into a state: what every module's state is.
///
/// `apply` must be pure and deterministic: replaying the same events always gives the same state.
public protocol Projection: Sendable {
    associatedtype State: Codable & Sendable & Equatable

    /// Stable name, used to find the projection's snapshots.
    var name: String { get }
    /// Bump when `State` or `apply` changes meaning: older snapshots are then ignored.
    var version: Int { get }
    /// The events this projection reads.
    var events: EventRegistry { get }
    /// The state before any event.
    var initialState: State { get }
    /// Folds one decoded event (with its envelope) into `state`.
    func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State)
    /// Readies `state` for a snapshot without changing what it holds (it may keep what no event
    /// changed lately in a more compact form, say). ``ProjectionRunner`` and ``ProjectionGroup``
    /// call it before each snapshot; by default it does nothing.
    func prepareForSnapshot(_ state: inout State)
}

extension Projection {
    public func prepareForSnapshot(_ state: inout State) {}
}
