import AudioKit
import BlueLibraryConcurrency
import BlueLibraryHTTP
import BlueLibraryServices
import Synchronization

/// A transcode being sent: the encoder runs on the transcoders' pool a stretch at a time, up to
/// ``aheadLimit`` bytes ahead of what the client has taken, and waits there until the client takes more
/// — memory per stream is that much plus the codecs' own state. When the client goes away the server
/// closes the stream and the encoder stops at the end of its stretch (a fraction of a second of work).
final class TranscodeStream: WebEventStream {
    /// How many bytes the encoder makes at a time, and how far it may run ahead of the client.
    static let stretch = 32 * 1024
    static let aheadLimit = 512 * 1024

    private struct State {
        var chunks: [[UInt8]] = []
        var head = 0
        var buffered = 0
        /// The encoder is running a stretch (it then owns the transcoder).
        var producing = false
        var finished = false
        var closed = false
        /// How many bytes have been handed to the server.
        var sent: Int64 = 0
        var wake: (@Sendable () -> Void)?
        /// The encoder's end has been dealt with (the cache's copy kept or dropped).
        var ended = false
    }

    private let state = Mutex(State())
    private let transcoder: FFmpegTranscoder
    private let pool: BlockingPool
    /// Where a copy goes for the cache, when it keeps this one.
    private let copy: TranscodeCache.Writer?
    /// With an estimated length: the bytes sent are exactly this many (cut, or padded with zeros).
    private let length: Int64?
    private let onEnd: @Sendable (_ complete: Bool) -> Void

    init(
        _ transcoder: FFmpegTranscoder, first: [UInt8], finished: Bool, pool: BlockingPool,
        copy: TranscodeCache.Writer?, length: Int64?, onEnd: @escaping @Sendable (Bool) -> Void
    ) {
        self.transcoder = transcoder
        self.pool = pool
        self.copy = copy
        self.length = length
        self.onEnd = onEnd
        state.withLock { state in
            if !first.isEmpty {
                state.chunks.append(first)
                state.buffered = first.count
            }
            state.finished = finished
        }
        if finished { end(complete: true) } else { produceIfRoom() }
    }

    /// A stream never handed to a server (an answer dropped in-process) ends when it goes.
    deinit {
        end(complete: false)
    }

    func poll(park: () -> Void, wake: @escaping @Sendable () -> Void) -> [UInt8]? {
        let (next, produce) = state.withLock { state -> ([UInt8]?, Bool) in
            if state.closed { return (nil, false) }
            if state.head < state.chunks.count {
                var chunk = state.chunks[state.head]
                state.chunks[state.head] = []
                state.head += 1
                if state.head == state.chunks.count { (state.chunks, state.head) = ([], 0) }
                state.buffered -= chunk.count
                if let length {
                    chunk = Array(chunk.prefix(Int(max(length - state.sent, 0))))
                    if chunk.isEmpty { return (nil, false) }
                }
                state.sent += Int64(chunk.count)
                let produce = !state.producing && !state.finished && state.buffered < Self.aheadLimit / 2
                if produce { state.producing = true }
                return (chunk, produce)
            }
            if state.finished {
                // An estimate longer than what was made is filled with zeros, which decoders skip.
                guard let length, state.sent < length else { return (nil, false) }
                let padding = [UInt8](repeating: 0, count: Int(min(length - state.sent, 32768)))
                state.sent += Int64(padding.count)
                return (padding, false)
            }
            park()
            state.wake = wake
            return ([], false)
        }
        if produce { startStretch() }
        return next
    }

    func close() {
        let idle = state.withLock { state -> Bool in
            state.closed = true
            state.chunks = []
            state.wake = nil
            return !state.producing
        }
        // A stretch under way sees `closed` when it returns and ends the stream then.
        if idle { end(complete: false) }
    }

    /// Starts a stretch unless one is running, the output is complete, or the client is far enough behind.
    private func produceIfRoom() {
        let produce = state.withLock { state -> Bool in
            guard !state.producing, !state.finished, !state.closed, state.buffered < Self.aheadLimit else {
                return false
            }
            state.producing = true
            return true
        }
        if produce { startStretch() }
    }

    private func startStretch() {
        Task.detached { [self] in
            let result = await pool.run { [transcoder, copy] () -> Result<[UInt8], AudioError> in
                Result { () throws(AudioError) -> [UInt8] in
                    let bytes = try transcoder.next(atLeast: Self.stretch)
                    copy?.append(bytes)
                    if transcoder.isFinished { copy?.finish() }
                    return bytes
                }
            }
            finishStretch(result)
        }
    }

    private func finishStretch(_ result: Result<[UInt8], AudioError>) {
        let bytes = (try? result.get()) ?? []
        let failed = (try? result.get()) == nil
        let outcome = state.withLock { state -> (wake: (@Sendable () -> Void)?, ended: Bool?, again: Bool) in
            state.producing = false
            if state.closed { return (nil, false, false) }  // close() left the end to this stretch
            if !bytes.isEmpty {
                state.chunks.append(bytes)
                state.buffered += bytes.count
            }
            let done = failed || bytes.isEmpty || transcoder.isFinished
            if done { state.finished = true }
            let wake = state.wake
            state.wake = nil
            return (wake, done ? !failed : nil, !done && state.buffered < Self.aheadLimit)
        }
        if case .failure(let error) = result { StandardError.line("serve: \(error.message)") }
        outcome.wake?()
        if let complete = outcome.ended { end(complete: complete) }
        if outcome.again { produceIfRoom() }
    }

    /// The encoder is done (the output complete, or abandoned).
    private func end(complete: Bool) {
        let first = state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
        guard first else { return }
        // A complete copy was kept by the stretch that finished it; this removes one cut short.
        if !complete, let copy { Task.detached { await BlockingPool.files.run { copy.abandon() } } }
        onEnd(complete)
    }
}
