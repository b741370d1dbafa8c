import Dispatch
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
    public static func watch() {
        _ = sources
    }

    private static let receivedSignal = Atomic<Int32>(0)

    /// Kept alive for the process's life; made once (a static's first use is thread-safe) and never changed.
    nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = [SIGINT, SIGTERM].map { number in
        Foundation.signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            if receivedSignal.load(ordering: .relaxed) == number {
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
            receivedSignal.store(number, ordering: .relaxed)
        }
        source.resume()
        return source
    }
}
