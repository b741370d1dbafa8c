import EventLog
import PlatformKit

/// Every driver's tracker, by driver id.
///
/// A tracker is kept either as a ``TrackerState`` or packed: the bytes a tracker snapshot holds
/// for it. ``packAll()`` packs every tracker, and the next event of a driver unpacks that
/// driver's alone. Where most drivers have no trip between two snapshots, their trackers then
/// take their packed size in memory, and a snapshot copies their bytes instead of walking their
/// cards again. Packed or not, a tracker reads and compares the same.
public struct TrackerTable: Sendable {
    private var entries: [String: Entry] = [:]

    public init() {}

    /// An empty table with room for `minimumCapacity` trackers.
    init(minimumCapacity: Int) {
        entries = Dictionary(minimumCapacity: minimumCapacity)
    }

    /// A table of `trackers`, none packed.
    public init(_ trackers: [String: TrackerState]) {
        entries = trackers.mapValues(Entry.live)
    }

    /// The number of drivers with a tracker.
    public var count: Int { entries.count }

    /// Every driver with a tracker, in no particular order.
    public var driverIDs: some Collection<String> { entries.keys }

    /// The number of trackers kept packed.
    var packedCount: Int {
        entries.values.count { if case .packed = $0 { true } else { false } }
    }

    /// Whether the tracker of `driverID` is kept packed.
    func isPacked(_ driverID: String) -> Bool {
        if case .packed = entries[driverID] { true } else { false }
    }

    /// The tracker of `driverID` (unpacked if it is packed), `nil` if there is none; setting
    /// `nil` removes it.
    public subscript(driverID: String) -> TrackerState? {
        get { entries[driverID]?.tracker }
        set { entries[driverID] = newValue.map(Entry.live) }
    }

    /// Folds `event` into the tracker of `driverID`, a new one if the driver has none (see
    /// ``TrackerState/apply(_:)``). Returns whether it applied.
    @discardableResult
    public mutating func apply(_ event: any Event, driverID: String) -> Bool {
        entries[driverID, default: .live(TrackerState())].update { $0.apply(event) }
    }

    /// Packs every tracker; each stays packed until an event of its driver.
    public mutating func packAll() {
        var scratch = PackedFieldWriter()
        // Not `for index in entries.values.indices`: the indices would hold the values (and so
        // the table's storage) through the loop, and the first write would copy the whole table.
        var index = entries.values.startIndex
        while index != entries.values.endIndex {
            entries.values[index].pack(using: &scratch)
            entries.values.formIndex(after: &index)
        }
    }

    /// Calls `body` with the tracker of each of `driverIDs` packed, in that order (packing those
    /// not packed into a scratch buffer, one at a time). Every id must have a tracker.
    func forEachPacked(_ driverIDs: [String], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var scratch = PackedFieldWriter()
        for driverID in driverIDs {
            switch entries[driverID] {
            case .packed(let bytes):
                bytes.withUnsafeBufferPointer(body)
            case .live(let tracker):
                scratch.removeAll()
                tracker.pack(into: &scratch)
                scratch.bytes.withUnsafeBufferPointer(body)
            case nil:
                preconditionFailure("no tracker for \(driverID)")
            }
        }
    }
}

extension TrackerTable: Hashable {
    /// Equal when they hold the same drivers' trackers, equal whether packed or not.
    public static func == (lhs: TrackerTable, rhs: TrackerTable) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { driverID, entry in
            rhs.entries[driverID].map { $0.tracker == entry.tracker } ?? false
        }
    }

    /// Hashes the count only: a tracker packed and the same unpacked are equal.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}

/// A driver's tracker, as it is or packed.
private enum Entry: Sendable {
    case live(TrackerState)
    /// What `TrackerState.pack(into:)` wrote for it.
    case packed([UInt8])

    var tracker: TrackerState {
        switch self {
        case .live(let tracker):
            return tracker
        case .packed(let bytes):
            return bytes.withUnsafeBufferPointer { bytes in
                var reader = PackedFieldReader(bytes)
                do throws(PackedFieldError) {
                    return try TrackerState(packed: &reader)
                } catch {
                    preconditionFailure("a tracker this table packed does not unpack: \(error)")
                }
            }
        }
    }

    /// Changes the tracker in place, unpacking it first if it is packed.
    mutating func update<Result>(_ change: (inout TrackerState) -> Result) -> Result {
        var tracker = tracker
        self = .packed([])  // the only reference to `tracker` is then the local one: no copy
        defer { self = .live(tracker) }
        return change(&tracker)
    }

    mutating func pack(using scratch: inout PackedFieldWriter) {
        guard case .live(let tracker) = self else { return }
        scratch.removeAll()
        tracker.pack(into: &scratch)
        // A copy of the exact size: the scratch buffer's capacity stays with the scratch.
        self = .packed(scratch.bytes.withUnsafeBufferPointer { Array($0) })
    }
}
