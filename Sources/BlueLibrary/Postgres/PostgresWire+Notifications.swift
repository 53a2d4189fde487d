import CPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// LISTEN/NOTIFY: who listens on which channel, and the wait between jobs that delivers notifications while
/// the connection is otherwise idle.
extension PostgresWire {
    /// Delivers the notifications on `channel` to `continuation` until ``unlisten(_:id:)`` or the end of the
    /// connection; the first listener of a channel makes the connection LISTEN to it.
    func listen(_ channel: String, id: UInt64, continuation: AsyncStream<PostgresNotification>.Continuation)
        throws
    {
        if listeners[channel, default: [:]].isEmpty { _ = try query("LISTEN " + identifier(channel), []) }
        listeners[channel, default: [:]][id] = continuation
    }

    /// Stops delivering to the listener `id`; the last listener of a channel makes the connection UNLISTEN.
    func unlisten(_ channel: String, id: UInt64) {
        guard listeners[channel]?.removeValue(forKey: id) != nil, listeners[channel]?.isEmpty == true else {
            return
        }
        listeners[channel] = nil
        _ = try? query("UNLISTEN " + identifier(channel), [])
    }

    /// Waits, between jobs, until there is work (the wake-up) or the server sent something (a notification,
    /// or the end of the connection).
    func waitForWork() {
        var descriptors = [pollfd(fd: wakeUp.readable, events: Int16(POLLIN), revents: 0)]
        if lostReason == nil, let connection, bl_pq_socket(connection) >= 0 {
            descriptors.append(pollfd(fd: bl_pq_socket(connection), events: Int16(POLLIN), revents: 0))
        }
        guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { return }
        if descriptors[0].revents != 0 { wakeUp.drain() }
        if descriptors.count > 1, descriptors[1].revents != 0, let connection {
            if bl_pq_consume_input(connection) == 0 {
                markLost(firstLine(of: connection))
            } else {
                // libpq parses nothing past an answer not yet taken: a read's COMMIT, sent without
                // waiting, is taken now, or a notification behind it would wait for the next statement.
                if !unreadFlights.isEmpty { try? readUnreadFlights(of: connection) }
                deliverNotifications()
            }
        }
    }

    /// Hands every notification libpq has read to the streams of its channel.
    func deliverNotifications() {
        guard let connection else { return }
        while let notice = bl_pq_notifies(connection) {
            defer { bl_pq_freemem(notice) }
            let notification = PostgresNotification(
                channel: String(cString: notice.pointee.relname),
                payload: String(cString: notice.pointee.extra),
                senderProcessID: notice.pointee.be_pid)
            for continuation in listeners[notification.channel, default: [:]].values {
                continuation.yield(notification)
            }
        }
    }

    /// Ends every listener's stream.
    func finishListeners() {
        for continuations in listeners.values {
            for continuation in continuations.values { continuation.finish() }
        }
        listeners = [:]
    }

    /// `name` quoted as an SQL identifier.
    private func identifier(_ name: String) throws -> String {
        let connection = try usableConnection()
        guard let quoted = bl_pq_escape_identifier(connection, name, name.utf8.count) else {
            throw PostgresError(.invalidValue, "'\(name)' cannot be a channel: \(firstLine(of: connection))")
        }
        defer { bl_pq_freemem(quoted) }
        return String(cString: quoted)
    }
}
