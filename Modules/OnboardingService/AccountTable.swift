import EventLog
import PlatformKit

/// The onboarded accounts, by id and by the identifier keys they sign in with.
///
/// There is an account per onboarded user and a key or two per account, so the table is kept
/// small: accounts are numbered in the order they were added, an id and a key map to the
/// account's number (the id is kept once, in the account's strings), and a key of 32 hex digits
/// is held as its 16 bytes. Ids are compared by their UTF-8 bytes. The key index
/// is derived from the accounts (each account owns its keys, a later account taking a key from
/// an earlier one), so a snapshot holds only the accounts.
public struct AccountTable: Sendable {
    /// An account as the table holds it: its strings in the arena, and its sessions.
    struct Slot: Sendable {
        var strings: RecordArena.Location
        var sessions: Int
    }

    // Internal for decoding (see `AccountTable+Records.swift`), which fills them in bulk.
    /// By account number.
    var slots: [Slot] = []
    var arena = RecordArena()
    var ids = IDIndex()
    var owners = KeyIndex()

    public init() {}

    /// The accounts of `accounts`, added in order.
    init(_ accounts: [Account]) {
        for account in accounts { add(account) }
    }

    /// The number of accounts.
    public var count: Int { slots.count }

    /// Every account, in the order they were added.
    public var all: [Account] { slots.indices.map(account(at:)) }

    /// The account `id`.
    public subscript(id: String) -> Account? {
        number(of: id).map(account(at:))
    }

    /// The id of the account that signs in with `key`.
    public func owner(of key: IdentifierKey) -> String? {
        owners[key].map(id(of:))
    }

    /// The id of account `number`.
    func id(of number: Int32) -> String {
        arena.withRecord(at: slots[Int(number)].strings) { PackedStrings.field(Account.Field.id, of: $0) ?? "" }
    }

    /// Adds `account`, which becomes the owner of its identifier keys. An account with its id is
    /// replaced, and the new one counts as the latest added.
    public mutating func add(_ account: Account) {
        guard number(of: account.id) == nil else { return replace(account) }
        account.strings.withPackedBytes { append(id: account.id, packed: $0, sessions: account.sessions) }
    }

    /// Changes account `id`, if there is one. Its identifier keys must stay as they are.
    mutating func update(_ id: String, _ change: (inout Account) -> Void) {
        guard let index = number(of: id) else { return }
        var account = account(at: index)
        change(&account)
        let changed = account.strings.withPackedBytes { new in arena.withRecord(at: slots[index].strings) { !new.elementsEqual($0) } }
        if changed { slots[index].strings = account.strings.withPackedBytes { arena.append($0) } }
        slots[index].sessions = account.sessions
    }

    /// Counts a session of account `id`, if there is one.
    mutating func addSession(to id: String) {
        guard let index = number(of: id) else { return }
        slots[index].sessions += 1
    }

    /// Adds an account given as its packed strings; the table has no account with its id.
    private mutating func append(id: String, packed: UnsafeBufferPointer<UInt8>, sessions: Int) {
        let number = Int32(slots.count)
        slots.append(Slot(strings: arena.append(packed), sessions: sessions))
        ids.insert(number, hash: IDIndex.hash(id))
        indexKeys(of: packed, number: number)
    }

    /// Makes account `number` the owner of the identifier keys in its packed strings `packed`.
    private mutating func indexKeys(of packed: UnsafeBufferPointer<UInt8>, number: Int32) {
        PackedStrings.forEachPackedField(of: packed, from: Account.Field.identifierKeys) { own($0, isHex: $1, by: number) }
    }

    /// Makes account `number` the owner of `key`, a packed identifier-key field (none if `nil`).
    mutating func own(_ key: UnsafeBufferPointer<UInt8>?, isHex: Bool, by number: Int32) {
        guard let key, let identifierKey = IdentifierKey(packed: key, isHex: isHex) else { return }
        owners[identifierKey] = number
    }

    /// Calls `body` with each account's packed strings and sessions, in the order they were added.
    func forEachPacked(_ body: (UnsafeBufferPointer<UInt8>, _ sessions: Int) -> Void) {
        for slot in slots {
            arena.withRecord(at: slot.strings) { body($0, slot.sessions) }
        }
    }

    /// The number of account `id`, if there is one.
    private func number(of id: String) -> Int? {
        ids.number(hash: IDIndex.hash(id)) { number in
            arena.withRecord(at: slots[Int(number)].strings) { PackedStrings.field(Account.Field.id, of: $0, is: id) }
        }.map(Int.init)
    }

    /// The account numbered `index`.
    private func account(at index: Int) -> Account {
        let slot = slots[index]
        return arena.withRecord(at: slot.strings) { Account(strings: PackedStrings(packed: $0), sessions: slot.sessions) }
    }

    /// Moves the account with `account`'s id to the end as `account`, and derives the key index
    /// again (accounts are numbered by position). Ids are unique in practice: this is rare.
    private mutating func replace(_ account: Account) {
        var accounts = all
        accounts.removeAll { $0.id.utf8.elementsEqual(account.id.utf8) }
        self = AccountTable(accounts + [account])
    }
}

extension AccountTable: Equatable {
    /// The same accounts in the same order (however their strings are laid out).
    public static func == (lhs: AccountTable, rhs: AccountTable) -> Bool {
        lhs.count == rhs.count && lhs.all == rhs.all
    }
}

extension AccountTable: CustomReflectable {
    /// The accounts by id (for `print`, `dump` and test failures).
    public var customMirror: Mirror {
        Mirror(self, children: ["accounts": all], displayStyle: .struct)
    }
}

/// Account numbers by identifier key.
struct KeyIndex: Sendable {
    private var digits = DigitsTable()
    private var texts: [String: Int32] = [:]
    /// Hex keys set since `startBatch(expected:)`, in order: added to `digits` together by `finishBatch()`.
    private var batch: [DigitsTable.Entry]?

    /// Collects the hex keys set from now on, to add them together (no look-ups until
    /// `finishBatch()`), with room for `expected` of them: room never written costs no memory,
    /// and a batch grown by appends would copy itself (millions of keys) at every doubling.
    mutating func startBatch(expected: Int) {
        batch = []
        batch!.reserveCapacity(expected)
    }

    /// Adds the hex keys set since `startBatch(expected:)`, as if set one by one; the table is
    /// sized for them then (not before, which would build it twice).
    mutating func finishBatch() {
        if let batch { digits.insert(contentsOf: batch) }
        batch = nil
    }

    subscript(key: IdentifierKey) -> Int32? {
        get {
            guard let keyDigits = key.digits else { return texts[key.text] }
            return digits[keyDigits]
        }
        set {
            guard let newValue else { preconditionFailure("keys are never removed") }
            guard let keyDigits = key.digits else { return texts[key.text] = newValue }
            if batch != nil { batch!.append(DigitsTable.Entry(key: keyDigits, number: newValue)) } else { digits[keyDigits] = newValue }
        }
    }
}
