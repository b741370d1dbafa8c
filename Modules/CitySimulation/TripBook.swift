import PlatformKit

/// Where a trip is in the ``TripBook``: its slot, and its id to tell it from a later trip there.
struct TripRef {
    let slot: Int32
    let id: Int
}

/// The trips under way, each in a slot of one flat array; a trip's slot is reused once it is over.
///
/// Steps name their trip by ``TripRef``, so a trip is found by index, without hashing its id
/// (every trip-state change looks its trip up), and a step for a trip that is over finds nothing:
/// its slot is empty or holds a later trip.
struct TripBook {
    private var slots: [Trip?] = []
    private var free: [Int32] = []

    /// Adds `trip`; returns where it is.
    mutating func insert(_ trip: Trip) -> TripRef {
        guard let slot = free.popLast() else {
            slots.append(trip)
            return TripRef(slot: Int32(slots.count - 1), id: trip.id)
        }
        slots[Int(slot)] = trip
        return TripRef(slot: slot, id: trip.id)
    }

    /// The trip `ref` names while it is under way; setting it stores the trip's new state.
    subscript(ref: TripRef) -> Trip? {
        get {
            guard let trip = slots[Int(ref.slot)], trip.id == ref.id else { return nil }
            return trip
        }
        set {
            precondition(newValue.map { $0.id == ref.id } ?? true, "trip \(ref.id) stored over another")
            guard slots[Int(ref.slot)]?.id == ref.id else { return }
            slots[Int(ref.slot)] = newValue
            if newValue == nil { free.append(ref.slot) }
        }
    }

    /// Starts loading the slot of `ref` into the caches, ahead of a step of its trip.
    func prefetch(_ ref: TripRef) {
        slots.prefetch(Int(ref.slot))
    }

    /// Takes the trip `ref` names out of the book, if it is still under way.
    mutating func remove(_ ref: TripRef) -> Trip? {
        defer { self[ref] = nil }
        return self[ref]
    }
}
