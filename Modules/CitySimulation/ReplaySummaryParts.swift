import DriverTrips
import EarningsService
import Earnings
import EventLog
import OptimisticSync
import Synchronization

/// The parts of a replay's summary that take a while (the earnings check, the optimistic
/// operations), each queued as soon as the states it reads are replayed: they run beside the
/// remaining replays instead of after all of them.
final class ReplaySummaryParts: Sendable {
    private typealias Plan = SimulationSummary.EarningsCheck.Plan

    private struct State {
        var plan: Plan?
        var checked: [Plan.Result?] = []
        var optimisticQueued = false
        var optimistic: SimulationSummary.OptimisticOperations?
    }

    private let state = Mutex(State())

    /// Queues every part whose states are replayed and that has not been queued yet.
    func startReady(_ replayed: ParallelReplays, on queue: WorkQueue) {
        if let plan = earningsPlan(replayed) {
            for chunk in 0..<plan.chunks {
                queue.submit { [self] in
                    let result = plan.check(chunk: chunk)
                    state.withLock { $0.checked[chunk] = result }
                }
            }
        }
        if let (drivers, city) = optimisticInputs(replayed) {
            // Ahead of the earnings check's chunks, queued before it at 2 000 000 riders: the
            // count (~70 ms there) would otherwise end the replay on one thread.
            queue.submit(first: true) { [self] in
                let operations = SimulationSummary.OptimisticOperations(drivers, refused: city.refusedActions)
                state.withLock { $0.optimistic = operations }
            }
        }
    }

    /// The earnings check's plan, made once (by the first caller that finds its states in).
    private func earningsPlan(_ replayed: ParallelReplays) -> Plan? {
        guard replayed.haveReplayed([CityProjection(), EarningsProjection(), TrackerProjection()]),
              let city = try? replayed.state(CityProjection()), let earnings = try? replayed.state(EarningsProjection()),
              let trackers = try? replayed.state(TrackerProjection()) else { return nil }
        return state.withLock { state in
            guard state.plan == nil else { return nil }
            let plan = Plan(earnings, trackers: trackers, at: city.options?.end)
            (state.plan, state.checked) = (plan, Array(repeating: nil, count: plan.chunks))
            return plan
        }
    }

    /// The optimistic operations' states, handed out once.
    private func optimisticInputs(_ replayed: ParallelReplays) -> (OptimisticProjection<TripSync>.State, CityProjection.State)? {
        guard replayed.haveReplayed([OptimisticProjection<TripSync>(), CityProjection()]),
              let drivers = try? replayed.state(OptimisticProjection<TripSync>()), let city = try? replayed.state(CityProjection()) else { return nil }
        return state.withLock { state in
            guard !state.optimisticQueued else { return nil }
            state.optimisticQueued = true
            return (drivers, city)
        }
    }

    /// The earnings check, if every chunk ran.
    var earnings: SimulationSummary.EarningsCheck? {
        state.withLock { state in
            guard let plan = state.plan, !state.checked.contains(where: { $0 == nil }) else { return nil }
            return plan.merged(state.checked.compactMap { $0 })
        }
    }

    /// The optimistic operations, if they were counted.
    var optimistic: SimulationSummary.OptimisticOperations? {
        state.withLock { $0.optimistic }
    }
}
