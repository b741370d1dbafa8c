import EventLog
import Foundation
import GRDB

/// Verification's check of the stream index (``RunIndex``) against the events, which come in
/// order from the first, as ``SQLiteEventLog/verify(projections:progress:)`` reads them.
///
/// `indexed_through` must be where the last index run ends, and no later than the last event;
/// each run must start right after the one before (the first at event 1); and a run's rows in
/// `stream_runs` must list each of its events once, under the event's stream. A run's rows are
/// read when its first event comes: memory holds one run's stream ids, however many runs and
/// streams the log has.
struct IndexCheck {
    typealias Problem = VerificationReport.Problem

    /// A problem with where the index ends, found before any event is read.
    let layoutProblem: Problem?
    /// The events the runs are checked through: where the index and its runs both say they end.
    private let checkedThrough: Int64
    /// The run being checked (none before the first).
    private var run: ClosedRange<Int64> = 0...0
    /// The stream id each of the run's rows lists each of its events under, by the event's
    /// distance from the run's first; 0 for an event no row lists.
    private var listed: [Int64] = []

    /// Reads where the index ends in `db`.
    init(_ db: Database) throws {
        let indexedThrough = try SQLiteEventLog.indexedThrough(db)
        let runsEnd = try Int64.fetchOne(db, sql: "SELECT last_seq FROM index_runs ORDER BY first_seq DESC LIMIT 1") ?? 0
        let last = try SQLiteEventLog.lastSequence(db)
        checkedThrough = min(indexedThrough, runsEnd)
        if indexedThrough != runsEnd {
            layoutProblem = .init(
                sequence: checkedThrough + 1, message: "the stream index says it runs through event \(indexedThrough), but its last run ends at \(runsEnd)"
            )
        } else if indexedThrough > last {
            layoutProblem = .init(sequence: last + 1, message: "the stream index runs through event \(indexedThrough), past the last event (\(last))")
        } else {
            layoutProblem = nil
        }
    }

    /// Checks that the index lists `event` under its stream, whose id is `streamID`: the problem
    /// if it does not. Runs in the read of the events, where it reads each run's rows.
    mutating func check(_ event: RecordedEvent, streamID: Int64, _ pool: DatabasePool) throws -> Problem? {
        let sequence = event.sequence
        guard sequence <= checkedThrough else { return nil }
        if !run.contains(sequence), let problem = try pool.unsafeReentrantRead({ try loadRun(from: sequence, $0) }) { return problem }
        let owner = listed[Int(sequence - run.lowerBound)]
        if owner == streamID { return nil }
        let listing = owner == 0 ? "does not list it" : "lists it under stream '\(try pool.unsafeReentrantRead { try Self.name(owner, $0) })'"
        return .init(sequence: sequence, message: "stream '\(event.streamID)': the stream index (run \(Self.describe(run))) \(listing)")
    }

    /// Reads the run after ``run``, which must start at event `first`, and which events its rows
    /// list under which stream: the problem if they are not each of its events once.
    private mutating func loadRun(from first: Int64, _ db: Database) throws -> Problem? {
        let next = try Row.fetchOne(
            db, sql: "SELECT first_seq, last_seq FROM index_runs WHERE first_seq > ? ORDER BY first_seq LIMIT 1", arguments: [run.lowerBound]
        )
        let start = next.flatMap { Int64.fromDatabaseValue($0[0]) }, end = next.flatMap { Int64.fromDatabaseValue($0[1]) }
        guard let start, let end, start == first, end >= start, end <= checkedThrough else {
            let found = next.map { "its next run is \($0[0] as DatabaseValue)–\($0[1] as DatabaseValue)" } ?? "it has no more runs"
            return .init(sequence: first, message: "the stream index has no run from this event on (\(found))")
        }
        run = start...end
        listed = Array(repeating: 0, count: Int(end - start + 1))
        let rows = try Row.fetchCursor(db, sql: "SELECT stream_id, seqs FROM stream_runs WHERE run = ?", arguments: [start])
        while let row = try rows.next() {
            let stream = Int64.fromDatabaseValue(row[0]) ?? 0
            func problem(_ sequence: Int64, _ what: String) throws -> Problem {
                .init(sequence: sequence, message: "the stream index's row of stream '\(try Self.name(stream, db))' in run \(Self.describe(run)) \(what)")
            }
            guard stream > 0, case .blob(let bytes) = (row[1] as DatabaseValue).storage, let sequences = RunIndex.decode([UInt8](bytes)) else {
                return try problem(start, "is malformed")
            }
            for sequence in sequences {
                guard run.contains(sequence) else { return try problem(start, "lists event \(sequence), outside the run") }
                let slot = Int(sequence - start)
                guard listed[slot] == 0 else {
                    return try problem(sequence, "lists this event, which the row of stream '\(try Self.name(listed[slot], db))' lists too")
                }
                listed[slot] = stream
            }
        }
        return nil
    }

    /// The name of the stream with id `id`, for a message.
    private static func name(_ id: Int64, _ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT name FROM streams WHERE id = ?", arguments: [id]) ?? "(id \(id), not in the streams table)"
    }

    private static func describe(_ run: ClosedRange<Int64>) -> String {
        "\(run.lowerBound)–\(run.upperBound)"
    }
}
