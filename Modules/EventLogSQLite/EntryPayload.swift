import EventLog

extension UnsafePointer<EventBatch.Entry> {
    /// The event's payload in `payloads`, its batch's bytes, in place.
    ///
    /// Read field by field: the envelope's computed `payloadRange`, called through `pointee`,
    /// copies the whole envelope first, counting a reference to each of its strings (and freeing
    /// it after), once per event on each of the log's threads.
    func payload(in payloads: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let start = pointee.payloadStart
        return UnsafeRawBufferPointer(rebasing: payloads[start..<start + pointee.payloadCount])
    }
}
