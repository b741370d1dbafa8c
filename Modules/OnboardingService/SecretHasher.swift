import Crypto
import OnboardingContract
import PlatformKit

/// Turns secrets and contact data into what may be logged: salted digests and keyed identifiers.
public struct SecretHasher: Sendable {
    /// Secret key mixed into identifier keys, so a log alone cannot be searched for a number.
    public var pepper: [UInt8] {
        didSet { keyed = KeyedHash(key: pepper) }
    }
    /// Iterations of SHA-256 for password digests (raise in live use; the simulation keeps it low).
    public var passwordRounds: Int
    /// The HMAC of `pepper`, keyed once.
    private var keyed: KeyedHash

    public init(pepper: [UInt8], passwordRounds: Int = 1) {
        self.pepper = pepper
        self.passwordRounds = max(1, passwordRounds)
        keyed = KeyedHash(key: pepper)
    }

    /// `salt$digest` of `secret`, iterated `rounds` times.
    func digest(_ secret: String, salt: String, rounds: Int = 1) -> String {
        var bytes = Array(SHA256.hash(data: Array(salt.utf8) + Array(secret.utf8)))
        for _ in 1..<max(1, rounds) { bytes = Array(SHA256.hash(data: bytes)) }
        return salt + "$" + bytes.hexString
    }

    /// Whether `secret` matches a `salt$digest` produced by `digest`.
    func matches(_ secret: String, stored: String, rounds: Int = 1) -> Bool {
        guard let dollar = stored.firstIndex(ofASCII: "$") else { return false }
        return digest(secret, salt: String(stored[..<dollar]), rounds: rounds) == stored
    }

    /// A fresh 16-byte salt from `random`.
    func salt(_ random: RandomSource) -> String { random.bytes(16).hexString }

    /// The keyed, stable identifier of a contact value or social token (an account look-up key).
    func identifierKey(_ value: String, type: DataType) -> String {
        var mac = keyed.start
        type.rawValue.withUTF8InPlace { mac.update(data: UnsafeRawBufferPointer($0)) }
        withUnsafeBytes(of: UInt8(0)) { mac.update(data: $0) }
        value.withUTF8InPlace { mac.update(data: UnsafeRawBufferPointer($0)) }
        return Array(mac.finalize().prefix(16)).hexString
    }
}

/// An HMAC-SHA256 with its key already hashed in: each identifier key copies it, rather than
/// hash the key's two blocks again. `@unchecked`: `HMAC` is a value (its hashers copy on write)
/// that swift-crypto does not mark `Sendable`.
private struct KeyedHash: @unchecked Sendable {
    let start: HMAC<SHA256>

    init(key: [UInt8]) {
        start = HMAC(key: SymmetricKey(data: key))
    }
}
