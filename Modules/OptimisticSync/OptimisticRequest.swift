import PlatformKit

/// A request that can complete optimistically: a serializable value paired, by its `kind`, with a transform.
///
/// Its `id` is stable for the client's lifetime (it survives restarts through the log); the
/// `idempotencyKey` makes a retried request apply once on the server.
public struct OptimisticRequest: Codable, Sendable, Hashable {
    /// Client-assigned, unique per client: `r1`, `r2`, ….
    public var id: String
    /// What the request does, e.g. `trip.begin`; selects the transform.
    public var kind: String
    /// Unique across clients: `<client>/<id>`.
    public var idempotencyKey: String
    /// The request's arguments, in a stable order.
    public var parameters: [Parameter]
    /// Ids of requests the server must have confirmed before this one is sent.
    public var dependsOn: [String]
    /// When the user made the request (and saw its optimistic result).
    public var submittedAt: Instant

    public init(id: String, kind: String, idempotencyKey: String, parameters: [Parameter] = [], dependsOn: [String] = [], submittedAt: Instant) {
        self.id = id
        self.kind = kind
        self.idempotencyKey = idempotencyKey
        self.parameters = parameters
        self.dependsOn = dependsOn
        self.submittedAt = submittedAt
    }

    /// The value of the parameter `name`, if present.
    public subscript(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Replaces every parameter value equal to a temporary id by the id the server assigned.
    mutating func replaceTemporaryIDs(_ assignments: [IDAssignment]) {
        for index in parameters.indices {
            if let assignment = assignments.first(where: { $0.temporary == parameters[index].value }) {
                parameters[index].value = assignment.assigned
            }
        }
    }
}

/// One named argument of a request.
public struct Parameter: Codable, Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A server-assigned id replacing a client's temporary id for an object the request created.
public struct IDAssignment: Codable, Sendable, Hashable {
    public var temporary: String
    public var assigned: String

    public init(temporary: String, assigned: String) {
        self.temporary = temporary
        self.assigned = assigned
    }
}
