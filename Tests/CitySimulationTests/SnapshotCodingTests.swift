@testable import CitySimulation
import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// Every module's state after a simulation encodes and decodes alike through the `Codable`-free
/// coders (`BinaryEncodable`, `BinaryDecodable`, whole and in chunks) and through `Codable`: the states are real, with
/// every shape a run makes.
final class SnapshotCodingTests: XCTestCase {
    func test_everyModulesState_codesAlike_withAndWithoutBinaryCoding() throws {
        let log = try smallRunLog(riders: 300, drivers: 60, hours: 2, seed: 11)
        for projection in PlatformProjections.all {
            try assertDecodesAlike(projection, log)
        }
    }

    private func assertDecodesAlike<P: Projection>(_ projection: P, _ log: InMemoryEventLog) throws {
        var state = projection.initialState
        XCTAssertGreaterThan(try projection.fold(log, into: &state, from: 0, to: nil), 0, projection.name)
        var encoder = BinaryEncoder()
        encoder.usesBinaryEncodable = false
        let bytes = try encoder.encode(state)
        assertSameBytes(try BinaryEncoder().encode(state), bytes, "\(projection.name) encodes otherwise than Codable")
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        XCTAssertEqual(try BinaryDecoder().decode(P.State.self, from: bytes), state, projection.name)
        XCTAssertEqual(try codable.decode(P.State.self, from: bytes), state, projection.name)
        // In chunks far smaller than its regions, as a snapshot streams it: the same bytes.
        let chunks = EncodedStateBytes()
        try projection.encodeState(state, inChunksOf: 64, to: .collecting(into: chunks))
        assertSameBytes([UInt8](chunks.bytes), bytes, "\(projection.name) in chunks")
    }
}
