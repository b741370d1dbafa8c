extension StringProtocol {
    /// The lines of a text file, empty ones kept, so that line `n` is `textLines[n - 1]`: split at
    /// `"\n"`, `"\r\n"` and `"\r"`. (A split at `"\n"` misses Windows line ends: `"\r\n"` is one
    /// `Character`, so such a file would be one line.)
    public var textLines: [SubSequence] { split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
}
