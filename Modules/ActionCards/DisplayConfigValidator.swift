import PlatformKit

/// Checks a directory of display configs: every card and action type is known, every action's
/// target screen (its `screen` field, whatever its type) exists, every screen is reachable from an entry screen (`"metadata": {"entry": "true"}`),
/// no chain of named actions (`perform`) loops forever, every card has an id, and no drawn text holds
/// a character that would move the terminal's cursor or reorder its line (a control character, a
/// bidi override: PlatformKit's `disruptsTerminalLine`).
public struct DisplayConfigValidator: Sendable {
    public var knownActions: Set<ActionType>
    /// The screen `openHelp` pushes.
    public var helpScreen: String

    public init(knownActions: Set<ActionType>, helpScreen: String = "help") {
        self.knownActions = knownActions
        self.helpScreen = helpScreen
    }

    /// Every problem of the screens in `directory`, in file order.
    public func validate(directory: String) throws -> [DisplayConfigProblem] {
        var problems: [DisplayConfigProblem] = []
        var screens: [(file: String, screen: CardScreenPresentation)] = []
        let files = try ScreenCatalog.screenFiles(in: directory)
        if files.isEmpty { return [ScreenCatalog.noScreens(in: directory)] }
        for file in files {
            do {
                screens.append((file, try ScreenCatalog.decodeScreen(file: file)))
            } catch let problem as DisplayConfigProblem {
                problems.append(problem)
            }
        }
        return problems + validate(screens)
    }

    /// Every problem of `screens` (each with the file it came from).
    public func validate(_ screens: [(file: String, screen: CardScreenPresentation)]) -> [DisplayConfigProblem] {
        let ids = Set(screens.map(\.screen.screenID))
        var problems: [DisplayConfigProblem] = []
        var files: [String: String] = [:]
        for (file, screen) in screens {
            if let first = files[screen.screenID] {
                problems.append(ScreenCatalog.duplicate(screen.screenID, in: file, first: first))
            } else {
                files[screen.screenID] = file
            }
        }
        var edges: [String: Set<String>] = [:]
        for (file, screen) in screens {
            var check = ScreenCheck(file: file, screen: screen, screenIDs: ids, validator: self)
            check.run()
            problems += check.problems
            edges[screen.screenID] = check.targets
        }
        let entries = screens.filter { $0.screen.metadata["entry"] == "true" }.map(\.screen.screenID)
        if entries.isEmpty, let first = screens.first {
            problems.append(DisplayConfigProblem(file: first.file, path: "$.metadata.entry", message: "no entry screen (set \"entry\": \"true\" in one screen's metadata)"))
        }
        var reached = Set(entries)
        var queue = entries
        while let next = queue.popLast() {
            for target in edges[next] ?? [] where reached.insert(target).inserted { queue.append(target) }
        }
        for (file, screen) in screens where !reached.contains(screen.screenID) {
            problems.append(DisplayConfigProblem(file: file, path: "$.screenID", message: "screen \(screen.screenID) is unreachable from the entry screens"))
        }
        return problems
    }
}

/// The checks of one screen, collecting problems and navigation targets.
private struct ScreenCheck {
    let file: String
    let screen: CardScreenPresentation
    let screenIDs: Set<String>
    let validator: DisplayConfigValidator
    var problems: [DisplayConfigProblem] = []
    var targets: Set<String> = []

    init(file: String, screen: CardScreenPresentation, screenIDs: Set<String>, validator: DisplayConfigValidator) {
        self.file = file
        self.screen = screen
        self.screenIDs = screenIDs
        self.validator = validator
    }

    mutating func run() {
        for (field, text) in [("screenID", screen.screenID), ("analyticsID", screen.analyticsID), ("title", screen.title ?? "")] {
            checkPrintable(text, at: "$." + field, of: "the screen's \(field)")
        }
        var seen: Set<String> = []
        for (section, cards) in [("mainCards", screen.mainCards), ("bottomCards", screen.bottomCards)] {
            for (index, card) in cards.enumerated() {
                let path = "$.\(section)[\(index)]"
                if !seen.insert(card.id).inserted { problem(path + ".id", "duplicate card id \(card.id)") }
                check(card, at: path)
            }
        }
        for name in screen.actions.keys.sorted() {
            if let action = screen.actions[name] { check(action, at: "$.actions.\(name)") }
            if let cycle = loop(from: name, visiting: []) {
                problem("$.actions.\(name)", "completion chain loops forever: \(cycle.joined(separator: " → "))")
            }
        }
    }

    private mutating func check(_ card: Card, at path: String) {
        if card.id.isEmpty { problem(path + ".id", "empty card id") }
        checkPrintable(card.id, at: path + ".id", of: "the card id")
        for (field, text) in card.content.texts {
            checkPrintable(text, at: path + "." + field, of: "card \(TerminalColumns.printable(card.id))")
        }
        if case .unknown(let type) = card.content { problem(path + ".type", "unknown card type \(type)") }
        if let action = card.action { check(action, at: path + ".action") }
        if case .spacer(let spacer) = card.content, !(0...SpacerCard.maximumHeight).contains(spacer.height) {
            problem(path + ".height", "must be 0 to \(SpacerCard.maximumHeight) points")
        }
        if case .list(let list) = card.content {
            for (index, item) in list.items.enumerated() {
                if let action = item.action { check(action, at: path + ".items[\(index)].action") }
            }
        }
    }

    private mutating func check(_ action: Action, at path: String) {
        if !validator.knownActions.contains(action.type) { problem(path + ".type", "unknown action type \(action.type)") }
        if let target = action.screen {
            targets.insert(target)
            if !screenIDs.contains(target) { problem(path + ".screen", "target screen \(target) does not exist") }
        }
        switch action.type {
        case .navigateToScreen, .replaceScreen:
            if action.screen == nil { problem(path + ".screen", "missing field") }
        case .openHelp:
            targets.insert(validator.helpScreen)
            if !screenIDs.contains(validator.helpScreen) { problem(path, "help screen \(validator.helpScreen) does not exist") }
        case .perform:
            if let name = action.field {
                if screen.actions[name] == nil { problem(path + ".field", "no named action \(name) on this screen") }
            } else {
                problem(path + ".field", "missing field")
            }
        case .setData, .clearData:
            if action.field == nil { problem(path + ".field", "missing field") }
        case .updateCards:
            for (index, update) in action.updates.enumerated() where screen.card(update.id) == nil {
                problem(path + ".updates[\(index)].id", "no card \(update.id) on this screen")
            }
        default:
            break
        }
        for (key, child) in [("success", action.success), ("failure", action.failure)] {
            if let child { check(child, at: path + "." + key) }
        }
        for (index, child) in action.actions.enumerated() { check(child, at: path + ".actions[\(index)]") }
        for key in action.routes.keys.sorted() {
            if let child = action.routes[key] { check(child, at: path + ".routes.\(key)") }
        }
        for (index, update) in action.updates.enumerated() {
            if let card = update.card { check(card, at: path + ".updates[\(index)].card") }
        }
    }

    /// A problem if `text` holds a scalar that disrupts a terminal's line.
    private mutating func checkPrintable(_ text: String, at path: String, of what: String) {
        guard let scalar = text.unicodeScalars.first(where: \.disruptsTerminalLine) else { return }
        problem(path, "control character \(scalar.codePoint) in \(what) on screen \(TerminalColumns.printable(screen.screenID))")
    }

    /// A cycle of named actions reachable from `name`, if any.
    private func loop(from name: String, visiting: [String]) -> [String]? {
        if visiting.contains(name) { return visiting + [name] }
        guard let action = screen.actions[name] else { return nil }
        for next in Self.performed(in: action) {
            if let cycle = loop(from: next, visiting: visiting + [name]) { return cycle }
        }
        return nil
    }

    private static func performed(in action: Action) -> [String] {
        (action.type == .perform ? [action.field].compactMap { $0 } : []) + action.children.flatMap(performed)
    }

    private mutating func problem(_ path: String, _ message: String) {
        problems.append(DisplayConfigProblem(file: file, path: path, message: message))
    }
}
