/// Stable codes of errors the machine itself raises (validators name theirs inline).
public enum ErrorCode {
    public static let stale = "answer.stale"
    public static let unknownAlternate = "answer.unknownAlternate"
    public static let entryMissing = "entry.missing"
    public static let unknownMarket = "market.unknown"
    public static let finished = "attempt.finished"
    public static let expired = "attempt.expired"
    public static let rateLimited = "attempt.rateLimited"
    public static let unavailable = "service.unavailable"
    public static let codeIncorrect = "oneTimeCode.incorrect"
    public static let codeExpired = "oneTimeCode.expired"
    public static let codeLocked = "oneTimeCode.locked"
    public static let passwordIncorrect = "password.incorrect"
    public static let passwordLocked = "password.locked"
    public static let taken = "taken"
}
