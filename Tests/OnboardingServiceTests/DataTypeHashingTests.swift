import OnboardingContract
import XCTest

/// Data types hash by case: every case apart, and a set or dictionary keyed by them behaves.
final class DataTypeHashingTests: XCTestCase {
    func test_everyCase_hashesApart_andKeysCollections() {
        let cases = DataType.allCases
        XCTAssertEqual(Set(cases.map(\.hashValue)).count, cases.count)
        let byRaw = Dictionary(uniqueKeysWithValues: cases.map { ($0, $0.rawValue) })
        for type in cases {
            XCTAssertEqual(byRaw[type], type.rawValue)
            XCTAssertEqual(DataType(rawValue: type.rawValue)?.hashValue, type.hashValue)
        }
        XCTAssertEqual(Set(cases + cases).count, cases.count)
    }
}
