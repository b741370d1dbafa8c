import DriverTrips
import EventLog
import OptimisticSync
import PlatformKit

/// Describes one app event as timeline entries, from the state before and after it.
struct TimelineDescriber {
    let before: OptimisticClientState<TripSync>
    let after: OptimisticClientState<TripSync>
    let at: Int64

    func describe(_ event: any Event) -> [TimelineEntry] {
        switch event {
        case let submitted as RequestSubmitted<TripSync>:
            let optimistic = TripSync.transforms.isOptimistic(submitted.request.kind)
            let waits = submitted.request.dependsOn.isEmpty ? "" : ", after \(submitted.request.dependsOn.joined(separator: " "))"
            return [entry("submit", submitted.request, (optimistic ? "shown at once" : "waits for the server") + waits, showing: true)]
        case let sent as RequestSent<TripSync>:
            return request(sent.id).map { [entry("send", $0, "attempt \(sent.attempt)")] } ?? []
        case let failed as DeliveryFailed<TripSync>:
            let retry = Describe.seconds(Script.start.duration(to: failed.retryAt).wholeMilliseconds)
            return request(failed.id).map { [entry("retry", $0, "\(failed.reason); next attempt at +\(retry)")] } ?? []
        case let confirmed as RequestConfirmed<TripSync>:
            return confirmations("by the answer, server v\(confirmed.snapshot.version)")
        case let push as StatePushed<TripSync>:
            let rebase = entry("rebase", nil, "server state v\(push.snapshot.version) under \(after.pending.count) pending", showing: true)
            return [rebase] + confirmations("included in server v\(push.snapshot.version)")
        case let rollback as RequestsRolledBack<TripSync>:
            return request(rollback.id).map { [entry("rollback", $0, "\(rollback.cause.rawValue): rolled back \(rollback.rolledBack.joined(separator: " "))", showing: true)] } ?? []
        case let raised as AlertRaised<TripSync>:
            return [entry("alert", raised.alert.request, "\"\(raised.alert.message)\"; before it the user saw: \(Describe.state(raised.alert.stateBefore))")]
        case is ClientRestarted<TripSync>:
            let ids = after.pending.map(\.request.id).joined(separator: " ")
            return [entry("restart", nil, "queue restored: \(after.pending.count) pending\(ids.isEmpty ? "" : " (\(ids))"), resending", showing: true)]
        default:
            return []
        }
    }

    /// One `confirm` entry per request that left the queue, with its time saved.
    private func confirmations(_ how: String) -> [TimelineEntry] {
        before.pending.filter { !after.isPending($0.request.id) }.map { pending in
            var confirm = entry("confirm", pending.request, how, showing: true)
            if TripSync.transforms.isOptimistic(pending.request.kind) {
                confirm.timeSavedMilliseconds = at - Script.start.duration(to: pending.request.submittedAt).wholeMilliseconds
            }
            return confirm
        }
    }

    private func request(_ id: String) -> OptimisticRequest? {
        (before.pendingRequest(id) ?? after.pendingRequest(id))?.request
    }

    private func entry(_ kind: String, _ request: OptimisticRequest?, _ detail: String, showing: Bool = false) -> TimelineEntry {
        TimelineEntry(
            at: at, kind: kind, request: request?.id, operation: request?.kind, detail: detail,
            sees: showing ? Describe.state(after.optimistic) : nil,
            confirmed: showing ? "v\(after.confirmed.version) \(Describe.state(after.confirmed.state))" : nil
        )
    }
}
