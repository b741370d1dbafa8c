import Foundation
import OnboardingContract
import OnboardingService
import XCTest

final class FlowTests: XCTestCase {
    func test_fixtures_load_atLeastThreeMarkets_thatDiffer() throws {
        XCTAssertGreaterThanOrEqual(fixtureFlows.markets.count, 3)
        let us = try XCTUnwrap(fixtureFlows.flow(for: "us"))
        let india = try XCTUnwrap(fixtureFlows.flow(for: "in"))
        let de = try XCTUnwrap(fixtureFlows.flow(for: "de"))
        let registerTypes = { (flow: Flow) in Set(flow.scenarios[.register, default: []].flatMap(\.dataTypes)) }
        XCTAssertTrue(registerTypes(us).contains(.email))
        XCTAssertFalse(registerTypes(india).contains(.email), "in does not require an email")
        XCTAssertTrue(registerTypes(de).contains(.privacyConsent), "de has an extra legal step")
        XCTAssertNil(india.scenarios[.accountRecovery])
    }

    func test_everyProblem_isReported_withItsPath() throws {
        let json = """
        {
          "market": "xx",
          "entry": ["mobileNumber", "firstName"],
          "policy": { "codeLifetimeSeconds": 9223372036854775807, "rateWindowSeconds": 0, "passwordMinLength": -3 },
          "scenarios": {
            "signIn": [ { "id": "pw", "dataTypes": ["password"] } ],
            "register": [
              { "id": "verify", "dataTypes": ["oneTimeCode"] },
              { "id": "verify", "dataTypes": ["emial"] },
              { "id": "social", "dataTypes": ["termsAccepted"], "entryTypes": ["socialToken"], "collect": "all" }
            ],
            "accountRecovery": [ { "id": "code", "dataTypes": [] } ]
          }
        }
        """
        XCTAssertThrowsError(try FlowCompiler.compile(Data(json.utf8), file: "xx.json")) { error in
            let problems = (error as? FlowProblems)?.problems.map(\.description) ?? []
            let expected = [
                "xx.json: entry[1]: firstName cannot start onboarding",
                "xx.json: scenarios.register[1].dataTypes[0]: unknown data type \"emial\"",
                "xx.json: scenarios.register[1].id: duplicate step id \"verify\"",
                "xx.json: scenarios.register[2]: unreachable step",
                "xx.json: scenarios.register[2].collect: expected \"oneStep\" or \"sequence\"",
                "xx.json: scenarios.accountRecovery[0].dataTypes: a step must collect at least one data type",
                "xx.json: scenarios.accountRecovery: unreachable scenario",
                "xx.json: scenarios.signIn: no way to finish for mobileNumber entries: sign in asks a password that register never collects",
                "xx.json: policy.codeLifetimeSeconds: must be 1 to 31557600 seconds (a year)",
                "xx.json: policy.rateWindowSeconds: must be 1 to 31557600 seconds (a year)",
                "xx.json: policy.passwordMinLength: must not be negative",
            ]
            for line in expected {
                XCTAssertTrue(problems.contains { $0.hasPrefix(line) }, "missing \(line) in\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    /// A repeated entry type counted one answer twice, and no onboarding could start.
    func test_repeatedEntries_dataTypes_andAlternates_areReported() {
        let json = #"""
        {"market": "r", "entry": ["mobileNumber", "email", "mobileNumber"], "scenarios": {
          "signIn": [{"id": "c", "dataTypes": ["oneTimeCode", "oneTimeCode"], "entryTypes": ["email", "email"],
                      "alternates": [{"id": "voiceCall"}, {"id": "voiceCall"}]}],
          "register": [{"id": "t", "dataTypes": ["termsAccepted"]}]}}
        """#
        XCTAssertThrowsError(try FlowCompiler.compile(Data(json.utf8), file: "r.json")) { error in
            XCTAssertEqual((error as? FlowProblems)?.problems.map(\.description), [
                "r.json: entry[2]: duplicate entry data type \"mobileNumber\"",
                "r.json: scenarios.signIn[0].dataTypes[1]: duplicate data type \"oneTimeCode\"",
                "r.json: scenarios.signIn[0].entryTypes[1]: duplicate entry type \"email\"",
                "r.json: scenarios.signIn[0].alternates[1].id: duplicate alternate id \"voiceCall\"",
            ])
        }
    }

    /// Foundation's decoder says "not valid JSON", without a path, for a number no Int64 holds.
    func test_aFractionWhereAWholeNumberBelongs_isNamedByItsPath() {
        let json = #"{"market": "f", "entry": ["email"], "policy": {"codeLifetimeSeconds": 2.5}, "scenarios": {}}"#
        XCTAssertThrowsError(try FlowCompiler.compile(Data(json.utf8), file: "f.json")) { error in
            XCTAssertEqual("\(error)", "f.json: policy.codeLifetimeSeconds: expected a whole number")
        }
    }

    func test_malformedJSON_andWrongTypes_nameTheLocation() {
        XCTAssertThrowsError(try FlowCompiler.compile(Data("{ \"market\": ".utf8), file: "bad.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.json: not valid JSON"), "\(error)")
        }
        XCTAssertThrowsError(try FlowCompiler.compile(Data(#"{"market": "m", "entry": ["email"], "scenarios": {"signIn": [{"id": 3, "dataTypes": []}]}}"#.utf8), file: "m.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("m.json: scenarios.signIn[0].id: expected String"), "\(error)")
        }
    }

    func test_aCodeStep_cannotFinish_forSocialEntries() {
        let json = #"{"market": "s", "entry": ["socialToken"], "scenarios": {"signIn": [{"id": "c", "dataTypes": ["oneTimeCode"]}], "register": [{"id": "t", "dataTypes": ["termsAccepted"]}]}}"#
        XCTAssertThrowsError(try FlowCompiler.compile(Data(json.utf8), file: "s.json")) { error in
            XCTAssertEqual("\(error)", "s.json: scenarios.signIn: no way to finish for socialToken entries: a one-time code needs a mobile number or email to go to")
        }
    }
}

final class ValidatorTests: XCTestCase {
    let policy = FlowPolicy()

    func code(_ value: String, _ type: DataType) -> String? {
        if case .failure(let error) = Validators.validate(value, as: type, policy: policy) { return error.code }
        return nil
    }

    func test_mobileNumbers_areE164() {
        for good in ["+14155550123", "+44 7700 900123", "+91-98765-43210", "+4915112345678"] { XCTAssertNil(code(good, .mobileNumber), good) }
        for bad in ["4155550123", "+0123456789", "+1234", "+1415555012345678", "+1415abc0123", ""] {
            XCTAssertEqual(code(bad, .mobileNumber), "mobileNumber.invalidFormat", bad)
        }
    }

    func test_otherTypes() {
        XCTAssertNil(code("a.b@c.io", .email))
        for bad in ["a@b", "@b.com", "a b@c.com", "a@.com", "ab.com"] { XCTAssertEqual(code(bad, .email), "email.invalidFormat", bad) }
        XCTAssertNil(code("123456", .oneTimeCode))
        XCTAssertEqual(code("12345", .oneTimeCode), "oneTimeCode.invalidFormat")
        XCTAssertEqual(code("12a456", .oneTimeCode), "oneTimeCode.invalidFormat")
        XCTAssertNil(code("Anne-Marie O'Neil", .firstName))
        XCTAssertEqual(code("  ", .firstName), "firstName.empty")
        XCTAssertEqual(code("R2D2", .lastName), "lastName.invalidCharacters")
        XCTAssertEqual(code(String(repeating: "a", count: 51), .lastName), "lastName.tooLong")
        XCTAssertEqual(code("short1", .password), "password.tooShort")
        XCTAssertEqual(code("longenough", .password), "password.tooWeak")
        XCTAssertNil(code("longenough1", .password))
        XCTAssertNil(code("yes", .termsAccepted))
        XCTAssertEqual(code("no", .termsAccepted), "termsAccepted.required")
        XCTAssertEqual(code("", .privacyConsent), "privacyConsent.required")
        XCTAssertNil(code("google:abcdefgh12", .socialToken))
        XCTAssertEqual(code("myspace:abcdefgh12", .socialToken), "socialToken.invalid")
    }

    func test_masking() {
        XCTAssertEqual(Masking.display("+14155550123", as: .mobileNumber), "+1••••••••23")
        XCTAssertEqual(Masking.display("ada@example.com", as: .email), "a•••@example.com")
        XCTAssertEqual(Masking.display("hunter2", as: .password), "••••••")
        XCTAssertEqual(Masking.display("Ada", as: .firstName), "Ada")
    }
}
