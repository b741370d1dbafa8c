import PlatformKit
import XCTest

final class SeededGeneratorTests: XCTestCase {
    func test_seed42_producesTheGoldenSequence() {
        var generator = SeededGenerator(seed: 42)
        XCTAssertEqual(
            [generator.next(), generator.next(), generator.next()],
            [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1]
        )
    }

    func test_seed42_thousandthValueIsGolden() {
        var generator = SeededGenerator(seed: 42)
        for _ in 1..<1_000 { _ = generator.next() }
        XCTAssertEqual(generator.next(), 0x8DE5_848C_61AB_8968)
    }

    func test_sameSeed_givesTheSameSequence() {
        var first = SeededGenerator(seed: 2_026)
        var second = SeededGenerator(seed: 2_026)
        XCTAssertEqual((0..<100).map { _ in first.next() }, (0..<100).map { _ in second.next() })
    }

    func test_differentSeeds_giveDifferentSequences() {
        var first = SeededGenerator(seed: 1)
        var second = SeededGenerator(seed: 2)
        XCTAssertNotEqual((0..<10).map { _ in first.next() }, (0..<10).map { _ in second.next() })
    }
}
