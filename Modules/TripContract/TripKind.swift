/// The request kinds of the driver app, and their parameter names.
public enum TripKind {
    public static let goOnline = "driver.goOnline"
    public static let accept = "trip.accept"
    public static let arrive = "trip.arrive"
    public static let begin = "trip.begin"
    public static let end = "trip.end"
    public static let rateRider = "trip.rateRider"
    public static let confirmCash = "trip.confirmCash"
    public static let markRead = "inbox.markRead"

    /// Every kind, in workflow order.
    public static let all = [goOnline, accept, arrive, begin, end, rateRider, confirmCash, markRead]
}

/// Parameter names of trip requests.
public enum TripParameter {
    public static let trip = "trip"
    /// Client time of the action, milliseconds since the epoch.
    public static let at = "at"
    public static let rating = "rating"
    public static let message = "message"
}
