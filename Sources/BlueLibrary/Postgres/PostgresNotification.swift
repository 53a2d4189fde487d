/// One notice sent with `NOTIFY channel, 'payload'` (or `pg_notify`) by any session of the database, and
/// delivered to every connection that listens on the channel when the sender's transaction commits.
package struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    package var channel: String
    /// What the sender attached (empty when nothing).
    package var payload: String
    /// The server process of the session that sent it.
    package var senderProcessID: Int32

    /// A notification on `channel` with `payload` from the server process `senderProcessID`.
    package init(channel: String, payload: String, senderProcessID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderProcessID = senderProcessID
    }
}
