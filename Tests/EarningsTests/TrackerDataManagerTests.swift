import Earnings
import EventLog
import PlatformKit
import RealtimeAPI
import XCTest

/// Merge, validation, ranking and routing into Status, Browse and Bulletin.
final class TrackerDataManagerTests: XCTestCase {
    let manager = TrackerDataManager()
    let now = at(3_600)

    func modes(_ cards: [TrackerCard], ui: TrackerUIState = TrackerUIState(), now: Instant? = nil) -> TrackerModes {
        manager.modes([TrackerCardStream(service: .earnings, cards: cards)], ui: ui, now: now ?? self.now)
    }

    func test_rank_byPriorityDescending_tiesByCardID_whateverTheInputOrder() {
        let cards = [card("c", priority: 5), card("a", priority: 5), card("z", priority: 9), card("b", priority: 1), card("m", priority: 5)]
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            XCTAssertEqual(modes(cards.shuffled(using: &random)).browseIDs, ["z", "a", "c", "m", "b"])
        }
    }

    func test_expiry_isEvaluatedOnTheClient_atTheBoundarySecond() {
        let expiry = seconds(now)
        let cards = [card("expiring", expiresAt: expiry), card("later", expiresAt: expiry + 1)]
        let before = modes(cards, now: now.advanced(by: .milliseconds(-1)))
        XCTAssertEqual(before.browseIDs, ["expiring", "later"])
        let boundary = modes(cards, now: now)
        XCTAssertEqual(boundary.browseIDs, ["later"])
        XCTAssertEqual(boundary.reason("expiring"), .expired(expiry))
        XCTAssertEqual(modes(cards, now: now.advanced(by: .seconds(1))).browseIDs, [])
    }

    func test_invalid_unknownType_missingPayload_areExcludedWithTheirReason() {
        var noPayload = card("no-payload")
        noPayload.payload = nil
        let result = modes([card("ok"), card("invalid", valid: false), card("unknown", type: .unknown), card("untyped", type: nil), noPayload])
        XCTAssertEqual(result.browseIDs, ["ok"])
        XCTAssertEqual(result.reason("invalid"), .invalid)
        XCTAssertEqual(result.reason("unknown"), .unknownType)
        XCTAssertEqual(result.reason("untyped"), .unknownType)
        XCTAssertEqual(result.reason("no-payload"), .missingPayload)
    }

    func test_route_byCardType_andStatusItem_byStatusModePriority() {
        var bulletin = card("bulletin", priority: 50, type: .bulletin)
        bulletin.payload = .dxgyCompletion(TrackerGoalCompletionCard(title: "Quest", programID: "q"))
        var both = card("both", priority: 40, type: .browseAndBulletin)
        both.payload = .recentTrips(TrackerRecentTripsCard(title: "Last trip", formattedTotal: "$9.00"))
        let result = modes([card("low", priority: 1, status: 100), card("high", priority: 9, status: 5), bulletin, both])
        XCTAssertEqual(result.browseIDs, ["both", "high", "low"])
        XCTAssertEqual(result.bulletin.sortedValidItems.map(\.card.cardID), ["bulletin", "both"])
        XCTAssertEqual(result.bulletin.bulletinCard?.cardID, "bulletin")
        XCTAssertEqual(result.status.selectedItem?.card.cardID, "low", "highest statusModePriority, not Browse rank")
        XCTAssertEqual(result.activeMode, .status)
        XCTAssertTrue(result.status.hasSortedValidItems)
    }

    func test_merge_newestLastUpdatedAtWins_acrossServices_andReportsTheLoser() {
        let streams = [
            TrackerCardStream(service: .earnings, cards: [card("shared", updated: 200, total: 200), card("e")]),
            TrackerCardStream(service: .incentives, cards: [card("shared", updated: 100, total: 100), card("i")]),
            TrackerCardStream(service: "loyalty", cards: [card("tie", updated: 5, total: 1)]),
            TrackerCardStream(service: "pro", cards: [card("tie", updated: 5, total: 2)]),
        ]
        let result = manager.modes(streams, now: now)
        let shared = result.browse.sortedValidItems.first { $0.card.cardID == "shared" }
        XCTAssertEqual(shared?.service, .earnings)
        XCTAssertEqual(shared?.view().amount, "$2.00")
        XCTAssertEqual(result.excluded.first { $0.cardID == "shared" }?.reason, .superseded(by: .earnings))
        XCTAssertEqual(result.browse.sortedValidItems.first { $0.card.cardID == "tie" }?.service, "loyalty", "a tie keeps the earlier service")
    }

    /// Merging many cards (more than the merge compares one by one, so it indexes them) shows and
    /// excludes what merging each card ID's versions alone does.
    func test_merge_ofManyCards_agreesWithMergingEachCardIDAlone() {
        var random = SeededGenerator(seed: 11)
        let services: [TrackerService] = [.earnings, .incentives, "loyalty"]
        // 24 card IDs, each in one to three services (~48 cards), some versions at the same second.
        var versions: [[TrackerCard]] = services.map { _ in [] }
        for id in (0..<24).map({ "card-\($0)" }) {
            for service in services.indices where service == 0 || Bool.random(using: &random) {
                versions[service].append(card(id, priority: Double(Int.random(in: 0..<4, using: &random)), updated: Int64.random(in: 1..<4, using: &random)))
            }
        }
        let streams = services.indices.map { TrackerCardStream(service: services[$0], cards: versions[$0]) }
        XCTAssertGreaterThan(streams.reduce(0) { $0 + $1.cards.count }, 40)
        let all = manager.modes(streams, now: now)
        for id in (0..<24).map({ "card-\($0)" }) {
            let alone = manager.modes(streams.map { TrackerCardStream(service: $0.service, cards: $0.cards.filter { $0.cardID == id }) }, now: now)
            XCTAssertEqual(all.browse.sortedValidItems.filter { $0.card.cardID == id }, alone.browse.sortedValidItems, id)
            XCTAssertEqual(all.excluded.filter { $0.cardID == id }, alone.excluded, id)
        }
    }

    func test_outOfOrderPushes_neverRollDataBack() {
        var state = TrackerState()
        state.apply(TrackerCardsPushed(driverID: "driver-1", service: .earnings, cards: [card("daily", updated: 300, total: 3_000)], at: at(300)))
        state.apply(TrackerCardsPushed(driverID: "driver-1", service: .earnings, cards: [card("daily", updated: 100, total: 1_000)], at: at(301)))
        XCTAssertEqual(state.manager(.earnings)?.cards.map(\.lastUpdatedAt), [300])
        let shown = manager.modes(state.streams, ui: state.ui, now: at(400)).browse.sortedValidItems
        XCTAssertEqual(shown.map { $0.view().amount }, ["$30.00"])
    }

    func test_forcedSwitch_changesTheStatusItem_otherPushesKeepTheDriversChoice() {
        var state = TrackerState()
        state.apply(TrackerCardsPushed(driverID: "d", service: .earnings, cards: [card("daily", status: 100), card("weekly", status: 40)], at: at(1)))
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(2)).status.selectedItem?.card.cardID, "daily")
        state.apply(TrackerStatusItemSelected(driverID: "d", cardID: "weekly", at: at(3)))
        state.apply(TrackerCardsPushed(driverID: "d", service: .incentives, cards: [card("quest", status: 500)], at: at(4)))
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(5)).status.selectedItem?.card.cardID, "weekly")
        state.apply(TrackerCardsPushed(driverID: "d", service: .incentives, cards: [card("quest", updated: 6, force: true, status: 1)], at: at(6)))
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(7)).status.selectedItem?.card.cardID, "quest")
    }

    func test_bulletinPush_opensBulletinMode_untilDismissedOrExpired() {
        var state = TrackerState()
        var completion = card("quest.done", priority: 100, type: .bulletin, expiresAt: seconds(at(100)))
        completion.payload = .dxgyCompletion(TrackerGoalCompletionCard(title: "Quest", programID: "q", bulletinTitle: "Quest complete!"))
        state.apply(TrackerCardsPushed(driverID: "d", service: .earnings, cards: [card("daily")], at: at(1)))
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(2)).activeMode, .status)
        state.apply(TrackerCardsPushed(driverID: "d", service: .incentives, cards: [completion], at: at(3)))
        let opened = manager.modes(state.streams, ui: state.ui, now: at(4))
        XCTAssertEqual(opened.activeMode, .bulletin)
        XCTAssertEqual(opened.status.bulletinCardPush?.cardID, "quest.done")
        XCTAssertEqual(opened.bulletin.bulletinCard?.cardID, "quest.done")
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(100)).activeMode, .status, "expired bulletins close")
        state.apply(TrackerBulletinDismissed(driverID: "d", at: at(5)))
        XCTAssertEqual(manager.modes(state.streams, ui: state.ui, now: at(6)).activeMode, .status)
    }

    func test_privacyMode_masksAmountsInStatusOnly_andIsRemembered() throws {
        let log = InMemoryEventLog(clock: .constant(now))
        let stream = earningsStream(driverID: "driver-1")
        try log.append([
            TrackerCardsPushed(driverID: "driver-1", service: .earnings, cards: [card("daily", status: 100, total: 12_345)], at: at(1)).newEvent(stream: stream),
            TrackerPrivacyChanged(driverID: "driver-1", privacyStatus: .hidden, at: at(2)).newEvent(stream: stream),
        ])
        let state = try TrackerProjection.tracker(driverID: "driver-1", in: log, at: nil)
        XCTAssertEqual(state.ui.privacyStatus, .hidden, "replay remembers Privacy Mode")
        let result = manager.modes(state.streams, ui: state.ui, now: at(3))
        XCTAssertEqual(result.status.view?.amount, TrackerCardView.maskedAmount)
        XCTAssertEqual(result.status.view?.title, "daily")
        XCTAssertFalse("\(result.status.view.map { [$0.title, $0.amount, $0.detail] } ?? [])".contains("$"), "no amount anywhere in Status")
        XCTAssertEqual(result.browse.sortedValidItems.first?.view().amount, "$123.45", "Browse still shows amounts")
        let before = try TrackerProjection.tracker(driverID: "driver-1", in: log, at: at(1))
        XCTAssertEqual(manager.modes(before.streams, ui: before.ui, now: at(3)).status.view?.amount, "$123.45")
    }

    func test_outage_keepsCachedCardsStale_withLastUpdated_andShowsTheErrorCard() {
        var state = TrackerState()
        state.apply(TrackerCardsPushed(driverID: "d", service: .earnings, cards: [card("daily", updated: seconds(at(10)), status: 100)], at: at(10)))
        state.apply(TrackerCardsPushed(driverID: "d", service: .incentives, cards: [card("quest", priority: 5)], at: at(10)))
        state.apply(TrackerPullFailed(driverID: "d", service: .earnings, reason: "unreachable", at: at(100), retryAt: at(105)))
        let result = manager.modes(state.streams, ui: state.ui, now: at(120))
        XCTAssertEqual(result.browseIDs, ["earnings.error", "quest", "daily"])
        XCTAssertEqual(result.browse.servicesInOutage, [.earnings])
        let daily = result.browse.sortedValidItems.first { $0.card.cardID == "daily" }
        XCTAssertEqual(daily?.isStale, true)
        XCTAssertEqual(daily?.view().staleSince, "\(at(10))")
        XCTAssertEqual(daily?.view().amount, "$10.00", "cached data stays visible")
        XCTAssertEqual(result.browse.sortedValidItems.first { $0.card.cardID == "quest" }?.isStale, false)
        XCTAssertEqual(result.status.selectedItem?.card.cardID, "earnings.error")
        XCTAssertEqual(result.status.view?.title, "Earnings are delayed")
        XCTAssertEqual(result.status.view?.detail, "Last updated \(at(10))")

        state.apply(TrackerCardsPulled(driverID: "d", service: .earnings, cards: [card("daily", updated: seconds(at(130)), status: 100)], at: at(130)))
        let recovered = manager.modes(state.streams, ui: state.ui, now: at(131))
        XCTAssertEqual(recovered.browseIDs, ["quest", "daily"])
        XCTAssertEqual(recovered.browse.sortedValidItems.map(\.isStale), [false, false])
    }

    func test_switchedOffPlugin_hidesThatCardType_only() {
        var loyalty = card("loyalty", priority: 3)
        loyalty.payload = .loyaltyProgress(TrackerLoyaltyProgressCard(title: "Uber Pro", tier: "Gold", points: 30))
        let off = TrackerCardPlugins(switches: PluginSwitches(disabled: [TrackerCardPlugins.pluginID("browse", .loyaltyProgress)]))
        let result = TrackerDataManager(plugins: off).modes([TrackerCardStream(service: .incentives, cards: [loyalty, card("daily")])], now: now)
        XCTAssertEqual(result.browseIDs, ["daily"])
        XCTAssertEqual(result.reason("loyalty"), .noPlugin(.loyaltyProgress))
        XCTAssertEqual(TrackerDataManager().modes([TrackerCardStream(service: .incentives, cards: [loyalty])], now: now).browseIDs, ["loyalty"])
    }

    func test_droppedPayloads_areReportedAmongExclusions() throws {
        let list = try decodeCards(#"[{"cardID":"bad","priority":1,"isValid":true,"cardType":1,"payload":{"nope":{}}}]"#)
        let result = manager.modes([TrackerCardStream(service: .earnings, cards: list.cards + [card("ok")], dropped: list.dropped)], now: now)
        XCTAssertEqual(result.browseIDs, ["ok"])
        XCTAssertEqual(result.reason("bad"), .badPayload("has unknown variant \"nope\""))
    }
}
