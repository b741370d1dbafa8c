import EventLog
import OnboardingHarness
import OnboardingService

/// The events of `attempt` up to `sequence`, in log order: its stream's, and those it wrote on its
/// account's stream (the account it created, a password it reset), which `run` prints among them.
func attemptEvents(_ log: any EventLogReader, attempt: String, to sequence: Int64) throws -> [RecordedEvent] {
    let stream = onboardingAttemptStream(attempt)
    var events: [RecordedEvent] = []
    try log.forEach(EventQuery(to: sequence, stream: stream)) { events.append($0) }
    // The session names the account; it may come after `sequence`, and the account's event not.
    var account: String?
    try log.forEach(EventQuery(stream: stream, types: [SessionIssued.eventType], limit: 1)) {
        account = (try OnboardingEvents.registry.decode($0) as? SessionIssued)?.account
    }
    guard let account else { return events }
    try log.forEach(EventQuery(to: sequence, stream: onboardingAccountStream(account))) { recorded in
        guard let event = try OnboardingEvents.registry.decode(recorded) as? any AccountEvent, event.attempt == attempt else { return }
        events.append(recorded)
    }
    return events.sorted { $0.sequence < $1.sequence }
}
