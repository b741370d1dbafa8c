@testable import EventLogSQLite
import GRDB
import XCTest

/// The writer's two generations of stream heads rotate once the current one holds half the
/// limit, so a stream appended to again before half a limit of other streams are never goes
/// cold, however many short-lived streams pass through (a driver's streams between trips).
final class StreamRotationTests: XCTestCase {
    func test_aStreamAppendedToWithinHalfTheLimit_staysCached() throws {
        let database = try DatabaseQueue()
        try Schema.migrator.migrate(database)
        var cache = WriterCache()
        var versions: [String: Int64] = [:]
        try database.write { db in
            func append(_ name: String) throws {
                try cache.warm(name, db)
                let version = versions[name, default: 0] + 1
                versions[name] = version
                let (id, _) = cache.advance(name, to: version)
                try db.execute(sql: "INSERT OR REPLACE INTO streams(id, name, version) VALUES (?, ?, ?)", arguments: [id, name, version])
            }
            // Limit 60: three new streams an index run, the driver's every seventh run (21 other
            // streams between two of its appends, under half the limit).
            for run in 0..<300 {
                if run % 7 == 0 { try append("trips/driver-1") }
                for trip in 0..<3 { try append("trip-\(3 * run + trip)") }
                cache.rotate(limit: 60)
            }
        }
        XCTAssertEqual(cache.coldStreams?.mayContain("trip-0"), true, "short-lived streams go cold")
        XCTAssertEqual(cache.coldStreams?.mayContain("trips/driver-1"), false, "the driver's stream went cold")
    }
}
