import EventLog
import OptimisticSync
import PlatformKit

/// The seed's counter, plus items created with temporary ids, as a test domain.
enum CounterSync: OptimisticDomain {
    struct State: Codable, Sendable, Equatable {
        var count = 0
        var items: [String] = []
    }

    static let namespace = "test.counter"
    static let initialState = State()
    static let transforms = Transforms<State>()
        .with("increment") { state, _ in state.count += 1 }
        .with("create") { state, request in state.items.append(request["item"] ?? "?") }
        .with("star") { state, request in
            state.items = state.items.map { $0 == request["item"] ? $0 + "*" : $0 }
        }
        .waitingForServer("reset")
}

extension CounterSync.State: BinaryEncodable {
    func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(count, forKey: "count")
        writer.encode(items, forKey: "items")
    }
}

extension CounterSync.State: BinaryDecodable {
    init(from reader: inout BinaryKeyedReader) throws {
        count = try reader.decode(Int.self, forKey: "count")
        items = try reader.decode([String].self, forKey: "items")
    }
}

/// The counter's server half: applies each idempotency key once and remembers its answer.
struct CounterServer {
    var snapshot = ServerSnapshot(version: 0, state: CounterSync.State())
    var answers: [String: SyncResponse<CounterSync.State>] = [:]
    var rejecting: Set<String> = []
    var handled = 0
    var nextItem = 100
    /// How many applied keys a snapshot lists.
    var recentKeys = 8

    mutating func handle(_ request: OptimisticRequest) -> SyncResponse<CounterSync.State> {
        handled += 1
        if let answer = answers[request.idempotencyKey] { return answer }
        var assigned: [IDAssignment] = []
        if rejecting.contains(request.id) {
            let answer = SyncResponse.rejected(reason: "no \(request.kind) for you", snapshot: snapshot)
            answers[request.idempotencyKey] = answer
            return answer
        }
        var state = snapshot.state
        switch request.kind {
        case "create":
            nextItem += 1
            let item = "item-\(nextItem)"
            assigned = [IDAssignment(temporary: request["item"] ?? "", assigned: item)]
            state.items.append(item)
        case "reset":
            state.count = 0
        default:
            CounterSync.transforms.apply(request, to: &state)
        }
        snapshot = ServerSnapshot(version: snapshot.version + 1, state: state, applied: Array((snapshot.applied + [request.idempotencyKey]).suffix(recentKeys)))
        let answer = SyncResponse.accepted(snapshot, assignedIDs: assigned)
        answers[request.idempotencyKey] = answer
        return answer
    }
}

extension Instant {
    static func at(_ seconds: Int64) -> Instant { Instant(millisecondsSinceEpoch: seconds * 1_000) }
}
