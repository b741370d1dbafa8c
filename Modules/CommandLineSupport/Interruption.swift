import Foundation
import Synchronization

/// Ctrl-C (SIGINT) or SIGTERM, asked for by the user, seen by a long-running command between two
/// steps of its work, so that it can stop where what it wrote is whole and say so.
///
/// A second signal of the same kind ends the process at once, as if nothing were watching.
public enum Interruption {
    /// The signal received since ``watch()``, if any.
    public static var signal: Int32? {
        let received = receivedSignal.load(ordering: .relaxed)
        return received == 0 ? nil : received
    }

    /// Starts watching SIGINT and SIGTERM (once per process; later calls do nothing).
    ///
    /// Each signal's handler is set in one step, from the default action to the handler that
    /// records it, so no signal is lost on the way: one pending meanwhile (blocked) is handled
    /// once unblocked. (The signals were set to be ignored first, and seen by dispatch sources
    /// registered later on another thread: a signal in between was dropped, and the run ended
    /// with status 0.)
    public static func watch() {
        _ = handlersSet
    }

    private static let receivedSignal = Atomic<Int32>(0)

    /// Set once (a static's first use is thread-safe).
    private static let handlersSet: Void = {
        // The handler must not be the first to use the static (its initialization is not
        // async-signal-safe).
        _ = receivedSignal.load(ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { received($0) }
            #else
            action.__sigaction_u.__sa_handler = { received($0) }
            #endif
            // Calls the signal interrupts go on (a write to a pipe, to the log), as they did under
            // the dispatch sources' handler.
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }()

    /// The signal handler: records `number`, or, for a second one of the kind, restores the
    /// default action and raises it again (handled once this returns). Async-signal-safe: atomic
    /// loads and stores, `signal` and `raise`.
    private static func received(_ number: Int32) {
        if receivedSignal.load(ordering: .relaxed) == number {
            Foundation.signal(number, SIG_DFL)
            raise(number)
        }
        receivedSignal.store(number, ordering: .relaxed)
    }
}
