import DequeModule
import EventLog
import OnboardingContract
import PlatformKit

/// A one-time code on its way to the user: what an SMS, email or voice gateway receives.
public struct CodeMessage: Sendable, Hashable {
    public var attemptID: String
    public var channel: String
    /// The mobile number or email in clear (never logged).
    public var destination: String
    public var code: String
}

/// The stateful back end: runs `OnboardingMachine`, appends its events to the caller's log and
/// hands codes to the injected sender. Single-threaded; the state is the fold of what it appended.
public final class OnboardingService {
    public let machine: OnboardingMachine
    public private(set) var state: OnboardingState
    private let log: any EventLogStore
    private let random: RandomSource
    private let sendCode: (CodeMessage) -> Void
    /// Where each open attempt's codes go, in clear: kept in memory, never in the log.
    private var contacts: [String: String] = [:]
    /// The last reply per attempt, so a retried request (same id) is answered again, not applied twice.
    private var lastReplies: [String: (requestID: String, response: OnboardingResponse)] = [:]
    /// Closed attempts whose last reply is still kept, oldest first.
    private var closedReplies: Deque<String> = []
    /// How many closed attempts keep their last reply.
    private let retainedClosedReplies: Int

    /// A service over `flows` appending to `log`, starting from `state` (e.g. a replay of the log).
    /// If an append fails, the state is rebuilt by replaying `log`.
    ///
    /// `random` must be `.secure` in live use: codes, salts and session tokens come from it.
    /// The last `retainedClosedReplies` closed attempts keep their last reply for retries (a lost
    /// final reply, such as a session, is given again); older ones are forgotten, so memory does not
    /// grow with the number of users.
    public init(
        flows: FlowCatalog, hasher: SecretHasher, log: any EventLogStore, random: RandomSource,
        state: OnboardingState = OnboardingState(), retainedClosedReplies: Int = 10_000, sendCode: @escaping (CodeMessage) -> Void
    ) {
        self.retainedClosedReplies = retainedClosedReplies
        self.machine = OnboardingMachine(flows: flows, hasher: hasher)
        self.log = log
        self.random = random
        self.state = state
        self.sendCode = sendCode
    }

    /// Handles one request arriving at `now` (the transport's handler).
    public func handle(_ request: OnboardingRequest, at now: Instant) -> OnboardingResponse {
        if let last = lastReplies[request.attemptID], last.requestID == request.requestID { return last.response }
        let wasClosed = state.closedAttempts.contains(request.attemptID)
        let decision = machine.decide(request, at: now, state: &state, random: random)
        guard record(decision.events) else {
            return OnboardingResponse(attemptID: request.attemptID, reply: .failed(FieldError(nil, code: ErrorCode.unavailable, message: "Please try again.")))
        }
        if let contact = decision.contact { contacts[request.attemptID] = contact.value }
        for delivery in decision.deliveries {
            sendCode(CodeMessage(attemptID: delivery.attemptID, channel: delivery.channel, destination: contacts[delivery.attemptID] ?? "", code: delivery.code))
        }
        let response = OnboardingResponse(attemptID: request.attemptID, reply: decision.reply)
        let isNewReply = lastReplies.updateValue((request.requestID, response), forKey: request.attemptID) == nil
        if state.closedAttempts.contains(request.attemptID) {
            contacts[request.attemptID] = nil
            // Queued once: when it closes, or again after its reply was forgotten.
            if !wasClosed || isNewReply { retainClosedReply(request.attemptID) }
        }
        return response
    }

    /// Expires the entry times no market's rate window reaches at `now` (appends ``EntriesExpired``
    /// when there are any); returns whether it did. Call it now and then, e.g. hourly: the state
    /// then keeps entries for the identifiers that entered lately, not for every one ever seen.
    @discardableResult
    public func expireEntries(at now: Instant) -> Bool {
        let expired = EntriesExpired(before: now.advanced(by: .seconds(-machine.flows.longestRateWindowSeconds)))
        guard state.hasEntries(before: expired.before) else { return false }
        expired.apply(to: &state)
        return record([expired])
    }

    /// Appends `events`, which the state already reflects; if the log refuses them, rebuilds the
    /// state from the log and returns false.
    private func record(_ events: [any OnboardingEvent]) -> Bool {
        do {
            try log.record(events.map { TypedEvent($0, stream: $0.streamID) })
            return true
        } catch {
            state = (try? OnboardingProjection().replay(log).state) ?? OnboardingState()
            return false
        }
    }

    /// Keeps the reply of closed `attemptID`, forgetting the oldest closed attempts' beyond the bound.
    private func retainClosedReply(_ attemptID: String) {
        closedReplies.append(attemptID)
        while closedReplies.count > retainedClosedReplies {
            lastReplies[closedReplies.removeFirst()] = nil
        }
    }
}
