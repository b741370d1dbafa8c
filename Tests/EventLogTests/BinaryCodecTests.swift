import Foundation
import XCTest

@testable import EventLog
import PlatformKit

final class BinaryCodecTests: XCTestCase {
    // MARK: - Round trips

    func test_roundTrip_preservesEveryScalarType() throws {
        let values = [
            BCScalars.sample,
            BCScalars(
                bool: false, int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
                uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max,
                float: -.greatestFiniteMagnitude, double: .leastNonzeroMagnitude, string: ""
            ),
            BCScalars(
                bool: true, int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
                uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0,
                float: .infinity, double: -.infinity, string: "x"
            ),
        ]
        for value in values {
            XCTAssertEqual(try roundTrip(value), value)
        }
    }

    func test_roundTrip_preservesIntegerExtremesAtTopLevel() throws {
        XCTAssertEqual(try roundTrip(Int64.min), .min)
        XCTAssertEqual(try roundTrip(Int64.max), .max)
        XCTAssertEqual(try roundTrip(UInt64.max), .max)
        XCTAssertEqual(try roundTrip(Int.min), .min)
        XCTAssertEqual(try roundTrip(Int8.min), .min)
        XCTAssertEqual(try roundTrip([Int64.min, -1, 0, 1, .max]), [.min, -1, 0, 1, .max])
        XCTAssertEqual(try roundTrip([UInt64.max, 0, 127, 128, 16_383, 16_384]), [.max, 0, 127, 128, 16_383, 16_384])
        XCTAssertEqual(try BinaryEncoder().encode(UInt64.max).count, 10)
        XCTAssertEqual(try BinaryEncoder().encode(Int64.min).count, 10)
    }

    func test_roundTrip_preservesFloatingPointBitPatterns() throws {
        let doubles: [Double] = [0, -0.0, .nan, .signalingNaN, .infinity, .ulpOfOne, .pi, -1e308]
        let decoded = try roundTrip(doubles)
        XCTAssertEqual(decoded.map(\.bitPattern), doubles.map(\.bitPattern))
        let floats: [Float] = [0, -0.0, .nan, .infinity, .pi, .leastNormalMagnitude]
        XCTAssertEqual(try roundTrip(floats).map(\.bitPattern), floats.map(\.bitPattern))
    }

    func test_roundTrip_preservesOptionalsNilAndPresent() throws {
        let present = BCOptionals(
            string: "s", int: 0, bool: false, double: 0, uint8: 0, child: BCChild(name: "", values: []),
            list: [], nestedOptional: [nil, 1, nil], date: Date(timeIntervalSinceReferenceDate: 0)
        )
        XCTAssertEqual(try roundTrip(present), present)
        let absent = BCOptionals(
            string: nil, int: nil, bool: nil, double: nil, uint8: nil, child: nil, list: nil, nestedOptional: nil, date: nil
        )
        XCTAssertEqual(try roundTrip(absent), absent)
        XCTAssertEqual(try roundTrip(Int?.none), nil)
        XCTAssertEqual(try roundTrip(Int?.some(0)), 0)
        XCTAssertEqual(try roundTrip([String?.none, "", "a"]), [nil, "", "a"])
    }

    func test_roundTrip_distinguishesZeroFromNilThroughDecodeNil() throws {
        for value in [nil, 0, 1, -1] as [Int?] {
            XCTAssertEqual(try roundTrip(BCExplicitNil(value: value)), BCExplicitNil(value: value))
        }
    }

    func test_roundTrip_preservesNestedStructs() throws {
        let value = BCOuter(
            name: "outer",
            inner: BCInner(items: [BCLeaf(value: 1), BCLeaf(value: -2)], child: BCChild(name: "c", values: [1, 2, 3])),
            inners: [BCInner(items: [], child: BCChild(name: "", values: [])), BCInner(items: [BCLeaf(value: 9)], child: BCChild(name: "z", values: [0]))]
        )
        XCTAssertEqual(try roundTrip(value), value)
    }

    func test_roundTrip_preservesArraysOfEveryShape() throws {
        XCTAssertEqual(try roundTrip([1, 2, 3]), [1, 2, 3])
        XCTAssertEqual(try roundTrip(["a", "", "ü"]), ["a", "", "ü"])
        XCTAssertEqual(try roundTrip([[1], [], [2, 3]]), [[1], [], [2, 3]])
        XCTAssertEqual(try roundTrip([true, false]), [true, false])
        XCTAssertEqual(try roundTrip([[String]]()), [])
        XCTAssertEqual(try roundTrip([BCLeaf(value: 1), BCLeaf(value: 2)]), [BCLeaf(value: 1), BCLeaf(value: 2)])
        XCTAssertEqual(try roundTrip([[BCLeaf(value: 1)], []]), [[BCLeaf(value: 1)], []])
        let long = Array(0..<1_000)
        XCTAssertEqual(try roundTrip(long), long)
        let strings = (0..<300).map { String(repeating: "x", count: $0) }
        XCTAssertEqual(try roundTrip(strings), strings)
    }

    func test_roundTrip_preservesDictionariesWithStringAndIntKeys() throws {
        let byName = ["one": 1, "": 0, "zwölf": 12]
        XCTAssertEqual(try roundTrip(byName), byName)
        let byNumber = [1: "one", -7: "minus seven", 0: "", Int.max: "max", Int.min: "min"]
        XCTAssertEqual(try roundTrip(byNumber), byNumber)
        let nested = ["a": [1: [true]], "b": [:]]
        XCTAssertEqual(try roundTrip(nested), nested)
        let otherKeys: [Double: String] = [1.5: "x", -2: "y"]
        XCTAssertEqual(try roundTrip(otherKeys), otherKeys)
        let big = Dictionary(uniqueKeysWithValues: (0..<500).map { ("key\($0)", $0) })
        XCTAssertEqual(try roundTrip(big), big)
        XCTAssertEqual(try roundTrip([String: Int]()), [:])
    }

    func test_roundTrip_preservesSets() throws {
        let strings: Set = ["a", "b", ""]
        XCTAssertEqual(try roundTrip(strings), strings)
        let numbers = Set(0..<200)
        XCTAssertEqual(try roundTrip(numbers), numbers)
        XCTAssertEqual(try roundTrip(Set<BCStatus>([.open, .closed])), [.open, .closed])
    }

    func test_roundTrip_preservesEnumsWithAssociatedValues() throws {
        let shapes: [BCShape] = [
            .point, .circle(radius: 2.5), .rect(3, 4), .labeled(name: "n", inner: nil),
            .labeled(name: "deep", inner: .labeled(name: "deeper", inner: .rect(-1, 0))),
        ]
        for shape in shapes {
            XCTAssertEqual(try roundTrip(shape), shape)
        }
        XCTAssertEqual(try roundTrip(shapes), shapes)
        XCTAssertEqual(try roundTrip(BCHolder(shape: .circle(radius: 1), status: .closed)), BCHolder(shape: .circle(radius: 1), status: .closed))
    }

    func test_roundTrip_preservesRawValueEnums() throws {
        XCTAssertEqual(try roundTrip(BCStatus.closed), .closed)
        XCTAssertEqual(try roundTrip([BCPriority.low, .high]), [.low, .high])
        XCTAssertEqual(try BinaryEncoder().encode(BCStatus.open), [4] + Array("open".utf8))
        XCTAssertEqual(try BinaryEncoder().encode(BCPriority.high), [20])
    }

    /// Short byte strings are copied without `memcpy`, by overlapping words: every length up to
    /// 40, in a keyed container (the key is copied the same way) and at an odd offset.
    func test_encode_copiesBytesOfEveryShortLengthExactly() throws {
        for length in 0...40 {
            let string = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + ($0 * 7 + length) % 26))) })
            XCTAssertEqual(try BinaryEncoder().encode(string), [UInt8(length)] + Array(string.utf8), "length \(length)")
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
            XCTAssertEqual(try roundTrip(BCOffsetBytes(flag: true, bytes: bytes, text: string)), BCOffsetBytes(flag: true, bytes: bytes, text: string))
        }
    }

    func test_roundTrip_preservesDataAndByteArraysAsRawBytes() throws {
        let bytes: [UInt8] = [0, 1, 127, 128, 255]
        XCTAssertEqual(try roundTrip(bytes), bytes)
        XCTAssertEqual(try BinaryEncoder().encode(bytes), [5] + bytes)
        let data = Data(bytes)
        XCTAssertEqual(try roundTrip(data), data)
        XCTAssertEqual(try BinaryEncoder().encode(data), [5] + bytes)
        XCTAssertEqual(try roundTrip(Data()), Data())
        XCTAssertEqual(try roundTrip([UInt8]()), [])
        let large = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0) })
        XCTAssertEqual(try roundTrip(large), large)
        let holder = BCBlobs(data: data, bytes: bytes, sliced: Data(bytes)[1...3], list: [Data(), data])
        XCTAssertEqual(try roundTrip(holder), holder)
    }

    func test_roundTrip_preservesDatesAndUUIDs() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 1_700_000_000.125), .distantPast, .distantFuture]
        XCTAssertEqual(try roundTrip(dates), dates)
        let ids = [UUID(), UUID(), UUID(uuidString: "00000000-0000-0000-0000-000000000000")!]
        XCTAssertEqual(try roundTrip(ids), ids)
        XCTAssertEqual(try BinaryEncoder().encode(ids[0]).count, 16)
        // A date is the same 8 bytes as its own Codable conformance (a Double).
        XCTAssertEqual(try BinaryEncoder().encode(dates[1]), try BinaryEncoder().encode(dates[1].timeIntervalSinceReferenceDate))
    }

    func test_roundTrip_preservesEmptyStringsAndCollections() throws {
        let value = BCEmpties(string: "", array: [], dictionary: [:], set: [], nested: [[]], data: Data())
        XCTAssertEqual(try roundTrip(value), value)
        XCTAssertEqual(try roundTrip(""), "")
        XCTAssertEqual(try roundTrip(BCEmptyStruct()), BCEmptyStruct())
    }

    func test_roundTrip_preservesUnicodeStrings() throws {
        let strings = [
            "héllo wörld", "日本語のテキスト", "👩‍👩‍👧‍👦🏳️‍🌈", "e\u{301}", "\u{0}nul\u{0}", "\u{10FFFF}", "𝄞",
            String(repeating: "🚕", count: 1_000),
        ]
        for string in strings {
            XCTAssertEqual(try roundTrip(string), string)
            XCTAssertEqual(try roundTrip(BCChild(name: string, values: [])).name, string)
        }
    }

    func test_roundTrip_valueEncodingNothingIsNotReadBackAsNil() throws {
        XCTAssertEqual(try roundTrip(BCNothingHolder(value: BCNothing())), BCNothingHolder(value: BCNothing()))
        XCTAssertEqual(try roundTrip(BCNothingHolder(value: nil)), BCNothingHolder(value: nil))
        XCTAssertEqual(try BinaryEncoder().encode(BCNothing()), [0])
    }

    func test_roundTrip_handlesMultiByteLengthsAndCounts() throws {
        let value = BCLarge(
            text: String(repeating: "a", count: 200),
            huge: String(repeating: "b", count: 20_000),
            numbers: Array(0..<300),
            children: (0..<150).map { BCChild(name: String(repeating: "c", count: $0), values: Array(0..<$0)) }
        )
        XCTAssertEqual(try roundTrip(value), value)
        XCTAssertEqual(try roundTrip([value, value]), [value, value])
    }

    func test_roundTrip_supportsSuperEncoderAndSuperDecoder() throws {
        let dog = BCDog(name: "Rex", legs: 4, breed: "collie")
        let decoded = try roundTrip(dog)
        XCTAssertEqual(decoded.name, "Rex")
        XCTAssertEqual(decoded.legs, 4)
        XCTAssertEqual(decoded.breed, "collie")
    }

    func test_roundTrip_supportsNestedContainersInUnkeyedContainers() throws {
        let value = BCUnkeyedMix(pairs: [(1, "one"), (2, "two")], label: "L", extra: BCLeaf(value: 7), maybe: 0, missing: nil)
        XCTAssertEqual(try roundTrip(value), value)
        let empty = BCUnkeyedMix(pairs: [], label: "", extra: BCLeaf(value: 0), maybe: nil, missing: nil)
        XCTAssertEqual(try roundTrip(empty), empty)
    }

    func test_encode_outOfOrderContainerUseStillProducesDecodableBytes() throws {
        let value = BCInterleaved(a: 1, x: 2, b: "b", y: 3)
        let bytes = try BinaryEncoder().encode(value)
        XCTAssertEqual(try BinaryDecoder().decode(BCInterleaved.self, from: bytes), value)
        XCTAssertEqual(bytes, try _TreeEncoder.encode(value, userInfo: [:]))
        XCTAssertEqual(try [UInt8](BinaryEncoder().encodeData(value)), bytes)
        XCTAssertEqual(try roundTrip([value, value]), [value, value])
    }

    func test_encode_reportsConflictingContainerRequestsAsEncodingError() {
        XCTAssertThrowsError(try BinaryEncoder().encode(BCConflicting())) { error in
            XCTAssertTrue(error is EncodingError, "\(error)")
        }
        XCTAssertThrowsError(try BinaryEncoder().encode(BCDoubleSingle())) { error in
            XCTAssertTrue(error is EncodingError, "\(error)")
        }
    }

    func test_encode_propagatesErrorsFromEncodeTo() {
        XCTAssertThrowsError(try BinaryEncoder().encode(BCFailing())) { error in
            XCTAssertTrue(error is BCFailure, "\(error)")
        }
        XCTAssertThrowsError(try BinaryEncoder().encode([BCSwallowing(after: 1), BCSwallowing(after: 2)].map { $0.failing }))
    }

    func test_encode_staysWellFormedWhenAnEncodeToErrorIsCaught() throws {
        let bytes = try BinaryEncoder().encode([BCSwallowing(after: 1), BCSwallowing(after: 2)])
        let decoded = try BinaryDecoder().decode([BCSwallowed].self, from: bytes)
        XCTAssertEqual(decoded.map(\.after), [1, 2])
        XCTAssertEqual(decoded.map(\.failing.a), [5, 5])
    }

    func test_encode_matchesTheTreeEncoderByteForByte() throws {
        var random = BCRandom(seed: 99)
        for _ in 0..<200 {
            let value = BCRandomValue.random(&random)
            XCTAssertEqual(try BinaryEncoder().encode(value), try _TreeEncoder.encode(value, userInfo: [:]))
        }
    }

    func test_encode_pinsTheWireFormat() throws {
        // Stored payloads must stay decodable: this pins the layout of a keyed container.
        let bytes = try BinaryEncoder().encode(BCTripV1(tripID: "t1", fare: -2))
        let expected: [UInt8] = [2, 6] + Array("tripID".utf8) + [3, 2] + Array("t1".utf8) + [4] + Array("fare".utf8) + [1, 3]
        XCTAssertEqual(bytes, expected)
        XCTAssertEqual(try BinaryEncoder().encode(BCOptionalField(value: nil)), [1, 5] + Array("value".utf8) + [0])
        XCTAssertEqual(try BinaryEncoder().encode([1, -1, 64]), [3, 2, 1, 128, 1])
        XCTAssertEqual(try BinaryEncoder().encode([BCLeaf(value: 1)]), [1, 9, 1, 5] + Array("value".utf8) + [1, 2])
        XCTAssertEqual(try BinaryEncoder().encode(1.0 as Double), [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
        XCTAssertEqual(try BinaryEncoder().encode(true), [1])
    }

    func test_encode_streamsOrdinaryValuesWithoutTheTreeFallback() throws {
        var random = BCRandom(seed: 11)
        for _ in 0..<50 {
            XCTAssertTrue(try streams(BCRandomValue.random(&random)))
        }
        XCTAssertTrue(try streams(BCDog(name: "Rex", legs: 4, breed: "collie")))
        XCTAssertTrue(try streams(BCUnkeyedMix(pairs: [(1, "one")], label: "L", extra: BCLeaf(value: 7), maybe: 0, missing: nil)))
        XCTAssertTrue(try streams(BCShape.labeled(name: "a", inner: .circle(radius: 1))))
        XCTAssertFalse(try streams(BCInterleaved(a: 1, x: 2, b: "b", y: 3)))
    }

    func test_encoder_reportsCodingPathToEncodeTo() throws {
        let sink = BCPathSink()
        let value = BCEncodePathHolder(
            first: BCEncodePathProbe(sink: sink), list: [BCEncodePathProbe(sink: sink)], shape: .probe(BCEncodePathProbe(sink: sink))
        )
        _ = try BinaryEncoder().encode(value)
        XCTAssertEqual(sink.paths, ["first", "list/Index 0", "shape/probe/_0"])
        sink.paths = []
        _ = try _TreeEncoder.encode(value, userInfo: [:])
        XCTAssertEqual(sink.paths, ["first", "list/Index 0", "shape/probe/_0"])
    }

    func test_encoderAndDecoder_passUserInfo() throws {
        let key = CodingUserInfoKey(rawValue: "bc.test")!
        var encoder = BinaryEncoder()
        encoder.userInfo[key] = "encoding"
        var decoder = BinaryDecoder()
        decoder.userInfo[key] = "decoding"
        let bytes = try encoder.encode(BCUserInfoProbe(seen: ""))
        XCTAssertEqual(try BinaryDecoder().decode(BCUserInfoProbe.self, from: bytes).seen, "encoding")
        XCTAssertEqual(try decoder.decode(BCUserInfoProbe.self, from: bytes).seen, "decoding")
    }

    // MARK: - Schema evolution

    func test_decode_v1PayloadIntoV2LeavesTheAddedOptionalNil() throws {
        let v1 = BCTripV1(tripID: "t-1", fare: 1_875)
        let v2 = try BinaryDecoder().decode(BCTripV2.self, from: BinaryEncoder().encode(v1))
        XCTAssertEqual(v2, BCTripV2(tripID: "t-1", driverID: nil, fare: 1_875, tip: nil))
    }

    func test_decode_toleratesExtraKeysFromNewerWriter() throws {
        let v2 = BCTripV2(tripID: "t-2", driverID: "d-9", fare: 42, tip: 5)
        let v1 = try BinaryDecoder().decode(BCTripV1.self, from: BinaryEncoder().encode(v2))
        XCTAssertEqual(v1, BCTripV1(tripID: "t-2", fare: 42))
        let many = try BinaryDecoder().decode([BCTripV1].self, from: BinaryEncoder().encode([v2, v2]))
        XCTAssertEqual(many, [BCTripV1(tripID: "t-2", fare: 42), BCTripV1(tripID: "t-2", fare: 42)])
    }

    func test_decode_keysInAnotherOrderThanEncoded() throws {
        let value = BCReordered(a: 1, b: "two", c: [3], d: nil)
        XCTAssertEqual(try roundTrip(value), value)
        let wide = BCWide(values: Array(0..<40))
        XCTAssertEqual(try roundTrip(wide), wide)
    }

    func test_decode_missingRequiredKeyThrowsKeyNotFound() throws {
        let bytes = try BinaryEncoder().encode(BCTripV1(tripID: "t", fare: 1))
        XCTAssertThrowsError(try BinaryDecoder().decode(BCNeedsDriver.self, from: bytes)) { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else {
                return XCTFail("expected keyNotFound, got \(error)")
            }
            XCTAssertEqual(key.stringValue, "driverID")
            XCTAssertTrue(context.codingPath.isEmpty)
        }
    }

    func test_decode_nilIntoNonOptionalThrowsValueNotFound() throws {
        let bytes = try BinaryEncoder().encode(BCOptionalField(value: nil))
        XCTAssertThrowsError(try BinaryDecoder().decode(BCRequiredField.self, from: bytes)) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("expected valueNotFound, got \(error)") }
        }
        XCTAssertThrowsError(try BinaryDecoder().decode(Int.self, from: [])) { error in
            guard case DecodingError.valueNotFound = error else { return XCTFail("expected valueNotFound, got \(error)") }
        }
    }

    func test_decode_wrongTypeThrowsInsteadOfMisreading() throws {
        let bytes = try BinaryEncoder().encode(BCStringField(value: "hello"))
        XCTAssertThrowsError(try BinaryDecoder().decode(BCRequiredField.self, from: bytes)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["value"])
        }
        XCTAssertThrowsError(try BinaryDecoder().decode(BCStatus.self, from: BinaryEncoder().encode("nope")))
    }

    func test_decode_errorsCarryTheFullCodingPath() throws {
        let wrong = BCOuterWrong(inner: BCInnerWrong(items: [BCLeafWrong(value: "1"), BCLeafWrong(value: "x")]))
        let bytes = try BinaryEncoder().encode(wrong)
        XCTAssertThrowsError(try BinaryDecoder().decode(BCOuterPath.self, from: bytes)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["inner", "items", "Index 0", "value"])
            XCTAssertEqual(context.codingPath[2].intValue, 0)
        }
    }

    func test_decode_errorsInsideEnumPayloadsCarryTheNestedPath() throws {
        let bytes = try BinaryEncoder().encode(BCHolderWrong(shape: .circle(radius: "wide"), status: .open))
        XCTAssertThrowsError(try BinaryDecoder().decode(BCHolder.self, from: bytes)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("expected typeMismatch, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["shape", "circle", "radius"])
        }
    }

    func test_decoder_reportsCodingPathToInitFromDecoder() throws {
        let value = BCPathProbeHolder(first: BCPathProbe(path: ""), list: [BCPathProbe(path: ""), BCPathProbe(path: "")])
        let decoded = try roundTrip(value)
        XCTAssertEqual(decoded.first.path, "first")
        XCTAssertEqual(decoded.list.map(\.path), ["list/Index 0", "list/Index 1"])
    }

    func test_decode_keyedContainerReportsAllKeysAndContains() throws {
        let bytes = try BinaryEncoder().encode(BCTripV2(tripID: "t", driverID: nil, fare: 1, tip: 2))
        let probe = try BinaryDecoder().decode(BCKeyProbe.self, from: bytes)
        XCTAssertEqual(probe.keys, ["tripID", "driverID", "fare", "tip"])
        XCTAssertEqual(probe.contains, [true, true, false])
    }

    func test_decode_unkeyedContainerReportsCountAndIsAtEnd() throws {
        let bytes = try BinaryEncoder().encode([BCLeaf(value: 1), BCLeaf(value: 2)])
        let probe = try BinaryDecoder().decode(BCUnkeyedProbe.self, from: bytes)
        XCTAssertEqual(probe.count, 2)
        XCTAssertEqual(probe.atEnd, [false, false, true])
        XCTAssertEqual(probe.values, [1, 2])
    }

    func test_decode_readsFromRawBuffersAndData() throws {
        let value = BCScalars.sample
        let bytes = try BinaryEncoder().encode(value)
        let fromBuffer = try bytes.withUnsafeBytes { try BinaryDecoder().decode(BCScalars.self, from: $0) }
        XCTAssertEqual(fromBuffer, value)
        XCTAssertEqual(try BinaryDecoder().decode(BCScalars.self, from: Data(bytes)), value)
        // An unaligned slice of a larger buffer.
        let padded = [0xAA] + bytes + [0xBB]
        let fromSlice = try padded.withUnsafeBytes {
            try BinaryDecoder().decode(BCScalars.self, from: UnsafeRawBufferPointer(rebasing: $0[1..<(padded.count - 1)]))
        }
        XCTAssertEqual(fromSlice, value)
        XCTAssertEqual(try BinaryDecoder().decode(Int?.self, from: UnsafeRawBufferPointer(start: nil, count: 0)), nil)
    }

    func test_decode_containerUsedAfterDecodeReturnedThrowsInsteadOfReadingFreedBytes() throws {
        let bytes = try BinaryEncoder().encode(BCTripV1(tripID: "t", fare: 1))
        let stash = try BinaryDecoder().decode(BCStash.self, from: bytes)
        XCTAssertThrowsError(try stash.decoder.container(keyedBy: BCTripV1.CodingKeys.self))
        XCTAssertThrowsError(try stash.container.decode(String.self, forKey: .tripID))
        XCTAssertThrowsError(try stash.decoder.singleValueContainer().decode(Int.self))
    }

    // MARK: - Malformed input

    func test_decode_truncatedAtEveryBytePrefixThrows() throws {
        var random = BCRandom(seed: 7)
        let value = BCRandomValue.random(&random)
        let bytes = try BinaryEncoder().encode(value)
        XCTAssertGreaterThan(bytes.count, 100)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try BinaryDecoder().decode(BCRandomValue.self, from: Array(bytes[..<length])), "prefix \(length)")
        }
        let trip = try BinaryEncoder().encode(BCTripV2(tripID: "t", driverID: "d", fare: 300, tip: nil))
        for length in 0..<trip.count {
            XCTAssertThrowsError(try BinaryDecoder().decode(BCTripV2.self, from: Array(trip[..<length])), "prefix \(length)")
        }
        let list = try BinaryEncoder().encode([["a"], ["bc", ""]])
        for length in 0..<list.count {
            XCTAssertThrowsError(try BinaryDecoder().decode([[String]].self, from: Array(list[..<length])), "prefix \(length)")
        }
    }

    func test_decode_trailingBytesThrow() throws {
        let payloads: [[UInt8]] = [
            try BinaryEncoder().encode(BCTripV1(tripID: "t", fare: 1)),
            try BinaryEncoder().encode([1, 2, 3]),
            try BinaryEncoder().encode("s"),
            try BinaryEncoder().encode(5),
            try BinaryEncoder().encode(BCShape.circle(radius: 1)),
        ]
        for payload in payloads {
            XCTAssertThrowsError(try BinaryDecoder().decode(BCAnyOf.self, from: payload + [0]))
        }
        XCTAssertThrowsError(try BinaryDecoder().decode(BCTripV1.self, from: payloads[0] + [0]))
        XCTAssertThrowsError(try BinaryDecoder().decode([Int].self, from: payloads[1] + [0]))
        XCTAssertThrowsError(try BinaryDecoder().decode(String.self, from: payloads[2] + [0]))
        XCTAssertThrowsError(try BinaryDecoder().decode(Int.self, from: payloads[3] + [0]))
    }

    func test_decode_hugeLengthPrefixesThrowWithoutAllocating() {
        let huge = varint(1 << 40)
        let cases: [(String, [UInt8], (([UInt8]) throws -> Void))] = [
            ("string", huge + [1, 2, 3], { _ = try BinaryDecoder().decode(String.self, from: $0) }),
            ("bytes", huge + [1, 2, 3], { _ = try BinaryDecoder().decode([UInt8].self, from: $0) }),
            ("data", huge + [1], { _ = try BinaryDecoder().decode(Data.self, from: $0) }),
            ("array count", huge + [1, 2], { _ = try BinaryDecoder().decode([Int].self, from: $0) }),
            ("keyed count", huge + [1, 2], { _ = try BinaryDecoder().decode(BCTripV1.self, from: $0) }),
            ("dictionary count", huge, { _ = try BinaryDecoder().decode([String: Int].self, from: $0) }),
            ("key length", [1] + huge + [1], { _ = try BinaryDecoder().decode(BCTripV1.self, from: $0) }),
            ("value length", [1, 4] + Array("fare".utf8) + huge + [1], { _ = try BinaryDecoder().decode(BCTripV1.self, from: $0) }),
            ("element length", [1] + huge + [1], { _ = try BinaryDecoder().decode([BCLeaf].self, from: $0) }),
            ("max varint", [1] + varint(.max), { _ = try BinaryDecoder().decode([String].self, from: $0) }),
        ]
        for (name, bytes, decode) in cases {
            XCTAssertThrowsError(try decode(bytes), name) { error in
                XCTAssertTrue(error is DecodingError, "\(name): \(error)")
            }
        }
    }

    func test_decode_overflowingVarintsThrow() {
        let tooLong = [UInt8](repeating: 0xFF, count: 10) + [0x01]
        XCTAssertThrowsError(try BinaryDecoder().decode(UInt64.self, from: tooLong))
        let tenthByteTooBig = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        XCTAssertThrowsError(try BinaryDecoder().decode(UInt64.self, from: tenthByteTooBig))
        let maximal = [UInt8](repeating: 0xFF, count: 9) + [0x01]
        XCTAssertEqual(try BinaryDecoder().decode(UInt64.self, from: maximal), .max)
        XCTAssertThrowsError(try BinaryDecoder().decode(UInt8.self, from: varint(256)))
        XCTAssertThrowsError(try BinaryDecoder().decode(Int8.self, from: varint(256)))
        XCTAssertThrowsError(try BinaryDecoder().decode(Bool.self, from: [2]))
        XCTAssertThrowsError(try BinaryDecoder().decode(UInt64.self, from: [0x80]))
    }

    func test_decode_invalidUTF8Throws() {
        let invalid: [[UInt8]] = [[0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xC0, 0xAF]]
        for bytes in invalid {
            XCTAssertThrowsError(try BinaryDecoder().decode(String.self, from: varint(UInt64(bytes.count)) + bytes)) { error in
                guard case DecodingError.dataCorrupted = error else { return XCTFail("expected dataCorrupted, got \(error)") }
            }
        }
        // Invalid UTF-8 in a key is not a match; the required key is then missing.
        let badKey: [UInt8] = [1, 2, 0xC3, 0x28, 1, 0]
        XCTAssertThrowsError(try BinaryDecoder().decode(BCRequiredField.self, from: badKey))
        XCTAssertEqual(try BinaryDecoder().decode(BCKeyProbe.self, from: badKey).keys, [])
    }

    func test_decode_randomGarbageNeverCrashes() throws {
        for seed in 0..<3_000 {
            var random = BCRandom(seed: UInt64(seed))
            let bytes = (0..<random.int(0...64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            decodeEverything(bytes)
        }
    }

    func test_decode_mutatedPayloadsNeverCrash() throws {
        var random = BCRandom(seed: 2024)
        for _ in 0..<20 {
            let bytes = try BinaryEncoder().encode(BCRandomValue.random(&random))
            for _ in 0..<100 {
                var mutated = bytes
                for _ in 0..<random.int(1...3) {
                    let index = random.int(0...(mutated.count - 1))
                    mutated[index] = random.bool() ? UInt8(truncatingIfNeeded: random.next()) : mutated[index] ^ (1 << UInt8(random.int(0...7)))
                }
                decodeEverything(mutated)
            }
        }
    }

    // MARK: - Property test

    func test_roundTrip_randomValuesDecodeToThemselves() throws {
        var random = BCRandom(seed: 0x5EED)
        for _ in 0..<3_000 {
            let value = BCRandomValue.random(&random)
            let bytes = try BinaryEncoder().encode(value)
            let decoded = try BinaryDecoder().decode(BCRandomValue.self, from: bytes)
            XCTAssertEqual(decoded, value)
            if decoded != value { break }
        }
    }

    // MARK: - Helpers

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try BinaryDecoder().decode(T.self, from: BinaryEncoder().encode(value))
    }

    private func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
        return bytes
    }

    /// Whether `value` encodes in streaming mode, without the tree encoder fallback.
    private func streams<T: Encodable>(_ value: T) throws -> Bool {
        let state = _EncState(userInfo: [:], usesBinaryEncodable: true)
        do {
            try state.encodeValue(value, _PathRef.root)
        } catch {
            if !state.broken { throw error }
        }
        return !state.broken
    }

    /// Decodes `bytes` as many types; each must throw or succeed, never trap.
    private func decodeEverything(_ bytes: [UInt8]) {
        let decoder = BinaryDecoder()
        _ = try? decoder.decode(BCRandomValue.self, from: bytes)
        _ = try? decoder.decode(BCTripV2.self, from: bytes)
        _ = try? decoder.decode(BCShape.self, from: bytes)
        _ = try? decoder.decode([String].self, from: bytes)
        _ = try? decoder.decode([String: Int].self, from: bytes)
        _ = try? decoder.decode([Int: [UInt8]].self, from: bytes)
        _ = try? decoder.decode([BCLeaf?].self, from: bytes)
        _ = try? decoder.decode(BCUnkeyedMix.self, from: bytes)
        _ = try? decoder.decode(BCDog.self, from: bytes)
        _ = try? decoder.decode(BCKeyProbe.self, from: bytes)
        _ = try? decoder.decode(BCWide.self, from: bytes)
        _ = try? decoder.decode(String.self, from: bytes)
        _ = try? decoder.decode(Data.self, from: bytes)
        _ = try? decoder.decode(Double?.self, from: bytes)
        _ = try? decoder.decode(UUID.self, from: bytes)
        _ = try? decoder.decode(Set<Int64>.self, from: bytes)
    }
}

// MARK: - Fixtures

private struct BCScalars: Codable, Equatable {
    var bool: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
    var string: String

    static let sample = BCScalars(
        bool: true, int: -42, int8: -8, int16: 1_600, int32: -320_000, int64: 6_400_000_000,
        uint: 42, uint8: 200, uint16: 60_000, uint32: 4_000_000_000, uint64: 18_000_000_000_000_000_000,
        float: 1.5, double: -2.25, string: "scalar"
    )
}

private struct BCChild: Codable, Equatable {
    var name: String
    var values: [Int]
}

private struct BCOptionals: Codable, Equatable {
    var string: String?
    var int: Int?
    var bool: Bool?
    var double: Double?
    var uint8: UInt8?
    var child: BCChild?
    var list: [Int]?
    var nestedOptional: [Int?]?
    var date: Date?
}

/// Writes nil with `encodeNil(forKey:)` and reads it back with `decodeNil(forKey:)`.
private struct BCExplicitNil: Codable, Equatable {
    var value: Int?

    enum CodingKeys: String, CodingKey { case value }

    init(value: Int?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let value { try container.encode(value, forKey: .value) } else { try container.encodeNil(forKey: .value) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decodeNil(forKey: .value) ? nil : container.decode(Int.self, forKey: .value)
    }
}

private struct BCLeaf: Codable, Equatable {
    var value: Int
}

private struct BCInner: Codable, Equatable {
    var items: [BCLeaf]
    var child: BCChild
}

private struct BCOuter: Codable, Equatable {
    var name: String
    var inner: BCInner
    var inners: [BCInner]
}

private enum BCStatus: String, Codable, Equatable, Hashable {
    case open, closed
}

private enum BCPriority: Int, Codable, Equatable {
    case low = 1
    case high = 10
}

private indirect enum BCShape: Codable, Equatable {
    case point
    case circle(radius: Double)
    case rect(Double, Double)
    case labeled(name: String, inner: BCShape?)
}

private struct BCHolder: Codable, Equatable {
    var shape: BCShape
    var status: BCStatus
}

private struct BCBlobs: Codable, Equatable {
    var data: Data
    var bytes: [UInt8]
    var sliced: Data
    var list: [Data]
}

private struct BCEmpties: Codable, Equatable {
    var string: String
    var array: [Int]
    var dictionary: [String: String]
    var set: Set<Int>
    var nested: [[Int]]
    var data: Data
}

private struct BCEmptyStruct: Codable, Equatable {}

/// A value whose `encode(to:)` requests no container at all.
private struct BCNothing: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}

private struct BCNothingHolder: Codable, Equatable {
    var value: BCNothing?
}

private struct BCLarge: Codable, Equatable {
    var text: String
    var huge: String
    var numbers: [Int]
    var children: [BCChild]
}

private class BCAnimal: Codable {
    var name: String
    var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }
}

private final class BCDog: BCAnimal {
    var breed: String

    enum CodingKeys: String, CodingKey { case breed }

    init(name: String, legs: Int, breed: String) {
        self.breed = breed
        super.init(name: name, legs: legs)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
}

/// Exercises nested containers, a super encoder and optionals inside an unkeyed container.
private struct BCUnkeyedMix: Codable, Equatable {
    var pairs: [(Int, String)]
    var label: String
    var extra: BCLeaf
    var maybe: Int?
    var missing: Int?

    enum LabelKeys: String, CodingKey { case label }

    init(pairs: [(Int, String)], label: String, extra: BCLeaf, maybe: Int?, missing: Int?) {
        self.pairs = pairs
        self.label = label
        self.extra = extra
        self.maybe = maybe
        self.missing = missing
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pairs.map(\.0) == rhs.pairs.map(\.0) && lhs.pairs.map(\.1) == rhs.pairs.map(\.1) && lhs.label == rhs.label
            && lhs.extra == rhs.extra && lhs.maybe == rhs.maybe && lhs.missing == rhs.missing
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(pairs.count)
        for (number, name) in pairs {
            var pair = container.nestedUnkeyedContainer()
            try pair.encode(number)
            try pair.encode(name)
        }
        var labelContainer = container.nestedContainer(keyedBy: LabelKeys.self)
        try labelContainer.encode(label, forKey: .label)
        try extra.encode(to: container.superEncoder())
        // Optionals are written as `Optional` values and read back with `decodeIfPresent`.
        try container.encode(maybe)
        try container.encode(missing)
        try container.encodeNil()
        try container.encode(0)
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let count = try container.decode(Int.self)
        guard count >= 0, count <= (container.count ?? 0) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "bad count")
        }
        pairs = []
        for _ in 0..<count {
            var pair = try container.nestedUnkeyedContainer()
            pairs.append((try pair.decode(Int.self), try pair.decode(String.self)))
            guard pair.isAtEnd else { throw DecodingError.dataCorruptedError(in: pair, debugDescription: "long pair") }
        }
        label = try container.nestedContainer(keyedBy: LabelKeys.self).decode(String.self, forKey: .label)
        extra = try BCLeaf(from: container.superDecoder())
        maybe = try container.decodeIfPresent(Int.self)
        missing = try container.decodeIfPresent(Int.self)
        guard try container.decodeNil() else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "nil") }
        _ = try container.decode(Int.self)
        guard container.isAtEnd else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "not at end") }
    }
}

/// Writes to a nested container after its parent moved on (legal, but out of stream order).
private struct BCInterleaved: Codable, Equatable {
    var a: Int
    var x: Int
    var b: String
    var y: Int

    enum CodingKeys: String, CodingKey { case a, inner, b }
    enum InnerKeys: String, CodingKey { case x, y }

    init(a: Int, x: Int, b: String, y: Int) {
        self.a = a
        self.x = x
        self.b = b
        self.y = y
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        try container.encode(a, forKey: .a)
        try inner.encode(x, forKey: .x)
        try container.encode(b, forKey: .b)
        try inner.encode(y, forKey: .y)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        a = try container.decode(Int.self, forKey: .a)
        x = try inner.decode(Int.self, forKey: .x)
        b = try container.decode(String.self, forKey: .b)
        y = try inner.decode(Int.self, forKey: .y)
    }
}

/// Requests a keyed and then an unkeyed container from the same encoder.
private struct BCConflicting: Encodable {
    enum CodingKeys: String, CodingKey { case a }

    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        try keyed.encode(1, forKey: .a)
        var unkeyed = encoder.unkeyedContainer()
        try unkeyed.encode(2)
    }
}

/// Encodes two values through one single value container.
private struct BCDoubleSingle: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
    }
}

private struct BCFailure: Error {}

/// Writes part of a container, then throws.
private struct BCFailing: Encodable {
    enum CodingKeys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(5, forKey: .a)
        var nested = container.nestedUnkeyedContainer(forKey: .b)
        try nested.encode(String(repeating: "x", count: 300))
        throw BCFailure()
    }
}

/// Catches the error of a nested value and goes on encoding.
private struct BCSwallowing: Encodable {
    var after: Int
    var failing: BCFailing { BCFailing() }

    enum CodingKeys: String, CodingKey { case failing, after }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try? container.encode(failing, forKey: .failing)
        try container.encode(after, forKey: .after)
    }
}

private struct BCSwallowed: Decodable {
    struct Partial: Decodable {
        var a: Int
    }

    var failing: Partial
    var after: Int
}

private struct BCUserInfoProbe: Codable {
    var seen: String

    init(seen: String) {
        self.seen = seen
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "bc.test")!] as? String ?? "none")
    }

    init(from decoder: any Decoder) throws {
        let stored = try decoder.singleValueContainer().decode(String.self)
        seen = decoder.userInfo[CodingUserInfoKey(rawValue: "bc.test")!] as? String ?? stored
    }
}

private struct BCTripV1: Codable, Equatable {
    var tripID: String
    var fare: Int64

    enum CodingKeys: String, CodingKey { case tripID, fare }
}

/// `BCTripV1` with a field added in the middle and one at the end.
private struct BCTripV2: Codable, Equatable {
    var tripID: String
    var driverID: String?
    var fare: Int64
    var tip: Int64?
}

private struct BCNeedsDriver: Codable {
    var tripID: String
    var driverID: String
}

private struct BCOptionalField: Codable {
    var value: Int?
}

private struct BCRequiredField: Codable {
    var value: Int
}

private struct BCStringField: Codable {
    var value: String
}

/// Encodes its keys in reverse order; the synthesized decoder reads them in declaration order.
private struct BCReordered: Codable, Equatable {
    var a: Int
    var b: String
    var c: [Int]
    var d: Double?

    enum CodingKeys: String, CodingKey { case a, b, c, d }

    init(a: Int, b: String, c: [Int], d: Double?) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(d, forKey: .d)
        try container.encode(c, forKey: .c)
        try container.encode(b, forKey: .b)
        try container.encode(a, forKey: .a)
    }
}

/// Forty keys, encoded in order and decoded in reverse (the indexed lookup path).
private struct BCWide: Codable, Equatable {
    var values: [Int]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(values: [Int]) {
        self.values = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (index, value) in values.enumerated() {
            try container.encode(value, forKey: Key(stringValue: "field\(index)"))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var values = [Int](repeating: 0, count: 40)
        for index in (0..<40).reversed() {
            values[index] = try container.decode(Int.self, forKey: Key(stringValue: "field\(index)"))
        }
        self.values = values
    }
}

private struct BCLeafWrong: Codable {
    var value: String
}

private struct BCInnerWrong: Codable {
    var items: [BCLeafWrong]
}

private struct BCOuterWrong: Codable {
    var inner: BCInnerWrong
}

private struct BCInnerPath: Codable {
    var items: [BCLeaf]
}

private struct BCOuterPath: Codable {
    var inner: BCInnerPath
}

/// Records the coding path its decoder reports.
private struct BCPathProbe: Codable {
    var path: String

    init(path: String) {
        self.path = path
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }

    init(from decoder: any Decoder) throws {
        _ = try decoder.singleValueContainer().decode(String.self)
        path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
    }
}

private final class BCPathSink {
    var paths: [String] = []
}

/// Records the coding path its encoder reports.
private struct BCEncodePathProbe: Encodable {
    let sink: BCPathSink

    func encode(to encoder: any Encoder) throws {
        sink.paths.append(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
        var container = encoder.singleValueContainer()
        try container.encode(1)
    }
}

private enum BCEncodePathShape: Encodable {
    case probe(BCEncodePathProbe)
}

private struct BCEncodePathHolder: Encodable {
    var first: BCEncodePathProbe
    var list: [BCEncodePathProbe]
    var shape: BCEncodePathShape
}

private enum BCShapeWrong: Codable {
    case circle(radius: String)
}

private struct BCHolderWrong: Codable {
    var shape: BCShapeWrong
    var status: BCStatus
}

private struct BCPathProbeHolder: Codable {
    var first: BCPathProbe
    var list: [BCPathProbe]
}

private struct BCKeyProbe: Decodable {
    var keys: [String]
    var contains: [Bool]

    enum Keys: String, CodingKey { case tripID, driverID, missing }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        let container = try decoder.container(keyedBy: Keys.self)
        contains = [container.contains(.tripID), container.contains(.driverID), container.contains(.missing)]
    }
}

private struct BCUnkeyedProbe: Decodable {
    var count: Int?
    var atEnd: [Bool]
    var values: [Int]

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        count = container.count
        atEnd = [container.isAtEnd]
        values = []
        while !container.isAtEnd {
            values.append(try container.decode(BCLeaf.self).value)
            atEnd.append(container.isAtEnd)
        }
        XCTAssertThrowsError(try container.decode(BCLeaf.self))
    }
}

/// Keeps its decoder and a container past `decode`.
private final class BCStash: Decodable {
    let decoder: any Decoder
    let container: KeyedDecodingContainer<BCTripV1.CodingKeys>

    init(from decoder: any Decoder) throws {
        self.decoder = decoder
        container = try decoder.container(keyedBy: BCTripV1.CodingKeys.self)
    }
}

/// Decodes whichever of a few shapes fits, so trailing bytes must be rejected by each.
private enum BCAnyOf: Decodable {
    case trip(BCTripV1)
    case numbers([Int])
    case text(String)
    case number(Int)
    case shape(BCShape)

    init(from decoder: any Decoder) throws {
        if let value = try? BCTripV1(from: decoder) {
            self = .trip(value)
        } else if let value = try? [Int](from: decoder) {
            self = .numbers(value)
        } else if let value = try? decoder.singleValueContainer().decode(String.self) {
            self = .text(value)
        } else if let value = try? decoder.singleValueContainer().decode(Int.self) {
            self = .number(value)
        } else {
            self = .shape(try BCShape(from: decoder))
        }
    }
}

// MARK: - Random values

/// Random test values from PlatformKit's seeded generator, so failures reproduce.
private struct BCRandom {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func bool() -> Bool {
        next() & 1 == 1
    }

    /// Mostly small magnitudes (short varints), sometimes any bit pattern.
    mutating func integer<I: FixedWidthInteger>(_: I.Type) -> I {
        switch int(0...3) {
        case 0: I(truncatingIfNeeded: int(-3...3))
        case 1: I(truncatingIfNeeded: int(-300...300))
        case 2: bool() ? .max : .min
        default: I(truncatingIfNeeded: next())
        }
    }

    mutating func double() -> Double {
        switch int(0...2) {
        case 0: return Double(int(-1_000...1_000)) / 8
        case 1:
            let value = Double(bitPattern: next())
            return value.isNaN ? 0 : value
        default: return [0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude][int(0...5)]
        }
    }

    mutating func string() -> String {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x00...0x7F, 0xA0...0x2FF, 0x3040...0x30FF, 0x4E00...0x9FFF, 0x1F300...0x1FAFF, 0x300...0x36F]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...24) {
            let range = ranges[int(0...(ranges.count - 1))]
            if let scalar = Unicode.Scalar(range.lowerBound + UInt32(next() % UInt64(range.count))) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    mutating func bytes() -> [UInt8] {
        (0..<int(0...40)).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    mutating func array<T>(_ maxCount: Int, _ element: (inout BCRandom) -> T) -> [T] {
        (0..<int(0...maxCount)).map { _ in element(&self) }
    }

    mutating func optional<T>(_ value: (inout BCRandom) -> T) -> T? {
        bool() ? value(&self) : nil
    }

    mutating func shape(depth: Int = 0) -> BCShape {
        switch int(0...(depth < 3 ? 3 : 2)) {
        case 0: .point
        case 1: .circle(radius: double())
        case 2: .rect(double(), double())
        default: .labeled(name: string(), inner: bool() ? shape(depth: depth + 1) : nil)
        }
    }
}

private struct BCRandomChild: Codable, Equatable {
    var id: Int64
    var label: String?
    var flags: [Bool]

    static func random(_ random: inout BCRandom) -> BCRandomChild {
        BCRandomChild(id: random.integer(Int64.self), label: random.optional { $0.string() }, flags: random.array(5) { $0.bool() })
    }
}

private struct BCRandomValue: Codable, Equatable {
    var flag: Bool
    var small: Int8
    var medium: Int32
    var big: Int64
    var word: Int
    var unsigned: UInt64
    var byte: UInt8
    var short: UInt16
    var ratio: Float
    var measure: Double
    var name: String
    var note: String?
    var tags: [String]
    var scores: [Int: Double]
    var labels: [String: Int16]
    var ids: Set<UInt32>
    var blob: Data
    var raw: [UInt8]
    var child: BCRandomChild?
    var children: [BCRandomChild]
    var shape: BCShape
    var shapes: [BCShape?]
    var status: BCStatus
    var priority: BCPriority?
    var matrix: [[Int]]
    var when: Date
    var id: UUID
    var maybeID: UUID?

    static func random(_ random: inout BCRandom) -> BCRandomValue {
        BCRandomValue(
            flag: random.bool(),
            small: random.integer(Int8.self),
            medium: random.integer(Int32.self),
            big: random.integer(Int64.self),
            word: random.integer(Int.self),
            unsigned: random.integer(UInt64.self),
            byte: random.integer(UInt8.self),
            short: random.integer(UInt16.self),
            ratio: Float(random.int(-100...100)) / 4,
            measure: random.double(),
            name: random.string(),
            note: random.optional { $0.string() },
            tags: random.array(6) { $0.string() },
            scores: Dictionary(random.array(6) { ($0.integer(Int.self), $0.double()) }, uniquingKeysWith: { first, _ in first }),
            labels: Dictionary(random.array(6) { ($0.string(), $0.integer(Int16.self)) }, uniquingKeysWith: { first, _ in first }),
            ids: Set(random.array(8) { $0.integer(UInt32.self) }),
            blob: Data(random.bytes()),
            raw: random.bytes(),
            child: random.optional { BCRandomChild.random(&$0) },
            children: random.array(4) { BCRandomChild.random(&$0) },
            shape: random.shape(),
            shapes: random.array(4) { random in random.optional { $0.shape() } },
            status: random.bool() ? .open : .closed,
            priority: random.optional { $0.bool() ? .low : .high },
            matrix: random.array(4) { random in random.array(4) { $0.integer(Int.self) } },
            when: Date(timeIntervalSinceReferenceDate: Double(random.int(-1_000_000...1_000_000)) / 16),
            id: UUID(),
            maybeID: random.optional { _ in UUID() }
        )
    }
}

/// A byte array and a string after a one-byte value, so their bytes start at an odd offset.
private struct BCOffsetBytes: Codable, Equatable {
    var flag: Bool
    var bytes: [UInt8]
    var text: String
}
