import CSndFile

/// A file decoded by libsndfile — WAV, FLAC, Ogg Vorbis, Opus, MP3 — read in order and sought when
/// playback jumps.
package final class SoundFile: AudioSource, @unchecked Sendable {
    // @unchecked Sendable: read by one thread at a time (the player hands its sources from one feeding
    // thread to the next only after the first has ended); libsndfile keeps no global state per file.
    private let file: OpaquePointer
    private let path: String
    package let format: SampleFormat
    package let frameCount: Int
    /// The frame the next sequential read starts at.
    private var next = 0

    private init(file: OpaquePointer, path: String, format: SampleFormat, frameCount: Int) {
        self.file = file
        self.path = path
        self.format = format
        self.frameCount = frameCount
    }

    deinit { bl_sf_close(file) }

    /// Opens `path`, or says why libsndfile cannot (it is not there, the format is not one it reads,
    /// the file is damaged, or cut short so that it cannot seek to its end: FFmpeg may still play it).
    /// - Parameter name: the path messages name, when `path` is another name for it (`/proc/self/fd/…`).
    package static func open(_ path: String, named name: String? = nil) -> Result<SoundFile, Refusal> {
        var reason = ReasonBuffer()
        guard bl_sf_load(&reason.bytes, reason.bytes.count) == 0 else {
            return .failure(Refusal(reason: reason.text, isLoaded: false))
        }
        var info = SF_INFO()
        guard let file = bl_sf_open(path, &info, &reason.bytes, reason.bytes.count) else {
            return .failure(Refusal(reason: reason.text, isLoaded: true))
        }
        guard info.samplerate > 0, (1...8).contains(info.channels), info.frames >= 0 else {
            bl_sf_close(file)
            return .failure(
                Refusal(reason: "\(info.channels) channels at \(info.samplerate) Hz", isLoaded: true))
        }
        // A file cut short still opens, with the length its header gives: libsndfile then fails where
        // the data ends (a truncated FLAC: "cannot seek in it"), which it cannot tell until it tries.
        let last = sf_count_t(max(info.frames - 1, 0))
        guard bl_sf_seek(file, last) == last, bl_sf_seek(file, 0) == 0 else {
            bl_sf_close(file)
            return .failure(
                Refusal(reason: "libsndfile cannot seek in it (is it cut short?)", isLoaded: true))
        }
        return .success(
            SoundFile(
                file: file, path: name ?? path,
                format: SampleFormat(rate: Int(info.samplerate), channels: Int(info.channels)),
                frameCount: Int(info.frames)))
    }

    /// Why libsndfile does not play a file.
    package struct Refusal: Error {
        /// libsndfile's words, or the loader's.
        package var reason: String
        /// Whether libsndfile was there to ask.
        package var isLoaded: Bool
    }

    package func read(from start: Int, count: Int) throws(AudioError) -> [Int16] {
        let first = min(max(start, 0), frameCount)
        let frames = min(count, frameCount - first)
        guard frames > 0 else { return [] }
        if first != next {
            guard bl_sf_seek(file, sf_count_t(first)) == sf_count_t(first) else {
                throw AudioError(.file, "cannot play \(Self.name(of: path)): libsndfile cannot seek in it")
            }
            next = first
        }
        var samples = [Int16](repeating: 0, count: frames * format.channels)
        var reason = ReasonBuffer(size: 256)
        let read = samples.withUnsafeMutableBufferPointer {
            bl_sf_read(file, $0.baseAddress, sf_count_t(frames), &reason.bytes, reason.bytes.count)
        }
        guard read >= 0 else {
            throw AudioError(.file, "cannot play \(Self.name(of: path)): \(reason.text)")
        }
        next = first + Int(read)
        if Int(read) < frames { samples.removeLast((frames - Int(read)) * format.channels) }
        return samples
    }

    /// The file's name, as a message names it.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
