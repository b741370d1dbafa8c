import ActionCards
import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import Membership
import MembershipContract
import MembershipService
import MembershipSimulation
import PlatformKit

/// `actioncards run --app eats|rides --start SCREEN --taps FILE [--log FILE] [--json]`.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a headless session: tap cards by id, print every transition, action, flow result and analytics event."
    )

    @Option(help: "The app the session runs in: eats or rides.")
    var app: String

    @Option(help: "The screen to open.")
    var start: String

    @Option(help: "The steps: `tap CARD [OPTION]`, `type CARD TEXT`, `wait MS`, one a line; `+MS` before a step sets its delay.")
    var taps: String

    @Option(help: "Also append the events to this SQLite event log (created if missing).")
    var log: String?

    @Flag(help: "Print events and the final state as JSON lines.")
    var json = false

    @Option(help: "The display configs. (default: fixtures/actioncards/membership, in this directory or a parent, or else in the build's repository)")
    var screens: String?

    private static let defaultScreens = "fixtures/actioncards/membership"

    @Option(help: "The member.")
    var member = "member-1"

    @Option(help: "The member's status at the start: none, trial, active, cancelled or expired.")
    var status = "active"

    @Option(parsing: .unconditional, help: "Network latency each way, in milliseconds.")
    var latency: Int64 = 120

    @Option(parsing: .unconditional, help: "Default time between steps, in milliseconds.")
    var think: Int64 = 1_000

    @Option(parsing: .unconditional, help: "Seed of the simulated network.")
    var seed: UInt64 = 1

    func validate() throws {
        if member.isEmpty { throw ValidationError("--member must not be empty") }
        if !(0...NetworkConditions.longestLatencyMilliseconds).contains(latency) {
            throw ValidationError("--latency must be between 0 and \(NetworkConditions.longestLatencyMilliseconds) milliseconds")
        }
        if !(0...TapScript.longestMilliseconds).contains(think) {
            throw ValidationError("--think must be between 0 and \(TapScript.longestMilliseconds) milliseconds")
        }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            guard let app = MembershipApp(rawValue: app) else { throw ToolError("--app: \(app) is not eats or rides") }
            guard let status = MemberStatus(rawValue: status) else { throw ToolError("--status: \(status) is not none, trial, active, cancelled or expired") }
            let script = try TapScript.load(file: taps)
            let screens = try fixturesDirectory(screens, default: Self.defaultScreens, option: "--screens")
            let catalog = try ScreenCatalog.load(directory: screens)
            guard catalog.screens[start] != nil else { throw ToolError("--start: no screen \(start) in \(screens)") }
            let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
            let origin = clock.now
            // A back-end answer comes a round trip after the last step.
            try script.checkTime(from: origin, think: think, slack: 2 * latency, file: taps)
            let store = try log.map { try SQLiteEventLog(path: $0, clock: .virtual(clock), options: SQLiteEventLogOptions(durability: .normal)) }
            defer { try? store?.close() }
            // The member's world starts here: its membership and sessions must not be in the log already.
            if let store, try store.claimSoleWriter(ofNew: [MembershipServer.streamID(of: member), ActionCardSession.streamID(of: member)]) != nil {
                throw ToolError("\(store.path) already has events for \(member); use a new log file or another --member")
            }
            var printer = EventPrinter(json: json, origin: origin)

            let world = MembershipWorld(catalog: catalog, conditions: NetworkConditions(latencyMilliseconds: latency...latency), random: .seeded(seed), encodesMessages: true)
            if status != .none { try emit(world.enroll(member, status: status, plan: "monthly"), store: store, printer: &printer, at: clock.now) }
            let (session, opened) = try world.openSession(member: member, app: app, start: start, at: clock.now)
            try emit(opened, store: store, printer: &printer, at: clock.now)
            for step in script.steps {
                let target = clock.now.advanced(by: .milliseconds(step.delay ?? (step.command.isWait ? 0 : think)))
                try emit(try settle(session, until: target, clock: clock, store: store, printer: &printer), store: store, printer: &printer, at: target)
                let result: StepResult
                switch step.command {
                case .tap(let card, let option): result = try session.tap(card, option: option, at: clock.now)
                case .type(let card, let text): result = try session.enterText(text, into: card, at: clock.now)
                case .wait(let milliseconds):
                    result = try settle(session, until: clock.now.advanced(by: .milliseconds(milliseconds)), clock: clock, store: store, printer: &printer)
                }
                try emit(result, store: store, printer: &printer, at: clock.now)
            }
            if let due = session.nextDue {
                _ = try settle(session, until: due, clock: clock, store: store, printer: &printer)
            }
            printer.final(member: member, state: world.member(member), screens: session.screenIDs)
        }
    }

    /// Lets time pass to `target`, emitting each back-end answer at the instant it arrives; returns the last (empty) step.
    private func settle(
        _ session: ActionCardSession, until target: Instant, clock: VirtualClock, store: SQLiteEventLog?, printer: inout EventPrinter
    ) throws -> StepResult {
        while let due = session.nextDue, due <= target {
            clock.set(to: due)
            try emit(try session.advance(to: due), store: store, printer: &printer, at: due)
        }
        clock.set(to: target)
        return try session.advance(to: target)
    }

    private func emit(_ step: StepResult, store: SQLiteEventLog?, printer: inout EventPrinter, at instant: Instant) throws {
        if let store { try step.append(to: store) }
        printer.print(step, at: instant)
    }
}
