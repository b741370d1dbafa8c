import CommandLineSupport
import Foundation
import XCTest

/// `Interruption` sees SIGINT and SIGTERM whenever they come.
final class InterruptionTests: XCTestCase {
    /// A signal that comes while `watch()` sets up is seen, not lost: here one is pending, blocked,
    /// as `watch()` runs. (Watching once set the signals to be ignored before the dispatch sources
    /// that were to see them were registered: a signal in between was dropped, and a run ended
    /// with status 0.) This test process keeps watching: a Ctrl-C now is a second SIGINT, which
    /// ends it as before.
    func test_aSignalPendingWhileWatchSetsUp_isSeen() {
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_BLOCK, &interrupt, nil)
        raise(SIGINT)
        Interruption.watch()
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        let deadline = Date().addingTimeInterval(5)
        while Interruption.signal == nil, Date() < deadline {
            usleep(1_000)
        }
        XCTAssertEqual(Interruption.signal, SIGINT)
    }
}
