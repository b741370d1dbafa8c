import PlatformKit

extension String {
    /// The string with each control character written as an escape (`\n`, `\r`, `\t`, others as
    /// `\u{1B}`): a name shown in a line of text stays on that line and shows what it holds.
    var escapingControlCharacters: String {
        guard containsControlCharacters else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControlCharacter: escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
