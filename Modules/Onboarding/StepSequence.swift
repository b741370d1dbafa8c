import OnboardingContract

/// The seed's Sequence (renamed so it does not shadow `Swift.Sequence`): maps each question to its
/// info steps and the session to its configure steps, and keeps the index of the step to show.
public struct StepSequence: Sendable {
    /// One mapped item; the last item of a batch carries the question (or session) it completes.
    public enum Item: Sendable {
        case info(InfoStep)
        case configure(ConfigureStep)
    }

    public enum Next: Sendable {
        /// Show this step.
        case step(Item)
        /// The batch is complete: answer this question.
        case answer(Question)
        /// Every configure step completed: hand this session to the app.
        case session(Session)
    }

    private struct Slot: Sendable {
        var item: Item
        var question: Question?
        var session: Session?
        var batch: Int
    }

    private var slots: [Slot] = []
    private var batches = 0
    public private(set) var index = 0

    public init() {}

    /// The item at the index.
    public var current: Item? { slots.indices.contains(index) ? slots[index].item : nil }

    /// The info steps mapped now, in order (for inspection).
    public var infoSteps: [InfoStep] {
        slots.compactMap { if case .info(let step) = $0.item { step } else { nil } }
    }

    /// The question of the batch holding the index.
    public var currentQuestion: Question? {
        guard slots.indices.contains(index) else { return nil }
        let batch = slots[index].batch
        return slots.last { $0.batch == batch }?.question
    }

    /// Maps `question` to `steps`: replaces whatever followed the index, associates the question with
    /// the batch's last step, and moves the index to the batch's first step.
    public mutating func map(_ question: Question, to steps: [InfoStep]) {
        append(steps.map(Item.info), question: question, session: nil)
    }

    /// Maps `session` to configure `steps` the same way; with no steps nothing is mapped.
    public mutating func map(_ session: Session, to steps: [ConfigureStep]) {
        append(steps.map(Item.configure), question: nil, session: session)
    }

    private mutating func append(_ items: [Item], question: Question?, session: Session?) {
        guard !items.isEmpty else { return }
        let start = slots.isEmpty ? 0 : min(index + 1, slots.count)
        batches += 1
        var batch = items.map { Slot(item: $0, question: nil, session: nil, batch: batches) }
        batch[batch.count - 1].question = question
        batch[batch.count - 1].session = session
        slots.replaceSubrange(start..., with: batch)
        index = start
    }

    /// After the current step completed: the answer or session it completes, else the next step.
    public mutating func next() -> Next? {
        guard slots.indices.contains(index) else { return nil }
        if let question = slots[index].question { return .answer(question) }
        if let session = slots[index].session { return .session(session) }
        index += 1
        return current.map(Next.step)
    }

    /// Hands `errors` to the info steps of the current batch, walking back from the index; the index
    /// moves to the earliest step in error. Returns the errors no step claimed.
    public mutating func distribute(_ errors: [FieldError]) -> [FieldError] {
        guard slots.indices.contains(index) else { return errors }
        let batch = slots[index].batch
        var unclaimed = errors
        var position = index
        while position >= 0, slots[position].batch == batch {
            if case .info(var step) = slots[position].item {
                step.errors = unclaimed.filter { $0.dataType.map(step.dataTypes.contains) ?? false }
                unclaimed.removeAll { error in step.errors.contains(error) }
                if !step.errors.isEmpty { index = position }
                slots[position].item = .info(step)
            }
            position -= 1
        }
        return unclaimed
    }

    /// Moves the index to the earliest step of the current batch that is in error, else to the batch's first step.
    public mutating func rewind() {
        guard slots.indices.contains(index) else { return }
        let batch = slots[index].batch
        let members = slots.indices.filter { slots[$0].batch == batch }
        index = members.first { position in
            if case .info(let step) = slots[position].item { !step.errors.isEmpty } else { false }
        } ?? members.first ?? index
    }
}
