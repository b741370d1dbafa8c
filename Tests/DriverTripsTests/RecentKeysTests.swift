@testable import TripService
import XCTest

/// A snapshot lists the last applied keys, the newest last, at most `recentKeys` of them.
final class RecentKeysTests: XCTestCase {
    func test_append_keepsTheLastKeys_inOrder() {
        let limit = TripServiceState.recentKeys
        for count in 0...(limit + 3) {
            let keys = (0..<count).map { "key-\($0)" }
            var recent = keys
            TripServiceState.append("new", to: &recent)
            XCTAssertEqual(recent, Array((keys + ["new"]).suffix(limit)), "after \(count) keys")
        }
    }
}
