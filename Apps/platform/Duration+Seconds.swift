extension Duration {
    /// Whole seconds, for progress.
    var wholeSeconds: Int64 { components.seconds }
    /// Seconds as a `Double`, for rates.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
