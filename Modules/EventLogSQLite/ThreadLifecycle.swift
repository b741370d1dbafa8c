/// The lifecycle of a background thread started on first use and stopped once; kept in its
/// owner's lock beside the owner's job state.
struct ThreadLifecycle {
    private(set) var started = false
    private(set) var stopped = false

    /// Records a use; true the first time, when the caller starts the thread.
    mutating func use() -> Bool {
        defer { started = true }
        return !started
    }

    /// Records the stop; true when the thread is running, so the caller wakes it and waits.
    mutating func stop() -> Bool {
        defer { stopped = true }
        return started && !stopped
    }
}
