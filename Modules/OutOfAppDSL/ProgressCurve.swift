/// The progress bar's display curve: the last 20 % of the bar is always the last 2 minutes of
/// the wait, whatever its total length; the first 80 % spreads the rest of the wait evenly.
///
/// The bar never moves backwards within a phase: ``advance(from:elapsedSeconds:remainingSeconds:)``
/// keeps the larger of the previous and the new value (the ETA may grow during a wait).
public enum ProgressCurve {
    /// The share of the bar kept for the final stretch.
    public static let finalShare = 0.2
    /// The final stretch: 2 minutes.
    public static let finalSeconds = 120

    /// The bar's fill (0...1) after `elapsedSeconds` of a wait with `remainingSeconds` left.
    public static func fraction(elapsedSeconds: Int, remainingSeconds: Int) -> Double {
        let elapsed = Double(max(0, elapsedSeconds))
        let remaining = max(0, remainingSeconds)
        if remaining <= finalSeconds {
            return 1 - finalShare * Double(remaining) / Double(finalSeconds)
        }
        let beforeFinal = elapsed + Double(remaining - finalSeconds)
        return (1 - finalShare) * elapsed / beforeFinal
    }

    /// The fill to show next within the same phase: never less than `previous`.
    public static func advance(from previous: Double, elapsedSeconds: Int, remainingSeconds: Int) -> Double {
        max(previous, fraction(elapsedSeconds: elapsedSeconds, remainingSeconds: remainingSeconds))
    }
}
