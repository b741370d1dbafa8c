import ActionCards
import ArgumentParser
import CommandLineSupport
import EventLog
import EventLogSQLite
import Foundation
import MembershipService
import PlatformKit

/// `actioncards inspect --log FILE --member ID [--at SEQ] [--json]`: one member's session events
/// and membership read back from a log (a simulation's, or `actioncards run --log`'s), then where
/// the session and the membership stand, as `run` ends.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one member's card-session and membership events read from an event log, then the screens open and the membership."
    )

    @OptionGroup var moment: LogMoment

    @Option(help: "The member (e.g. member-1).")
    var member: String

    @Flag(help: "Print events and the final state as JSON lines.")
    var json = false

    func run() throws {
        try reportingFailure(tool: toolName) {
            let session = ActionCardSession.streamID(of: member)
            let membership = MembershipServer.streamID(of: member)
            let (store, sequence, _) = try moment.open(streams: [membership, session], missing: "no card sessions or membership for member '\(member)'")
            defer { try? store.close() }
            let cards = ActionCardsProjection()
            let members = MembershipProjection()
            var (cardState, memberState) = (cards.initialState, members.initialState)
            // Each stream read through the index, then both in log order: a membership change and
            // the screen it led to, in turn.
            let recorded = try (store.events(EventQuery(to: sequence, stream: membership)) + store.events(EventQuery(to: sequence, stream: session)))
                .sorted { $0.sequence < $1.sequence }
            let printer = EventPrinter(json: json, origin: recorded.first?.recordedAt ?? .epoch)
            for recorded in recorded {
                guard let event = try cards.events.decode(recorded) ?? members.events.decode(recorded) else { continue }
                printer.print(event, stream: recorded.streamID, at: recorded.recordedAt)
                cards.apply(event, envelope: recorded, to: &cardState)
                members.apply(event, envelope: recorded, to: &memberState)
            }
            printer.final(member: member, state: memberState.member(member), screens: cardState.sessions[session]?.screens ?? [])
        }
    }
}
