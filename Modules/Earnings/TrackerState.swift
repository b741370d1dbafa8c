import EventLog
import PlatformKit
import RealtimeAPI

/// One driver's tracker on the client: a data manager per service and what the driver did.
/// A fold of the tracker events; ``TrackerDataManager`` turns it into the three modes.
public struct TrackerState: Sendable, Hashable, Codable {
    /// One per service, earnings and incentives first, others as they first push.
    public private(set) var managers: [ServiceDataManager] = [.realtimeEarnings, .realtimeIncentives]
    public private(set) var ui = TrackerUIState()
    /// The instant of the newest event folded.
    public private(set) var updatedAt: Instant?

    public init() {}

    /// The data manager of `service`.
    public func manager(_ service: TrackerService) -> ServiceDataManager? {
        managers.first { $0.service == service }
    }

    /// The streams ``TrackerDataManager`` merges.
    public var streams: [TrackerCardStream] { managers.map(\.stream) }

    /// Folds one tracker event; other events leave the state unchanged. Returns whether it applied.
    @discardableResult
    public mutating func apply(_ event: any Event) -> Bool {
        if let push = event.exactly(TrackerCardsPushed.self) {
            update(push.service) { $0.receivePush(push.cards, at: push.at) }
            for card in push.cards {
                if card.shouldForceSwitchStatusMode == true, card.cardType?.isBrowse == true { ui.selectedStatusCardID = card.cardID }
                if card.cardType?.isBulletin == true { ui.openBulletinCardID = card.cardID }
            }
            touch(push.at)
        } else if let pull = event.exactly(TrackerCardsPulled.self) {
            update(pull.service) { $0.receivePull(pull.cards, at: pull.at) }
            touch(pull.at)
        } else if let failure = event.exactly(TrackerPullFailed.self) {
            update(failure.service) { $0.pullFailed(at: failure.at, retryAt: failure.retryAt) }
            touch(failure.at)
        } else if let privacy = event.exactly(TrackerPrivacyChanged.self) {
            ui.privacyStatus = privacy.privacyStatus
            touch(privacy.at)
        } else if let selection = event.exactly(TrackerStatusItemSelected.self) {
            ui.selectedStatusCardID = selection.cardID
            touch(selection.at)
        } else if let dismissal = event.exactly(TrackerBulletinDismissed.self) {
            ui.openBulletinCardID = nil
            touch(dismissal.at)
        } else {
            return false
        }
        return true
    }

    private mutating func update(_ service: TrackerService, _ change: (inout ServiceDataManager) -> Void) {
        if let index = managers.firstIndex(where: { $0.service == service }) {
            change(&managers[index])
        } else {
            var manager = ServiceDataManager(service: service)
            change(&manager)
            managers.append(manager)
        }
    }

    private mutating func touch(_ instant: Instant) {
        updatedAt = max(updatedAt ?? instant, instant)
    }
}

/// A tracker event: it belongs to one driver and happened at one instant.
public protocol TrackerEvent: Event {
    var driverID: String { get }
    var at: Instant { get }
}

extension TrackerCardsPushed: TrackerEvent {}
extension TrackerCardsPulled: TrackerEvent {}
extension TrackerPullFailed: TrackerEvent {}
extension TrackerPrivacyChanged: TrackerEvent {}
extension TrackerStatusItemSelected: TrackerEvent {}
extension TrackerBulletinDismissed: TrackerEvent {}

// Every driver's tracker is in the tracker snapshot: it encodes and decodes without `Codable` (the
// synthesized encoding's keys, in its order), beside the private setters.
extension TrackerState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(managers, forKey: "managers")
        writer.encode(ui, forKey: "ui")
        writer.encodeIfPresent(updatedAt, forKey: "updatedAt")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        managers = try reader.decode([ServiceDataManager].self, forKey: "managers")
        ui = try reader.decode(TrackerUIState.self, forKey: "ui")
        updatedAt = try reader.decodeIfPresent(Instant.self, forKey: "updatedAt")
    }
}

// Packed in tracker snapshots (see `TrackerProjection+BinaryCodable.swift`), beside the private setters.
extension TrackerState {
    func pack(into writer: inout PackedFieldWriter) {
        writer.unsigned(UInt(managers.count))
        // Through the buffer, not copying each manager (see `ServiceDataManager.pack(into:)`).
        managers.withUnsafeBufferPointer { managers in
            for index in managers.indices { managers[index].pack(into: &writer) }
        }
        writer.string(ui.privacyStatus.rawValue)
        writer.string(ui.selectedStatusCardID)
        writer.string(ui.openBulletinCardID)
        writer.instant(updatedAt)
    }

    init(packed reader: inout PackedFieldReader) throws(PackedFieldError) {
        let count = try reader.count(minimumBytes: 7)
        var managers: [ServiceDataManager] = []
        managers.reserveCapacity(count)
        for _ in 0..<count { managers.append(try ServiceDataManager(packed: &reader)) }
        self.managers = managers
        let privacy = try reader.string()
        guard let privacyStatus = TrackerPrivacyStatus(rawValue: privacy) else { throw reader.problem("privacy status \"\(privacy)\" is unknown") }
        ui = TrackerUIState(
            privacyStatus: privacyStatus,
            selectedStatusCardID: try reader.optionalString(), openBulletinCardID: try reader.optionalString()
        )
        updatedAt = try reader.optionalInstant()
    }
}
