/// Performing actions: the flow chain, completion actions, navigation and presentation.
extension ActionCardSession {
    /// Completion chains deeper than this are cut and reported (a display config that loops).
    static let maximumDepth = 32

    func perform(_ action: Action, role: String, origin: String, depth: Int) throws {
        let screenID = screen?.screenID ?? ""
        record(ActionPerformed(screenID: screenID, cardID: origin, actionType: action.type.rawValue, role: role))
        guard depth < Self.maximumDepth else {
            return record(FlowCompleted(actionType: action.type.rawValue, handler: "session", succeeded: false, detail: "completion chain deeper than \(Self.maximumDepth)"))
        }
        switch action.type {
        case .sequence:
            for member in action.actions { try perform(member, role: "sequence", origin: origin, depth: depth + 1) }
            try finish(action, handler: "session", outcome: .success(), origin: origin, depth: depth)
        case .perform:
            guard let name = action.field, let named = screen?.actions[name] else {
                return try finish(action, handler: "session", outcome: .failure("no named action \(action.field ?? "")"), origin: origin, depth: depth)
            }
            try perform(named, role: "perform", origin: origin, depth: depth + 1)
            try finish(action, handler: "session", outcome: .success(), origin: origin, depth: depth)
        default:
            guard let screen, let (flow, handler) = chain.flow(for: action) else {
                return record(ActionUnhandled(screenID: screenID, cardID: origin, actionType: action.type.rawValue, app: app))
            }
            let context = ActionFlowContext(member: member, app: app, now: now, screen: screen, params: stack.last?.params ?? [:], data: data, cardID: origin)
            try apply(flow.perform(action, in: context), of: action, handler: handler, origin: origin, depth: depth)
        }
    }

    /// Records the flow's end and performs the follow-up and the matching completion action.
    func finish(_ action: Action, handler: String, outcome: FlowOutcome, origin: String, depth: Int) throws {
        record(FlowCompleted(actionType: action.type.rawValue, handler: handler, succeeded: outcome.succeeded, detail: outcome.detail))
        if let followUp = outcome.followUp { try perform(followUp, role: "route", origin: origin, depth: depth + 1) }
        if outcome.succeeded, let success = action.success {
            try perform(success, role: "success", origin: origin, depth: depth + 1)
        } else if !outcome.succeeded, let failure = action.failure {
            try perform(failure, role: "failure", origin: origin, depth: depth + 1)
        }
    }

    private func apply(_ result: FlowResult, of action: Action, handler: String, origin: String, depth: Int) throws {
        switch result {
        case .completed(let outcome):
            try finish(action, handler: handler, outcome: outcome, origin: origin, depth: depth)
        case .navigate(let step):
            try navigate(step, for: action, handler: handler, origin: origin, depth: depth)
        case .updateCards(let updates):
            guard let top = stack.last, let updated = top.screen.updating(updates) else {
                let missing = updates.first { screen?.card($0.id) == nil }?.id ?? ""
                return try finish(action, handler: handler, outcome: .failure("no card \(missing) on the screen; nothing updated"), origin: origin, depth: depth)
            }
            stack[stack.count - 1].screen = updated
            record(CardsUpdated(screenID: updated.screenID, cardIDs: updates.map(\.id)))
            try recordImpressions(of: updated)
            try finish(action, handler: handler, outcome: .success(), origin: origin, depth: depth)
        case .setData(let field, let value):
            try setData(field, value)
            try finish(action, handler: handler, outcome: .success(), origin: origin, depth: depth)
        case .notify(let kind, let text):
            record(UserNotified(kind: kind, text: text))
            try finish(action, handler: handler, outcome: .success(), origin: origin, depth: depth)
        case .awaiting(let call):
            pendingCards[origin, default: 0] += 1
            if pendingCards[origin] == 1 { record(CardPendingChanged(screenID: screen?.screenID ?? "", cardID: origin, pending: true)) }
            inflight.append(Inflight(call: call, action: action, handler: handler, origin: origin, depth: depth))
        }
    }

    private func navigate(_ step: NavigationStep, for action: Action, handler: String, origin: String, depth: Int) throws {
        switch step {
        case .push(let id, let params), .replace(let id, let params):
            switch screens.fetch(id, params, member, now) {
            case .failure(let error):
                return try finish(action, handler: handler, outcome: .failure(error.description), origin: origin, depth: depth)
            case .success(let screen):
                if case .replace = step, !stack.isEmpty {
                    stack[stack.count - 1] = StackEntry(screen: screen, params: params, completion: stack[stack.count - 1].completion, origin: stack[stack.count - 1].origin)
                    try present(reason: "replace")
                    return try finish(action, handler: handler, outcome: .success("replaced by \(id)"), origin: origin, depth: depth)
                }
                // A pushed screen completes its action when it is popped.
                stack.append(StackEntry(screen: screen, params: params, completion: action.success, origin: origin))
                try present(reason: "push")
                record(FlowCompleted(actionType: action.type.rawValue, handler: handler, succeeded: true, detail: "presented \(id)"))
            }
        case .back:
            guard stack.count > 1, let popped = stack.popLast() else { return try dismiss(action, handler: handler, origin: origin, depth: depth) }
            try present(reason: "back")
            if let completion = popped.completion { try perform(completion, role: "success", origin: popped.origin, depth: depth + 1) }
            try finish(action, handler: handler, outcome: .success("back to \(screen?.screenID ?? "")"), origin: origin, depth: depth)
        case .root:
            stack.removeSubrange(min(1, stack.count)...)
            try present(reason: "root")
            try finish(action, handler: handler, outcome: .success(), origin: origin, depth: depth)
        case .reload:
            guard let top = stack.last else { return try finish(action, handler: handler, outcome: .failure("no screen"), origin: origin, depth: depth) }
            switch screens.fetch(top.screen.screenID, top.params, member, now) {
            case .failure(let error):
                try finish(action, handler: handler, outcome: .failure(error.description), origin: origin, depth: depth)
            case .success(let screen):
                stack[stack.count - 1].screen = screen
                try present(reason: "reload")
                try finish(action, handler: handler, outcome: .success("reloaded \(screen.screenID)"), origin: origin, depth: depth)
            }
        case .dismiss:
            try dismiss(action, handler: handler, origin: origin, depth: depth)
        }
    }

    private func dismiss(_ action: Action, handler: String, origin: String, depth: Int) throws {
        record(SessionDismissed(screenID: screen?.screenID ?? ""))
        stack.removeAll()
        try finish(action, handler: handler, outcome: .success("dismissed"), origin: origin, depth: depth)
    }

    /// A new screen view of the top screen: the presentation, unknown cards, impressions.
    func present(reason: String) throws {
        guard let screen else { return }
        screenViews += 1
        impressed.removeAll(keepingCapacity: true)
        record(ScreenPresented(screenID: screen.screenID, analyticsID: screen.analyticsID, reason: reason, screenView: screenViews, depth: stack.count))
        for card in screen.allCards {
            if case .unknown(let type) = card.content {
                record(UnknownCardReported(screenID: screen.screenID, cardID: card.id, type: type, replacedByFallback: false))
            } else if let type = card.replacedType {
                record(UnknownCardReported(screenID: screen.screenID, cardID: card.id, type: type, replacedByFallback: true))
            }
        }
        try recordImpressions(of: screen)
    }

    /// Impressions of the cards not yet seen in this screen view.
    private func recordImpressions(of screen: CardScreenPresentation) throws {
        for card in screen.allCards {
            if case .unknown = card.content { continue }
            guard impressed.insert(card.id).inserted else { continue }
            record(CardImpression(analyticsID: screen.analyticsID, screenView: screenViews, cardID: card.id, cardAnalyticsID: card.analyticsID))
        }
    }
}
