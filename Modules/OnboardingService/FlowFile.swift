import OnboardingContract

/// A flow file as written: names are plain strings until `FlowCompiler` checks them.
struct FlowFile: Decodable {
    struct Step: Decodable {
        var id: String
        var dataTypes: [String]
        var collect: String?
        var batchable: Bool?
        var entryTypes: [String]?
        var alternates: [Alternate]?
    }

    struct Alternate: Decodable {
        var id: String
        var scenario: String?
    }

    var market: String
    var entry: [String]
    var policy: FlowPolicy?
    var scenarios: [String: [Step]]
}
