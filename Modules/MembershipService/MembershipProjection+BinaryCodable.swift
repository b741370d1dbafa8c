import EventLog
import MembershipContract

// A member per rider who ever opened a membership screen: the state encodes and decodes without
// `Codable` (the synthesized encoding's keys, in its order), which costs ~20× more per member.

extension MembershipProjection.State: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(members, forKey: "members")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        members = try reader.decode([String: MembershipProjection.Member].self, forKey: "members")
    }
}

extension MembershipProjection.Member: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(status, forKey: "status")
        writer.encodeIfPresent(plan, forKey: "plan")
        writer.encode(paymentMethods, forKey: "paymentMethods")
        writer.encode(defaultPaymentMethod, forKey: "defaultPaymentMethod")
        writer.encode(autoRenew, forKey: "autoRenew")
        writer.encode(trialUsed, forKey: "trialUsed")
        writer.encode(offersClaimed, forKey: "offersClaimed")
        writer.encode(promoCodes, forKey: "promoCodes")
        writer.encode(surveyAnswers, forKey: "surveyAnswers")
        writer.encode(purchases, forKey: "purchases")
        writer.encode(declines, forKey: "declines")
        writer.encode(spentMinorUnits, forKey: "spentMinorUnits")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        status = try reader.decode(MemberStatus.self, forKey: "status")
        plan = try reader.decodeIfPresent(String.self, forKey: "plan")
        paymentMethods = try reader.decode([String].self, forKey: "paymentMethods")
        defaultPaymentMethod = try reader.decode(String.self, forKey: "defaultPaymentMethod")
        autoRenew = try reader.decode(Bool.self, forKey: "autoRenew")
        trialUsed = try reader.decode(Bool.self, forKey: "trialUsed")
        offersClaimed = try reader.decode([String].self, forKey: "offersClaimed")
        promoCodes = try reader.decode([String].self, forKey: "promoCodes")
        surveyAnswers = try reader.decode([String].self, forKey: "surveyAnswers")
        purchases = try reader.decode(Int.self, forKey: "purchases")
        declines = try reader.decode(Int.self, forKey: "declines")
        spentMinorUnits = try reader.decode(Int64.self, forKey: "spentMinorUnits")
    }
}
