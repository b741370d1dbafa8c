import OutOfAppDSL
import PlatformKit

/// What the server knows about a trip beyond its state: who is coming, in what.
public struct TripDetails: Sendable, Hashable {
    public var driverName: String
    public var plate: String
    public var vehicle: String
    public var vehicleImageURL: String
    public var driverPhotoURL: String

    public init(driverName: String, plate: String, vehicle: String, vehicleImageURL: String, driverPhotoURL: String) {
        self.driverName = driverName
        self.plate = plate
        self.vehicle = vehicle
        self.vehicleImageURL = vehicleImageURL
        self.driverPhotoURL = driverPhotoURL
    }
}

/// Builds the DSL payload a push carries, one shape for iOS and Android.
public enum PayloadBuilder {
    /// The payload of `decision`'s push, or `nil` if the decision is not a push.
    public static func payload(for decision: OOADecision, details: TripDetails) -> Payload? {
        guard case .pushed(let push) = decision.outcome else { return nil }
        let state = push.state
        var slots: [Slot: Element] = [.headline: .label(text: headline(state), tags: [.title])]
        if let eta = eta(state) { slots[.eta] = .label(text: eta, tags: [.emphasis, .trailing]) }
        if state.phase == .enRoute || state.phase == .arriving || state.phase == .onTrip {
            slots[.plate] = .label(text: details.plate, tags: [.emphasis])
            slots[.vehicle] = .image(url: details.vehicleImageURL, tags: [.rounded])
            slots[.driver] = .label(text: details.driverName, tags: [.subtitle])
            slots[.driverPhoto] = .image(url: details.driverPhotoURL, tags: [.rounded])
            slots[.detail] = .label(text: details.vehicle, tags: [.caption])
            slots[.progress] = .progress(value: Double(state.progressPerMille) / 1_000, tags: [.accent])
        }
        return Payload(version: push.version, timestamp: decision.time, slots: slots)
    }

    static func headline(_ state: DeliveredState) -> String {
        switch state.phase {
        case .matching: "Finding your ride"
        case .enRoute: "Pickup in \(minutes(state.etaSeconds))"
        case .arriving: state.etaSeconds < 60 ? "Your driver is here" : "Arriving in \(minutes(state.etaSeconds))"
        case .onTrip: "Drop-off in \(minutes(state.etaSeconds))"
        case .completed: "You have arrived"
        case .canceled: "Trip canceled"
        }
    }

    static func eta(_ state: DeliveredState) -> String? {
        switch state.phase {
        case .enRoute, .arriving, .onTrip: state.etaSeconds < 60 ? "now" : minutes(state.etaSeconds)
        case .matching, .completed, .canceled: nil
        }
    }

    private static func minutes(_ seconds: Int) -> String { "\((seconds + 59) / 60) min" }
}
