import ActionCards
import MembershipContract
import PlatformKit

/// The client half: reaches the membership service over a `Transport` and serves its screens to sessions.
public final class MembershipClient {
    var transport: any Transport<MembershipRequest, MembershipResponse>

    public init(transport: any Transport<MembershipRequest, MembershipResponse>) {
        self.transport = transport
    }

    /// Sends `request` at `instant`.
    public func send(_ request: MembershipRequest, at instant: Instant) -> Result<Delivery<MembershipResponse>, TransportError> {
        transport.send(request, at: instant)
    }

    /// Screens fetched from the service for the session's member, in `app`.
    public func screens(app: String) -> CardScreenSource {
        CardScreenSource { [self] id, params, member, instant in
            switch send(.screen(member: member, app: app, screen: id, params: params), at: instant) {
            case .success(let delivery):
                switch delivery.response {
                case .screen(let screen): return .success(screen)
                case .done(let text), .rejected(let text): return .failure(ScreenLoadError(screen: id, reason: text))
                }
            case .failure(let error):
                return .failure(ScreenLoadError(screen: id, reason: "network: \(error)"))
            }
        }
    }

    /// The flow result of a change request: pending until the answer arrives, or failed at once
    /// when it never will.
    func call(_ request: MembershipRequest, at instant: Instant, then followUp: Action? = nil) -> FlowResult {
        switch send(request, at: instant) {
        case .success(let delivery):
            let outcome: FlowOutcome = switch delivery.response {
            case .done(let detail): .success(detail, then: followUp)
            case .rejected(let reason): .failure(reason)
            case .screen: .failure("unexpected screen in answer")
            }
            return .awaiting(PendingCall(due: delivery.receivedAt, outcome: outcome))
        case .failure(let error):
            return .completed(.failure("network: \(error)"))
        }
    }
}
