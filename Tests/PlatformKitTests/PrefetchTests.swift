import PlatformKit
import XCTest

/// `Array.prefetch(_:)` is a hint only: any index, in bounds or not, of any element size, leaves
/// the array as it was.
final class PrefetchTests: XCTestCase {
    /// 137 bytes: more than two cache lines, of an odd size.
    private struct Wide: Equatable {
        var words = SIMD16<UInt64>(repeating: 7)
        var id = 3
        var flag: UInt8 = 1
    }

    func test_anyIndex_leavesTheArrayAsItWas() {
        let bytes: [UInt8] = Array(0..<200)
        let wide = Array(repeating: Wide(), count: 7)
        let empty: [Int] = []
        for index in [-1, 0, 1, 6, 7, 199, 200, .max, .min] {
            bytes.prefetch(index)
            wide.prefetch(index)
            empty.prefetch(index)
        }
        XCTAssertEqual(bytes, Array(0..<200))
        XCTAssertEqual(wide, Array(repeating: Wide(), count: 7))
        XCTAssertTrue(empty.isEmpty)
    }
}
