@testable import EventLogSQLite
import GRDB
import XCTest

/// The writer skips looking up a stream the filter says it never dropped, so the filter must
/// never miss a name it was given; and it should rarely claim one it was not.
final class ColdStreamFilterTests: XCTestCase {
    func test_empty_holdsNothing() {
        XCTAssertFalse(ColdStreamFilter().mayContain("trips/driver-1"))
    }

    /// 100 000 names over five layers (the first holds 1 000): every one is found, and few of
    /// 100 000 others are claimed (each layer adds its share).
    func test_holdsEveryName_andClaimsFewOthers() {
        var filter = ColdStreamFilter(capacity: 1_000)
        for index in 0..<100_000 { filter.insert("onboarding/attempt-\(index)") }
        XCTAssertTrue((0..<100_000).allSatisfy { filter.mayContain("onboarding/attempt-\($0)") })
        let claimed = (0..<100_000).filter { filter.mayContain("ooa/trip-\($0)") }.count
        XCTAssertLessThan(claimed, 2_500, "false positives: \(claimed) of 100 000")
    }

    /// Streams that go cold, come back and go cold again (a driver's, all run long) are added to
    /// the filter once: the filter grows with the streams, not with the rotations.
    func test_aStreamThatGoesColdAgain_isAddedOnce() throws {
        let database = try DatabaseQueue()
        try Schema.migrator.migrate(database)
        let names = (0..<10).map { "trips/driver-\($0)" }
        var cache = WriterCache()
        var seen: Set<String> = []
        try database.write { db in
            // Each round appends to a third of the streams: the others go cold two rounds later.
            for round in 0..<30 {
                for (index, name) in names.enumerated() where index % 3 == round % 3 {
                    try cache.warm(name, db)
                    let (id, isNew) = cache.advance(name, to: Int64(round + 1))
                    XCTAssertEqual(isNew, seen.insert(name).inserted, "\(name) in round \(round)")
                    try db.execute(sql: "INSERT OR REPLACE INTO streams(id, name, version) VALUES (?, ?, ?)", arguments: [id, name, round + 1])
                }
                cache.rotate(limit: 2)
            }
        }
        XCTAssertEqual(cache.coldStreams?.count, names.count)
    }
}
