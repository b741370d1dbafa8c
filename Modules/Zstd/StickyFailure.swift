/// The first error a streaming codec met, made permanent: once there is one, every call throws it
/// (the libzstd context may be left mid-frame).
struct StickyFailure {
    private var error: ZstdError?

    /// Runs `body` unless an error was kept already; keeps the error `body` throws.
    mutating func run<T>(_ body: () throws(ZstdError) -> T) throws(ZstdError) -> T {
        if let error { throw error }
        do {
            return try body()
        } catch {
            self.error = error
            throw error
        }
    }
}
