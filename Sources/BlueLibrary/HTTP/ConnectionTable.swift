import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Every open connection of a server: its socket, its client's address, and what it is doing, so that
/// one that takes too long to send its request can be closed however slowly it keeps trickling.
///
/// MHD's own timeout only closes a connection that has been idle; a client sending one byte every few
/// seconds is never idle, and a few hundred of them would hold every connection. Here a connection
/// must deliver a whole request — headers and body — within the request timeout of being ready for
/// it (accepted, or done with its previous request); ``closeOverdue(timeout:now:)`` shuts down the
/// socket of any that has not, and MHD, reading the end of the stream, closes the connection.
final class ConnectionTable: Sendable {
    /// What a connection is doing.
    enum Phase: Equatable {
        /// Waiting for a request's headers or body, since this instant.
        case receiving(since: ContinuousClock.Instant)
        /// Its request is in; the answer is being made or sent.
        case answering
        /// It carries an event stream (long-lived by design).
        case streaming
        /// It sends a file, which a player reads at its own pace (and may pause for minutes): stopping the
        /// server does not wait for it.
        case sendingFile
        /// Its socket was shut down for taking too long.
        case closing
    }

    private struct Record {
        let socket: Int32
        let address: String
        var phase: Phase
        /// Requests answered on it so far.
        var answered = 0
    }

    private let records = Mutex<[ConnectionHandle: Record]>([:])

    /// How many connections are open.
    var count: Int { records.withLock { $0.count } }

    /// How many connections are open and not being closed.
    var liveCount: Int { records.withLock { $0.values.count { $0.phase != .closing } } }

    /// How many connections have a request in and its answer (or event stream) not yet finished; a
    /// file being sent is not waited for.
    var answeringCount: Int {
        records.withLock { records in
            records.values.count { $0.phase == .answering || $0.phase == .streaming }
        }
    }

    /// A connection was accepted (MHD's thread, before any request on it).
    func opened(_ connection: ConnectionHandle, socket: Int32, address: String, now: ContinuousClock.Instant)
    {
        records.withLock {
            $0[connection] = Record(socket: socket, address: address, phase: .receiving(since: now))
        }
    }

    /// MHD is closing the connection; its socket is still open until this returns.
    func closed(_ connection: ConnectionHandle) {
        _ = records.withLock { $0.removeValue(forKey: connection) }
    }

    /// The connection's request is in. Returns its client's address.
    @discardableResult
    func answering(_ connection: ConnectionHandle) -> String? {
        set(connection, to: .answering)
    }

    /// The connection now carries an event stream.
    func streaming(_ connection: ConnectionHandle) {
        set(connection, to: .streaming)
    }

    /// The connection is to send a file, if fewer than `total` connections send one now and fewer than
    /// `perAddress` of them come from its client's address — and, once three quarters of the places are
    /// taken, if its address sends fewer than two; whether it may. A slow reader holds its
    /// connection for as long as the track lasts, so a few clients reading slowly would otherwise hold
    /// every connection the server has.
    func startSendingFile(_ connection: ConnectionHandle, total: Int, perAddress: Int) -> Bool {
        records.withLock { records in
            guard var record = records[connection], record.phase != .closing else { return false }
            var all = 0
            var fromAddress = 0
            for other in records.values where other.phase == .sendingFile {
                all += 1
                if other.address == record.address { fromAddress += 1 }
            }
            guard all < total, fromAddress < perAddress else { return false }
            // The last quarter of the places is for addresses sending fewer than two files: a few
            // addresses of slow readers, each at its own limit, cannot take every place (eight
            // addresses of eight readers made every other stream 503 for 30-45 s).
            if all >= total - total / 4 && fromAddress >= 2 { return false }
            record.phase = .sendingFile
            records[connection] = record
            return true
        }
    }

    /// Whether the client of a connection has closed it (or the connection is gone), seen without
    /// reading from it: a parked event stream sends nothing, so the server would otherwise learn only
    /// at its next keep-alive that nobody listens any more.
    func hasHungUp(_ connection: ConnectionHandle) -> Bool {
        records.withLock { records in
            // Under the lock, the socket is still this connection's (see closeOverdue).
            guard let record = records[connection] else { return true }
            var watched = pollfd(fd: record.socket, events: Int16(peerClosed), revents: 0)
            guard poll(&watched, 1, 0) == 1 else { return false }
            return Int32(watched.revents) & (peerClosed | POLLHUP | POLLERR | POLLNVAL) != 0
        }
    }

    /// The connection finished a request and may send another: the clock starts again.
    func awaitingRequest(_ connection: ConnectionHandle, now: ContinuousClock.Instant) {
        records.withLock { records in
            guard var record = records[connection], record.phase != .closing else { return }
            record.phase = .receiving(since: now)
            record.answered += 1
            records[connection] = record
        }
    }

    /// Shuts down the socket of every connection that has been receiving its request for longer than
    /// `timeout` — idle keep-alive connections included, which is ordinary housekeeping — and returns
    /// how many of them had not had a single request answered (those are worth a word in the log).
    /// The lock is held across `shutdown`: MHD closes a socket only after telling ``closed(_:)``,
    /// which waits for it, so the number can never name another connection's socket.
    @discardableResult
    func closeOverdue(timeout: Duration, now: ContinuousClock.Instant) -> Int {
        records.withLock { records in
            var neverAnswered = 0
            for (connection, record) in records {
                guard case .receiving(let since) = record.phase, now - since > timeout else { continue }
                shutdown(record.socket, Int32(SHUT_RDWR))
                records[connection]?.phase = .closing
                if record.answered == 0 { neverAnswered += 1 }
            }
            return neverAnswered
        }
    }

    /// Makes room for `newcomer`, which arrived with every connection taken: shuts down the connection
    /// that has waited longest for its request among those of the address holding the most connections
    /// (so clients sending their headers a byte at a time, which fill the table, give way to a new
    /// client, and the addresses holding the most go first); when no connection is waiting for a
    /// request (all answer, stream or send files), the newcomer is closed instead.
    /// - Returns: whether another connection was closed (`false`: the newcomer was).
    @discardableResult
    func evictForNewcomer(_ newcomer: ConnectionHandle) -> Bool {
        records.withLock { records in
            var perAddress: [String: Int] = [:]
            for record in records.values where record.phase != .closing {
                perAddress[record.address, default: 0] += 1
            }
            var chosen: (connection: ConnectionHandle, held: Int, since: ContinuousClock.Instant)?
            for (connection, record) in records where connection != newcomer {
                guard case .receiving(let since) = record.phase else { continue }
                let held = perAddress[record.address, default: 0]
                if let best = chosen, (held, best.since) <= (best.held, since) { continue }
                chosen = (connection, held, since)
            }
            let victim = chosen?.connection ?? newcomer
            guard let record = records[victim] else { return false }
            shutdown(record.socket, Int32(SHUT_RDWR))
            records[victim]?.phase = .closing
            return victim != newcomer
        }
    }

    @discardableResult
    private func set(_ connection: ConnectionHandle, to phase: Phase) -> String? {
        records.withLock { records in
            guard var record = records[connection] else { return nil }
            if record.phase != .closing {
                record.phase = phase
                records[connection] = record
            }
            return record.address
        }
    }
}

/// `POLLRDHUP` (Linux): the peer closed its end; Swift's Glibc module leaves the GNU flag out.
private let peerClosed: Int32 = 0x2000
