import OutOfAppDSL
import PlatformKit

/// One trip's state in the service: fixed-size numbers only (96 bytes), kept in a flat array.
///
/// Times are milliseconds since the epoch; locations are `Float` degrees.
struct TripSlot {
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// A low-priority state is held (`pending*` fields, `due`, `deadline`).
        static let pending = Flags(rawValue: 1)
        /// A release entry for this slot is in the timer heap.
        static let scheduled = Flags(rawValue: 2)
        /// The held push was already reported as throttled.
        static let throttled = Flags(rawValue: 4)
        /// The activity ended (trip over or lifetime limit); later changes are dropped until the slot is forgotten.
        static let ended = Flags(rawValue: 8)
    }

    var lastChangeAt: Int64 = 0
    var phaseStartedAt: Int64 = 0
    /// The budget's theoretical arrival time (generic cell rate algorithm).
    var budgetTime: Int64 = 0
    var due: Int64 = 0
    var deadline: Int64 = 0
    /// When the last decision's held or throttled push goes out (see ``lastDecision``).
    private var decisionUntil: Int64 = 0
    var deliveredLatitude: Float = 0
    var deliveredLongitude: Float = 0
    var pendingLatitude: Float = 0
    var pendingLongitude: Float = 0
    var deliveredETA: Int32 = 0
    var pendingETA: Int32 = 0
    var version: UInt32 = 0
    var generation: UInt32 = 0
    var coalesced: UInt16 = 0
    /// The progress bar's last fill in per-mille.
    var progress: UInt16 = 0
    var deliveredPhase: TripPhase = .matching
    var pendingPhase: TripPhase = .matching
    var flags: Flags = []
    /// The last decision's case (0: none yet) and its values (see ``lastDecision``).
    private var decisionCase: UInt8 = 0
    private var decisionKind: PushKind = .start
    private var decisionReason: PushReason = .tripStarted
    private var decisionHow: OOAChangeHeld.How = .debounced
    private var decisionDrop: DropReason = .insignificant

    /// The last decision about the trip, as ``OOAProjection`` keeps it; stored as 13 bytes of the
    /// slot (a `Decision?` field would take 17, and slots would lie 104 bytes apart instead of 96).
    var lastDecision: OOAProjection.Decision? {
        get {
            let until = Instant(millisecondsSinceEpoch: decisionUntil)
            switch decisionCase {
            case 1: return .pushed(decisionKind, decisionReason)
            case 2: return .held(decisionHow, until: until)
            case 3: return .throttled(until: until)
            case 4: return .dropped(decisionDrop)
            default: return nil
            }
        }
        set {
            switch newValue {
            case .pushed(let kind, let reason): (decisionCase, decisionKind, decisionReason) = (1, kind, reason)
            case .held(let how, let until): (decisionCase, decisionHow, decisionUntil) = (2, how, until.millisecondsSinceEpoch)
            case .throttled(let until): (decisionCase, decisionUntil) = (3, until.millisecondsSinceEpoch)
            case .dropped(let reason): (decisionCase, decisionDrop) = (4, reason)
            case nil: decisionCase = 0
            }
        }
    }
}

/// Trip ids interned to dense slot indices; ended trips' slots are reused.
struct TripTable {
    private(set) var slots: [TripSlot] = []
    private(set) var ids: [String] = []
    /// The slot of each tracked trip, by the hash of its id (confirmed against `ids`).
    private var index = IDIndex()
    private var free: [Int32] = []

    var count: Int { index.count }

    func slot(of tripID: String) -> Int32? {
        index.number(hash: IDIndex.hash(tripID)) { ids[Int($0)] == tripID }
    }

    /// Starts loading the id and slot of `tripID` into the caches (this reads its bucket of the
    /// index), ahead of a ``slot(of:)``.
    func prefetch(_ tripID: String) {
        let candidate = Int(index.firstCandidate(hash: IDIndex.hash(tripID)))
        ids.prefetch(candidate)
        slots.prefetch(candidate)
    }

    func id(of slot: Int32) -> String { ids[Int(slot)] }

    /// A fresh slot for `tripID` (its generation differs from any earlier use of the index).
    mutating func insert(_ tripID: String) -> Int32 {
        if let reused = free.popLast() {
            let generation = slots[Int(reused)].generation &+ 1
            slots[Int(reused)] = TripSlot()
            slots[Int(reused)].generation = generation
            ids[Int(reused)] = tripID
            index.insert(reused, hash: IDIndex.hash(tripID))
            return reused
        }
        let slot = Int32(slots.count)
        slots.append(TripSlot())
        ids.append(tripID)
        index.insert(slot, hash: IDIndex.hash(tripID))
        return slot
    }

    mutating func remove(_ slot: Int32) {
        index.remove(slot, hash: IDIndex.hash(ids[Int(slot)]))
        ids[Int(slot)] = ""
        slots[Int(slot)].generation &+= 1
        slots[Int(slot)].flags = []
        free.append(slot)
    }

    subscript(slot: Int32) -> TripSlot {
        get { slots[Int(slot)] }
        _modify { yield &slots[Int(slot)] }
    }

    mutating func reserveCapacity(_ trips: Int) {
        slots.reserveCapacity(trips)
        ids.reserveCapacity(trips)
        index.reserveCapacity(trips)
    }
}
