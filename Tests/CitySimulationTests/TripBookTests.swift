@testable import CitySimulation
import PlatformKit
import XCTest

final class TripBookTests: XCTestCase {
    /// Law: the book answers as a dictionary of the trips under way by id would, and a reference
    /// to a trip that is over finds nothing, even once its slot holds a later trip.
    func testBehavesAsADictionaryByID_andStaleReferencesFindNothing() {
        for seed in 1...5 {
            let random = RandomSource.seeded(UInt64(seed))
            var book = TripBook()
            var model: [Int: Trip] = [:]
            var refs: [TripRef] = []
            for id in 0..<3_000 {
                switch random.int(in: 0..<10) {
                case 0..<4:
                    let trip = Trip(id: id, rider: id, pickup: Position(x: 0, y: 0), dropoff: Position(x: 1, y: 1), requestedAt: .epoch)
                    refs.append(book.insert(trip))
                    model[id] = trip
                case 4..<6 where !refs.isEmpty:
                    let ref = refs[random.int(in: 0..<refs.count)]
                    XCTAssertEqual(book.remove(ref)?.id, model.removeValue(forKey: ref.id)?.id, "seed \(seed), removing \(ref.id)")
                case 6..<8 where !refs.isEmpty:
                    let ref = refs[random.int(in: 0..<refs.count)]
                    guard var trip = book[ref] else { continue }
                    trip.ooaChanges += 1
                    book[ref] = trip
                    model[ref.id] = trip
                default:
                    break
                }
                for ref in refs where id % 50 == 0 {
                    XCTAssertEqual(book[ref]?.ooaChanges, model[ref.id]?.ooaChanges, "seed \(seed), trip \(ref.id)")
                }
            }
        }
    }
}
