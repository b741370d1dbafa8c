import EventLog
import OnboardingService

/// The back end's state in `log` (accounts of earlier runs), so a reused `--log` knows its users.
func replayedState(_ log: any EventLogStore) throws -> OnboardingState {
    try OnboardingProjection().replay(log).state
}
