extension BinaryInteger {
    /// The count and `noun` for output, `noun` + "s" unless the count is one: `1 trip`, `0 trips`, `2 drivers`.
    public func counted(_ noun: String) -> String {
        "\(self) \(noun)\(self == 1 ? "" : "s")"
    }
}
