import Foundation
import GRDBSQLite
import Synchronization

/// Copies the WAL into the database file on a background thread with its own connection, so
/// the writer never does it inside a commit (SQLite's auto-checkpoint would).
///
/// The writer's WAL hook calls ``walDidGrow(frames:)`` after each commit. Past the threshold the
/// thread copies the WAL in passes while the writer goes on appending, each pass copying what
/// was appended during the previous one, then copies the last few frames while holding the
/// writer (`holdingWriter`), so the WAL is fully copied and the writer's next transaction starts
/// it over. The WAL therefore stays bounded (about the threshold plus what is appended during
/// one cycle). Checkpoint timing does not change what a commit guarantees: durability is the
/// writer's `synchronous` setting.
final class Checkpointer: Sendable {
    private struct State {
        var thread = ThreadLifecycle()
        var pending = false
        var holdingWriter: (@Sendable (() -> Void) -> Void)?
    }

    /// A pass that found fewer new frames than this is the last one before the writer's.
    private static let smallPass: Int32 = 128

    private let path: String
    private let threshold: Int32
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, thresholdFrames: Int) {
        self.path = path
        threshold = Int32(clamping: max(1, thresholdFrames))
    }

    /// Installs the WAL hook on the writer connection (replacing SQLite's auto-checkpoint);
    /// `holdingWriter` runs its body while no append is in progress.
    func attach(to writer: OpaquePointer, holdingWriter: @escaping @Sendable (() -> Void) -> Void) {
        state.withLock { $0.holdingWriter = holdingWriter }
        sqlite3_wal_hook(writer, { context, _, _, frames in
            Unmanaged<Checkpointer>.fromOpaque(context!).takeUnretainedValue().walDidGrow(frames: frames)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called after each commit with the WAL's length in frames (pages).
    func walDidGrow(frames: Int32) {
        guard frames >= threshold else { return }
        let (signal, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.thread.stopped, !state.pending else { return (false, false) }
            state.pending = true
            return (true, state.thread.use())
        }
        guard signal else { return }
        if start {
            Thread { [self] in run() }.start()
        }
        wake.signal()
    }

    /// Stops the thread after its current pass; the caller checkpoints what is left.
    func stop() {
        guard state.withLock({ $0.thread.stop() }) else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        var db: OpaquePointer?
        defer {
            sqlite3_close_v2(db)
            finished.signal()
        }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db,
              // A first read opens the WAL; until then the connection cannot checkpoint it.
              sqlite3_exec(db, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil) == SQLITE_OK
        else { return }
        while true {
            wake.wait()
            guard let holdingWriter = state.withLock({ $0.thread.stopped ? nil : $0.holdingWriter }) else { return }
            // Errors (a reader in another process holding old frames) leave frames for the next cycle.
            copyUntilNearlyCaughtUp(db)
            holdingWriter { sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
            state.withLock { $0.pending = false }
        }
    }

    /// Passes while the writer goes on appending, each copying what the last one left, until a
    /// pass finds little new: the pass under the writer then takes milliseconds, not tens.
    private func copyUntilNearlyCaughtUp(_ db: OpaquePointer) {
        var copied: Int32 = 0
        for _ in 0..<8 {
            var walFrames: Int32 = 0
            guard sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, &walFrames, nil) == SQLITE_OK,
                  walFrames - copied > Self.smallPass
            else { return }
            copied = walFrames
        }
    }
}
