import EventLog

/// Balances per account, and how many events were folded.
public struct LedgerProjection: Projection {
    public struct State: Codable, Sendable, Equatable {
        public var balances: [String: Int64] = [:]
        public var eventCount = 0
        public var lastSequence: Int64 = 0

        public init(balances: [String: Int64] = [:], eventCount: Int = 0, lastSequence: Int64 = 0) {
            self.balances = balances
            self.eventCount = eventCount
            self.lastSequence = lastSequence
        }
    }

    public var version: Int
    public init(version: Int = 1) { self.version = version }

    public var name: String { "demo.ledger" }
    public var initialState: State { State() }

    public var events: EventRegistry { Self.registry }

    /// The ledger's events, with the upcaster from `ledger.deposited` v1.
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(Deposited.self)
        registry.register(Withdrawn.self)
        registry.register(DepositedV1.self, version: 1, upcastTo: Deposited.self) {
            Deposited(account: $0.account, amount: $0.units * 100, memo: "")
        }
        return registry
    }()

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        switch event {
        case let deposit as Deposited: state.balances[deposit.account, default: 0] += deposit.amount
        case let withdrawal as Withdrawn: state.balances[withdrawal.account, default: 0] -= withdrawal.amount
        default: return
        }
        state.eventCount += 1
        state.lastSequence = envelope.sequence
    }
}
