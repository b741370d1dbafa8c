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
}
