@testable import Earnings
import EventLog
import EventLogTestSupport
import PlatformKit
import RealtimeAPI
import XCTest

/// A tracker snapshot packs every driver's tracker without keys: `Codable`'s bytes without
/// `Codable`, read back equal to what was written (every card kind, every optional field either
/// way), far smaller than a keyed container per tracker; snapshots written before still load, and
/// malformed packed bytes are refused with the offset (the packed fields themselves: `PackedFieldsTests`).
final class TrackerSnapshotPackingTests: XCTestCase {
    /// Trackers of `drivers` drivers, each folded from a different mix of the tracker events.
    private func state(drivers: Int, seed: UInt64 = 1) -> TrackerProjection.State {
        var random = SeededGenerator(seed: seed)
        let cards = [everyField, TrackerCard(cardID: "bare", priority: .infinity, payload: nil, cardType: nil)] + everyPayload.enumerated().map { index, payload in
            TrackerCard(
                cardID: "card-\(index)", priority: Double(index) - 3.5, isValid: index % 4 != 0, payload: payload,
                cardType: CardType.allCases[index % CardType.allCases.count], expiresAt: index % 2 == 0 ? 1_763_300_000 + Int64(index) : nil,
                lastUpdatedAt: index % 3 == 0 ? nil : 1_763_290_000, outageState: index % 5 == 0 ? .unknown : .normal,
                shouldForceSwitchStatusMode: index % 3 == 1 ? false : nil, statusModePriority: index % 2 == 1 ? 0.1 * Double(index) : nil
            )
        }
        var state = TrackerProjection.State()
        for driver in 0..<drivers {
            let driverID = "driver-\(driver)"
            var tracker = TrackerState()
            let time = Int64(random.next() % 10_000)
            let some = Array(cards.shuffled(using: &random).prefix(Int(random.next() % UInt64(cards.count + 1))))
            tracker.apply(TrackerCardsPushed(driverID: driverID, service: driver % 2 == 0 ? .earnings : "partner.bonus", cards: some, at: at(time)))
            if driver % 3 == 1 { tracker.apply(TrackerPullFailed(driverID: driverID, service: .incentives, reason: "timeout", at: at(time + 1), retryAt: at(time + 9))) }
            if driver % 4 == 2 { tracker.apply(TrackerCardsPulled(driverID: driverID, service: .incentives, cards: Array(cards.prefix(3)), at: at(time + 20))) }
            if driver % 5 == 3 { tracker.apply(TrackerPrivacyChanged(driverID: driverID, privacyStatus: .hidden, at: at(time + 30))) }
            if driver % 6 == 4 { tracker.apply(TrackerStatusItemSelected(driverID: driverID, cardID: "card-2", at: at(time + 40))) }
            if driver % 7 == 5 { tracker.apply(TrackerBulletinDismissed(driverID: driverID, at: at(time + 50))) }
            state.trackers[driverID] = tracker
        }
        state.trackers["never-pushed"] = TrackerState()
        return state
    }

    func test_trackers_codeLikeCodable_andRoundTrip() throws {
        for state in [TrackerProjection.State(), state(drivers: 1), state(drivers: 40, seed: 7)] {
            try assertEncodesLikeCodable(state)
            try assertDecodesLikeCodable(state)
            XCTAssertEqual(try TrackerProjection().decodeState(TrackerProjection().encodeState(state)), state)
        }
        let kinds = Set(state(drivers: 40, seed: 7).trackers.dictionary.values.flatMap { $0.managers.flatMap(\.cards) }.compactMap(\.payload?.kind))
        XCTAssertEqual(kinds.count, TrackerCardKind.allCases.count, "every card kind is packed")
    }

    func test_trackersKeptPacked_readCompareAndSnapshot_asUnpacked() throws {
        let live = state(drivers: 40, seed: 5)
        var packed = live
        packed.trackers.packAll()
        XCTAssertEqual(packed.trackers.packedCount, live.trackers.count)
        XCTAssertEqual(live.trackers.packedCount, 0, "the copy packed alone")
        XCTAssertEqual(packed, live)
        XCTAssertEqual(packed.trackers.dictionary, live.trackers.dictionary)
        XCTAssertEqual(try BinaryEncoder().encode(packed), try BinaryEncoder().encode(live))
        try assertEncodesLikeCodable(packed)
        var other = live
        other.trackers["driver-3"]?.apply(TrackerPrivacyChanged(driverID: "driver-3", privacyStatus: .visible, at: at(99_999)))
        XCTAssertNotEqual(packed, other, "a packed tracker compares by what it holds")
    }

    /// A runner and a group pack the trackers they hold before each snapshot (the projection's
    /// `prepareForSnapshot`), and their snapshots replay to the same trackers.
    func test_runnersAndGroups_packTheTrackers_beforeEachSnapshot() throws {
        let log = InMemoryEventLog(clock: .constant(monday))
        let runner = try ProjectionRunner(TrackerProjection(), log: log, snapshots: log)
        let group = try ProjectionGroup([TrackerProjection()], log: log, snapshots: log)
        for driver in 0..<5 {
            let push = TrackerCardsPushed(driverID: "driver-\(driver)", service: .earnings, cards: [card("daily", total: Int64(driver))], at: at(Int64(driver)))
            try log.append([push.newEvent(stream: earningsStream(driverID: push.driverID))])
        }
        try runner.catchUp()
        try group.apply(log.events())
        XCTAssertEqual(runner.state.trackers.packedCount, 0)
        try runner.snapshotNow()
        XCTAssertEqual(runner.state.trackers.packedCount, 5)
        try group.snapshotNow()
        XCTAssertEqual(group.state(of: TrackerProjection.self)?.trackers.packedCount, 5)
        XCTAssertEqual(try TrackerProjection().replay(log, snapshots: log).state, runner.state)
        XCTAssertEqual(group.state(of: TrackerProjection.self), runner.state)
    }

    /// Random tracker events over a few drivers, folded into a table packed now and then and into
    /// one never packed: after every step they hold the same trackers, and an event unpacks its
    /// driver's tracker alone.
    func test_eventsAfterPacking_foldAsWithoutPacking() {
        var random = SeededGenerator(seed: 11)
        var (packed, live) = (TrackerTable(), TrackerTable())
        for step in 0..<400 {
            let driverID = "driver-\(random.next() % 6)"
            let time = Int64(step * 60)
            let event: any Event = switch random.next() % 5 {
            case 0: TrackerPrivacyChanged(driverID: driverID, privacyStatus: random.next() % 2 == 0 ? .hidden : .visible, at: at(time))
            case 1: TrackerStatusItemSelected(driverID: driverID, cardID: "card-\(random.next() % 4)", at: at(time))
            case 2: TrackerPullFailed(driverID: driverID, service: .incentives, reason: "timeout", at: at(time), retryAt: at(time + 30))
            default: TrackerCardsPushed(
                driverID: driverID, service: random.next() % 3 == 0 ? .incentives : .earnings,
                cards: (0..<Int(random.next() % 4)).map { card("card-\($0)", priority: Double(step), total: Int64(step)) }, at: at(time)
            )
            }
            let wasPacked = packed.packedCount
            let driverWasPacked = packed.isPacked(driverID)
            live.apply(event, driverID: driverID)
            packed.apply(event, driverID: driverID)
            XCTAssertEqual(packed.packedCount, wasPacked - (driverWasPacked ? 1 : 0), "step \(step)")
            XCTAssertEqual(packed, live, "step \(step)")
            if random.next() % 10 == 0 { packed.packAll() }
        }
        XCTAssertEqual(packed.dictionary, live.dictionary)
    }

    func test_packedTrackers_takeAThirdOfTheBytes_ofKeyedTrackers() throws {
        let state = state(drivers: 200)
        let packed = try BinaryEncoder().encode(state).count
        let keyed = try BinaryEncoder().encode(LegacyTrackers(trackers: state.trackers.dictionary)).count
        XCTAssertLessThan(packed * 3, keyed, "\(packed) bytes packed, \(keyed) keyed")
    }

    func test_aSnapshotWrittenBeforePacking_stillLoads() throws {
        let state = state(drivers: 25, seed: 3)
        let legacy = try BinaryEncoder().encode(LegacyTrackers(trackers: state.trackers.dictionary))
        XCTAssertEqual(try TrackerProjection().decodeState(legacy), state)
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        XCTAssertEqual(try codable.decode(TrackerProjection.State.self, from: legacy), state)
    }

    func test_malformedPackedTrackers_areRefused_withTheOffset() throws {
        let good = try BinaryEncoder().encode(PackedForm(state(drivers: 3)))
        XCTAssertEqual(try TrackerProjection().decodeState(good), state(drivers: 3))
        var truncated = try PackedForm(state(drivers: 3))
        truncated.packedTrackers.removeLast(5)
        var extra = try PackedForm(state(drivers: 3))
        extra.packedTrackers.append(0)
        var badFlag = try PackedForm(state(drivers: 3))
        // The first tracker ("driver-0") starts with its manager count (1 byte) and its first
        // manager's service name ("earnings", 9 bytes); its card count follows: make it run on.
        badFlag.packedTrackers[1 + 1 + 8] = 0xFF
        var moreDrivers = try PackedForm(state(drivers: 3))
        moreDrivers.driverIDs.append("ghost")
        var repeated = try PackedForm(state(drivers: 3))
        repeated.driverIDs[1] = repeated.driverIDs[0]
        for (name, form) in [("truncated", truncated), ("extra", extra), ("bad flag", badFlag), ("more drivers", moreDrivers), ("repeated", repeated)] {
            XCTAssertThrowsError(try TrackerProjection().decodeState(BinaryEncoder().encode(form)), name) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(name): \(error)") }
                let expected = name == "repeated" ? "A driver id is listed more than once" : "Malformed packed trackers at byte "
                XCTAssertTrue(context.debugDescription.hasPrefix(expected), "\(name): \(context.debugDescription)")
            }
        }
    }
}

extension TrackerTable {
    /// Every tracker, unpacked.
    var dictionary: [String: TrackerState] {
        Dictionary(uniqueKeysWithValues: driverIDs.map { ($0, self[$0]!) })
    }
}

/// The tracker state as snapshots before packing encoded it: a keyed container per tracker.
private struct LegacyTrackers: Encodable {
    var trackers: [String: TrackerState]
}

/// The packed form's fields, to damage.
private struct PackedForm: Codable {
    var driverIDs: [String]
    var packedTrackers: [UInt8]

    init(_ state: TrackerProjection.State) throws {
        self = try BinaryDecoder().decode(PackedForm.self, from: BinaryEncoder().encode(state))
    }
}
