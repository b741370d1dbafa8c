import Synchronization

/// The type names of a domain's events (`<namespace>.request.sent`, …), each made once.
///
/// A generic event type has no stored static properties: interpolating its name on every event
/// cost a string allocation per event, while a look-up here costs a lock and a hash.
enum DomainEventTypes {
    private struct Key: Hashable {
        let domain: ObjectIdentifier
        /// Where the suffix's text is: one literal per event type.
        let suffix: UInt
    }

    private static let names = Mutex<[Key: String]>([:])

    /// `Domain.namespace` followed by `suffix` (e.g. `.request.sent`).
    static func name<Domain: OptimisticDomain>(_ suffix: StaticString, in _: Domain.Type) -> String {
        let key = Key(domain: ObjectIdentifier(Domain.self), suffix: UInt(bitPattern: suffix.utf8Start))
        return names.withLock { names in
            if let name = names[key] { return name }
            let name = Domain.namespace + suffix.description
            names[key] = name
            return name
        }
    }
}
