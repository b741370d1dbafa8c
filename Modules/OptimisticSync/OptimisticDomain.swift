/// What a feature supplies to run optimistically: its state, its transforms and its event namespace.
///
/// ```swift
/// enum CounterSync: OptimisticDomain {
///     struct State: Codable, Sendable, Equatable { var count = 0 }
///     static let namespace = "counter.sync"
///     static let initialState = State()
///     static let transforms = Transforms<State>().with("increment") { state, _ in state.count += 1 }
/// }
/// ```
public protocol OptimisticDomain: Sendable {
    associatedtype State: Codable & Sendable & Equatable
    /// Prefix of this domain's event types (`<namespace>.request.submitted`, …) and stream ids.
    static var namespace: String { get }
    /// The state before the server has said anything.
    static var initialState: State { get }
    /// The transform of every request kind the client may submit.
    static var transforms: Transforms<State> { get }
}

/// Transforms looked up by request kind, so a request read back from the log gets its transform again.
public struct Transforms<State>: Sendable {
    /// Moves `state` to the state the server is expected to return for `request`.
    public typealias Transform = @Sendable (inout State, OptimisticRequest) -> Void

    /// A kind's entry: a transform, or `nil` for a kind whose result the user waits for.
    private var byKind: [String: Transform?] = [:]

    public init() {}

    /// This registry with `kind` applied optimistically by `transform`.
    public func with(_ kind: String, _ transform: @escaping Transform) -> Transforms {
        var copy = self
        copy.byKind[kind] = .some(transform)
        return copy
    }

    /// This registry with `kind` known but not optimistic: its result shows when the server confirms it.
    public func waitingForServer(_ kind: String) -> Transforms {
        var copy = self
        copy.byKind[kind] = .some(nil)
        return copy
    }

    /// Whether `kind` may be submitted.
    public func knows(_ kind: String) -> Bool { byKind[kind] != nil }

    /// Whether the user sees `kind`'s result before the server confirms it.
    public func isOptimistic(_ kind: String) -> Bool { (byKind[kind] ?? nil) != nil }

    /// Applies `request`'s transform to `state` (nothing for a kind that waits for the server).
    public func apply(_ request: OptimisticRequest, to state: inout State) {
        if let transform = byKind[request.kind] ?? nil { transform(&state, request) }
    }

    /// Applies the transforms of `requests`, in order: a rebase. Consecutive requests of one kind
    /// share one look-up.
    public func apply(_ requests: ArraySlice<PendingRequest>, to state: inout State) {
        var kind: String?
        var transform: Transform?
        for entry in requests {
            if entry.request.kind != kind {
                kind = entry.request.kind
                transform = byKind[entry.request.kind] ?? nil
            }
            transform?(&state, entry.request)
        }
    }
}
