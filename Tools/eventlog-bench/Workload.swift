import EventLog
import LedgerDemo

/// The benchmark workload: ~200-byte ledger events over 1 000 interleaved streams, plus the
/// same rows for the raw SQLite baseline.
struct Workload {
    let events: [NewEvent]
    let rawRows: [RawSQLite.Row]

    init(count: Int, seed: UInt64 = 1, streams: Int = 1_000) throws {
        var workload = LedgerWorkload(seed: seed, accounts: streams, payloadSize: 200)
        events = try workload.next(count)
        var ids: [String: Int64] = [:]
        var positions: [Int64: Int64] = [:]
        rawRows = events.map { event in
            let id = ids[event.streamID] ?? Int64(ids.count + 1)
            ids[event.streamID] = id
            positions[id, default: 0] += 1
            return RawSQLite.Row(stream: id, position: positions[id]!, payload: event.payload)
        }
    }
}
