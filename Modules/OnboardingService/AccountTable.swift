import OrderedCollections

/// The onboarded accounts, by id and by the identifier keys they sign in with.
///
/// There is an account per onboarded user and a key or two per account, so the table is kept
/// small: accounts are numbered in the order they were added, a key maps to its owner's number
/// (not to a copy of its id), and a key of 32 hex digits is held as its 16 bytes. The key index
/// is derived from the accounts (each account owns its keys, a later account taking a key from
/// an earlier one), so a snapshot holds only the accounts.
public struct AccountTable: Sendable, Equatable {
    private var accounts: OrderedDictionary<String, Account> = [:]
    private var owners = KeyIndex()

    public init() {}

    /// The accounts of `accounts`, added in order.
    init(_ accounts: [Account]) {
        self.accounts.reserveCapacity(accounts.count)
        for account in accounts { add(account) }
    }

    /// The number of accounts.
    public var count: Int { accounts.count }

    /// Every account, in the order they were added.
    public var all: [Account] { accounts.values.elements }

    /// The account `id`.
    public subscript(id: String) -> Account? { accounts[id] }

    /// The id of the account that signs in with `key`.
    public func owner(of key: IdentifierKey) -> String? {
        owners[key].map { accounts.keys[Int($0)] }
    }

    /// Adds `account`, which becomes the owner of its identifier keys. An account with its id is
    /// replaced, and the new one counts as the latest added.
    public mutating func add(_ account: Account) {
        guard accounts[account.id] == nil else { return replace(account) }
        let number = Int32(accounts.count)
        accounts[account.id] = account
        for key in account.identifierKeys { owners[IdentifierKey(key)] = number }
    }

    /// Changes account `id`, if there is one. Its identifier keys must stay as they are.
    mutating func update(_ id: String, _ change: (inout Account) -> Void) {
        guard let index = accounts.index(forKey: id) else { return }
        change(&accounts.values[index])
    }

    /// Moves the account with `account`'s id to the end as `account`, and derives the key index
    /// again (accounts are numbered by position). Ids are unique in practice: this is rare.
    private mutating func replace(_ account: Account) {
        accounts.removeValue(forKey: account.id)
        self = AccountTable(all + [account])
    }
}

extension AccountTable: Codable {
    /// Written as the array of accounts.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Account].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(all)
    }
}

extension AccountTable: CustomReflectable {
    /// The accounts by id (for `print`, `dump` and test failures).
    public var customMirror: Mirror {
        Mirror(self, children: ["accounts": accounts], displayStyle: .struct)
    }
}

/// Account numbers by identifier key: 20 bytes a slot for the usual keys of 32 hex digits.
private struct KeyIndex: Sendable, Equatable {
    private var digits: [IdentifierKey.Digits: Int32] = [:]
    private var texts: [String: Int32] = [:]

    subscript(key: IdentifierKey) -> Int32? {
        get {
            guard let keyDigits = key.digits else { return texts[key.text] }
            return digits[keyDigits]
        }
        set {
            if let keyDigits = key.digits { digits[keyDigits] = newValue } else { texts[key.text] = newValue }
        }
    }
}
