import HeapModule
import PlatformKit

/// A discrete-event queue in virtual time: the earliest event first, ties in scheduling order.
///
/// A calendar queue: events of the current second wait in a small heap, later ones in a bucket
/// per second, moved to the heap when their second comes. A large city keeps hundreds of
/// thousands of events queued; one heap over all of them costs a cache miss at every level.
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

    /// The width of a bucket, in milliseconds.
    private static var bucketWidth: Int64 { 1_000 }

    /// Every event before `horizon`.
    private var near = Heap<Entry>()
    /// The events from `horizon` on, by bucket (time / bucket width).
    private var buckets: [Int64: [Entry]] = [:]
    /// The keys of `buckets`.
    private var bucketKeys = Heap<Int64>()
    private var horizon = Int64.min
    private var nextOrder: UInt64 = 0

    /// Schedules `payload` at `instant`.
    mutating func schedule(_ payload: Payload, at instant: Instant) {
        let entry = Entry(time: instant.millisecondsSinceEpoch, order: nextOrder, payload: payload)
        nextOrder &+= 1
        if entry.time < horizon {
            near.insert(entry)
            return
        }
        let key = Self.bucket(of: entry.time)
        if let index = buckets.index(forKey: key) {
            buckets.values[index].append(entry)
        } else {
            buckets[key] = [entry]
            bucketKeys.insert(key)
        }
    }

    /// Removes and returns the earliest event if it is due by `limit`.
    mutating func popNext(notAfter limit: Instant) -> (Instant, Payload)? {
        if near.isEmpty, let key = bucketKeys.popMin() {
            near = Heap(buckets.removeValue(forKey: key) ?? [])
            let (end, overflow) = (key + 1).multipliedReportingOverflow(by: Self.bucketWidth)
            horizon = overflow ? .max : end
        }
        guard let first = near.min, first.time <= limit.millisecondsSinceEpoch else { return nil }
        let entry = near.removeMin()
        return (Instant(millisecondsSinceEpoch: entry.time), entry.payload)
    }

    /// The event `popNext(notAfter:)` would return now, if it is in the current second (a hint:
    /// events scheduled before the next pop may come first).
    var upcoming: Payload? { near.min?.payload }

    /// The bucket of `time`: floor division, so times before the epoch sort first too.
    private static func bucket(of time: Int64) -> Int64 {
        time >= 0 ? time / bucketWidth : (time + 1) / bucketWidth - 1
    }
}
