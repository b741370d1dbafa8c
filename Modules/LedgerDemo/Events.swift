import EventLog

/// The demo ledger's events: what `platform demo`, the tests and the benchmarks write.
public struct Deposited: Event, Equatable {
    public static let eventType = "ledger.deposited"
    public static let schemaVersion = 2
    public var account: String
    public var amount: Int64
    public var memo: String

    public init(account: String, amount: Int64, memo: String) {
        self.account = account
        self.amount = amount
        self.memo = memo
    }
}

/// Version 1 of `ledger.deposited`: amounts were whole units and there was no memo.
public struct DepositedV1: Codable, Equatable, Sendable {
    public var account: String
    public var units: Int64

    public init(account: String, units: Int64) {
        self.account = account
        self.units = units
    }
}

public struct Withdrawn: Event, Equatable {
    public static let eventType = "ledger.withdrawn"
    public var account: String
    public var amount: Int64

    public init(account: String, amount: Int64) {
        self.account = account
        self.amount = amount
    }
}

// The ledger's events are on the replay hot path: they also decode without `Codable`.

extension Deposited: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        account = try reader.decode(String.self, forKey: "account")
        amount = try reader.decode(Int64.self, forKey: "amount")
        memo = try reader.decode(String.self, forKey: "memo")
    }
}

extension Withdrawn: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        account = try reader.decode(String.self, forKey: "account")
        amount = try reader.decode(Int64.self, forKey: "amount")
    }
}
