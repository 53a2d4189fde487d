import CMicroHTTPD
import Synchronization

/// Every connection the server has suspended — requests waiting for their handler, event streams
/// waiting for an event — and every open event stream, so the server can end the streams and resume
/// every connection before it stops the daemon (MHD must not stop with a connection suspended).
final class ParkedConnections: Sendable {
    private struct State {
        var suspended: Set<ConnectionHandle> = []
        var streams: [ObjectIdentifier: StreamingConnection] = [:]
        var closing = false
    }

    private let state = Mutex(State())
    /// Called after a connection is resumed or a stream is forgotten (a stopping server waits for both).
    private let changed: @Sendable () -> Void

    /// - Parameter changed: called after a connection is resumed or an event stream forgotten.
    init(changed: @escaping @Sendable () -> Void = {}) {
        self.changed = changed
    }

    /// How many connections are suspended now.
    var count: Int { state.withLock { $0.suspended.count } }

    /// Whether nothing is suspended and every event stream has been finished by MHD (its last chunk
    /// sent): the moment the daemon can stop without cutting an answer short.
    var isIdle: Bool { state.withLock { $0.suspended.isEmpty && $0.streams.isEmpty } }

    /// Suspends a connection (from MHD's thread, inside a callback for it).
    func suspend(_ connection: ConnectionHandle) {
        state.withLock { _ = $0.suspended.insert(connection) }
        bl_mhd_suspend(connection.pointer)
    }

    /// Resumes a connection if it is still suspended (any thread; at most once per suspension).
    func resume(_ connection: ConnectionHandle) {
        guard state.withLock({ $0.suspended.remove(connection) != nil }) else { return }
        bl_mhd_resume(connection.pointer)
        changed()
    }

    /// Resumes every suspended connection (the last step before stopping the daemon).
    func resumeAll() {
        let all = state.withLock { state in
            defer { state.suspended.removeAll() }
            return state.suspended
        }
        for connection in all { bl_mhd_resume(connection.pointer) }
    }

    /// Keeps track of an open event stream; one opened while the server is closing is ended at once.
    func register(_ stream: StreamingConnection) {
        let closing = state.withLock { state in
            state.streams[ObjectIdentifier(stream)] = stream
            return state.closing
        }
        if closing { stream.stream.close() }
    }

    /// Forgets an event stream MHD has finished with.
    func unregister(_ stream: StreamingConnection) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
        changed()
    }

    /// Ends every open event stream (each then wakes its connection and finishes); from now on a new
    /// one is ended as soon as it opens.
    func closeStreams() {
        let streams = state.withLock { state in
            state.closing = true
            return Array(state.streams.values)
        }
        for box in streams { box.stream.close() }
    }

    /// Ends the open event streams whose connection `isGone` says its client has left.
    func closeStreams(where isGone: (ConnectionHandle) -> Bool) {
        let streams = state.withLock { Array($0.streams.values) }
        for box in streams where isGone(box.connection) { box.stream.close() }
    }
}

/// An event stream as MHD's content reader sees it: the stream, its connection, and the bytes of the
/// current event not yet handed to MHD.
// @unchecked Sendable: `pending` is only touched by MHD's content-reader callback for this connection,
// which MHD never calls concurrently; the rest is immutable.
final class StreamingConnection: @unchecked Sendable {
    let stream: any WebEventStream
    let connection: ConnectionHandle
    let parked: ParkedConnections
    var pending: [UInt8] = []

    init(_ stream: any WebEventStream, connection: ConnectionHandle, parked: ParkedConnections) {
        self.stream = stream
        self.connection = connection
        self.parked = parked
    }
}

let streamReader: MHD_ContentReaderCallback = { box, _, buffer, maximum in
    guard let box, let buffer else { return -1 }
    let stream = Unmanaged<StreamingConnection>.fromOpaque(box).takeUnretainedValue()
    if stream.pending.isEmpty {
        let (connection, parked) = (stream.connection, stream.parked)
        let next = stream.stream.poll(
            park: { parked.suspend(connection) }, wake: { parked.resume(connection) })
        guard let next else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        if next.isEmpty { return 0 }  // parked: MHD calls again once the stream wakes the connection
        stream.pending = next
    }
    let count = min(maximum, stream.pending.count)
    stream.pending.withUnsafeBytes { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
    }
    stream.pending.removeFirst(count)
    return count
}

let streamFree: MHD_ContentReaderFreeCallback = { box in
    guard let box else { return }
    let stream = Unmanaged<StreamingConnection>.fromOpaque(box).takeRetainedValue()
    stream.parked.unregister(stream)
    stream.stream.close()
}
