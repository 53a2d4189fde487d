import AudioKit
import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import Synchronization

/// Tracks sent in another format or at a lower bit rate (what Subsonic's `stream?format=&maxBitRate=`
/// and the page's quality setting ask for), encoded in this process by FFmpeg's libraries and streamed
/// as they are made (``TranscodeStream``); with a cache, a transcode that ran to its end is kept and sent
/// from disk, with ranges, the next time.
///
/// Encoders run on a pool of their own, as many at once as ``Settings/concurrent`` (default: one per
/// core); a stream's encoder works a stretch at a time and gives its thread back between stretches, so
/// many more streams than threads keep up as long as the processors do. A new stream whose first
/// stretch cannot start within ``Settings/admissionWait`` is refused (503 with `Retry-After`).
package final class Transcoder: Sendable {
    package struct Settings: Sendable {
        /// How many encoders run at once.
        package var concurrent: Int
        /// How long a new stream waits for an encoder before it is refused.
        package var admissionWait: Duration
        /// Where finished transcodes are kept; `nil` keeps none (nothing is written to disk).
        package var cache: TranscodeCache?

        package init(
            concurrent: Int = NamedThread.usableProcessorCount, admissionWait: Duration = .seconds(5),
            cache: TranscodeCache? = nil
        ) {
            self.concurrent = max(1, concurrent)
            self.admissionWait = admissionWait
            self.cache = cache
        }
    }

    /// What a request for a transcode gets.
    package enum Answer: Sendable {
        /// The stream (200), or the kept transcode (200 or 206).
        case response(WebResponse)
        /// Every encoder stayed busy for the admission wait.
        case busy
        /// The file is gone.
        case missing
        /// The format cannot be made here, or the file cannot be transcoded: why, in one line.
        case failed(String)
    }

    package let settings: Settings
    let pool: BlockingPool
    /// Why each format cannot be made, found on first use (`nil` inside: it can).
    private let unavailable = Mutex<[TranscodeFormat: String?]>([:])
    private let open = Atomic<Int>(0)
    private let cutShort = Atomic<Int>(0)
    private let log: @Sendable (String) -> Void

    package init(
        settings: Settings = Settings(), log: @escaping @Sendable (String) -> Void = StandardError.line
    ) {
        self.settings = settings
        self.log = log
        pool = BlockingPool(threads: settings.concurrent, name: "transcode")
    }

    /// How many transcodes are being sent now.
    package var openStreams: Int { open.load(ordering: .relaxed) }
    /// How many transcodes stopped before their end (their client went away, the server stopped).
    package var streamsCutShort: Int { cutShort.load(ordering: .relaxed) }

    /// Why `format` cannot be made on this machine (FFmpeg's libraries or its encoder are missing), or
    /// `nil`. Found once per format, and said once in the log.
    package func unavailability(of format: TranscodeFormat) -> String? {
        if let known = unavailable.withLock({ $0[format] }) { return known }
        let reason = FFmpegTranscoder.unavailability(of: format.target(kilobits: 0, offsetMilliseconds: 0))
        let first = unavailable.withLock { table -> Bool in
            defer { table[format] = .some(reason) }
            return table[format] == nil
        }
        if first, let reason { log("serve: \(format.rawValue) streams cannot be made: \(reason)") }
        return reason
    }

    /// The formats this machine makes.
    package var availableFormats: [TranscodeFormat] {
        TranscodeFormat.allCases.filter { unavailability(of: $0) == nil }
    }

    /// `path` (of `duration` seconds) in `format` at `kilobits` from `offsetMilliseconds`: from the cache
    /// when it holds it (with the range asked for), else a new stream. With `estimateLength` the stream
    /// has a `Content-Length` worked out from the duration and bit rate.
    package func answer(
        path: String, duration: Double, format: TranscodeFormat, kilobits: Int, offsetMilliseconds: Int,
        request: WebRequest, estimateLength: Bool
    ) async -> Answer {
        if let reason = unavailability(of: format) { return .failed(reason) }
        let source: WebFile
        do {
            source = try await BlockingPool.files.run { try WebFile.open(path) }
        } catch let failure as WebFile.OpenFailure {
            return failure == .missing || failure == .notAFile
                ? .missing : .failed("its file cannot be opened")
        } catch {
            return .failed("its file cannot be opened")
        }
        let plan = "\(format.rawValue) \(kilobits)"
        let remaining = max(duration - Double(offsetMilliseconds) / 1000, 0)
        var headers = [
            "Content-Type": format.contentType,
            "X-Content-Duration": String((remaining * 100).rounded() / 100),
            "X-Content-Type-Options": "nosniff",
        ]
        let cache = offsetMilliseconds == 0 ? settings.cache : nil
        let name = TranscodeCache.name(source: source.tag, plan: plan)
        if let cache, let kept = await BlockingPool.files.run({ cache.file(named: name) }) {
            var response = AudioFile.response(of: kept, contentType: format.contentType, request)
            response.headers.merge(headers.filter { $0.key != "Content-Type" }) { old, _ in old }
            return .response(response)
        }
        headers["Accept-Ranges"] = "none"
        headers["Cache-Control"] = "no-store"
        if request.method == "HEAD" { return .response(WebResponse(status: 200, headers: headers)) }
        let target = format.target(kilobits: kilobits, offsetMilliseconds: offsetMilliseconds)
        let started = await startWithin(settings.admissionWait) {
            () -> Result<(FFmpegTranscoder, [UInt8], TranscodeCache.Writer?), AudioError> in
            Result { () throws(AudioError) in
                let transcoder = try FFmpegTranscoder.open(path, to: target)
                let copy = cache?.writer(named: name)
                do throws(AudioError) {
                    let first = try transcoder.next(atLeast: 8 * 1024)
                    copy?.append(first)
                    if transcoder.isFinished { copy?.finish() }
                    return (transcoder, first, copy)
                } catch {
                    copy?.abandon()
                    throw error
                }
            }
        }
        guard let started else { return .busy }
        switch started {
        case .failure(let error):
            log("serve: \(error.message)")
            return .failed(error.message)
        case .success(let (transcoder, first, copy)):
            let length: Int64? =
                estimateLength && !format.isLossless && remaining > 0
                ? Int64(remaining * Double(target.bitRate) / 8) : nil
            open.add(1, ordering: .relaxed)
            let stream = TranscodeStream(
                transcoder, first: first, finished: transcoder.isFinished, pool: pool, copy: copy,
                length: length
            ) { [self] complete in
                if !complete { cutShort.add(1, ordering: .relaxed) }
                open.subtract(1, ordering: .relaxed)
            }
            var response = WebResponse(status: 200, headers: headers, body: .events(stream))
            response.streamLength = length
            return .response(response)
        }
    }

    /// Runs `work` on the encoders' pool when one of its threads takes it within `wait`; `nil` (and the
    /// work never runs) when none does.
    func startWithin<T: Sendable>(
        _ wait: Duration, _ work: @escaping @Sendable () -> T
    ) async -> T? {
        let gate = StartGate<T>()
        return await withCheckedContinuation { continuation in
            gate.arm(continuation)
            let timer = Task.detached {
                try? await Task.sleep(for: wait)
                gate.expire()
            }
            Task.detached { [pool] in
                await pool.run {
                    guard gate.start() else { return }
                    timer.cancel()
                    gate.finish(work())
                }
            }
        }
    }
}

/// A job that must start within a time: whichever comes first — its start or the deadline — decides.
private final class StartGate<T: Sendable>: Sendable {
    private let state = Mutex<(started: Bool, continuation: CheckedContinuation<T?, Never>?)>((false, nil))

    func arm(_ continuation: CheckedContinuation<T?, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The job starts: `false` when the deadline passed first.
    func start() -> Bool {
        state.withLock { state in
            guard state.continuation != nil else { return false }
            state.started = true
            return true
        }
    }

    func finish(_ value: T) {
        state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }?.resume(returning: value)
    }

    func expire() {
        state.withLock { state -> CheckedContinuation<T?, Never>? in
            guard !state.started else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }?.resume(returning: nil)
    }
}
