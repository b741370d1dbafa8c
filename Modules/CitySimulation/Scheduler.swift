import HeapModule
import PlatformKit

/// A discrete-event queue in virtual time: the earliest event first, ties in scheduling order.
struct Scheduler<Payload> {
    private struct Entry: Comparable {
        var time: Int64
        var order: UInt64
        var payload: Payload

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.time, lhs.order) < (rhs.time, rhs.order)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.time == rhs.time && lhs.order == rhs.order
        }
    }

    private var heap = Heap<Entry>()
    private var nextOrder: UInt64 = 0

    var count: Int { heap.count }

    /// Schedules `payload` at `instant`.
    mutating func schedule(_ payload: Payload, at instant: Instant) {
        heap.insert(Entry(time: instant.millisecondsSinceEpoch, order: nextOrder, payload: payload))
        nextOrder &+= 1
    }

    /// Removes and returns the earliest event if it is due by `limit`.
    mutating func popNext(notAfter limit: Instant) -> (Instant, Payload)? {
        guard let first = heap.min, first.time <= limit.millisecondsSinceEpoch else { return nil }
        let entry = heap.removeMin()
        return (Instant(millisecondsSinceEpoch: entry.time), entry.payload)
    }
}
