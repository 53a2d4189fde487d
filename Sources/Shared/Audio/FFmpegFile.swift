import CFFmpeg

/// A file decoded by FFmpeg's libraries — what libsndfile does not read: AAC in M4A and MP4, FLAC in
/// Ogg — packet by packet, and sought exactly when playback jumps.
package final class FFmpegFile: AudioSource, @unchecked Sendable {
    // @unchecked Sendable: read by one thread at a time (the player hands its sources from one feeding
    // thread to the next only after the first has ended); each file has decoding contexts of its own.
    private let decoder: OpaquePointer
    private let path: String
    package let format: SampleFormat
    package let frameCount: Int
    /// The frame the next sequential read starts at.
    private var next = 0
    /// Whether the decoder reached the end of the stream (before ``frameCount``, when that was an
    /// estimate).
    private var isAtEnd = false

    private init(decoder: OpaquePointer, path: String, format: SampleFormat, frameCount: Int) {
        self.decoder = decoder
        self.path = path
        self.format = format
        self.frameCount = frameCount
    }

    deinit { bl_av_close(decoder) }

    /// Opens `path`, or says why FFmpeg cannot (its libraries are not there, it holds no audio FFmpeg
    /// decodes, it is damaged).
    /// - Parameter name: the path messages name, when `path` is another name for it (`/proc/self/fd/…`).
    package static func open(_ path: String, named name: String? = nil) -> Result<
        FFmpegFile, SoundFile.Refusal
    > {
        var reason = ReasonBuffer()
        guard bl_av_load(&reason.bytes, reason.bytes.count) == 0 else {
            return .failure(SoundFile.Refusal(reason: reason.text, isLoaded: false))
        }
        var info = bl_av_format()
        guard let decoder = bl_av_open(path, &info, &reason.bytes, reason.bytes.count) else {
            return .failure(SoundFile.Refusal(reason: reason.text, isLoaded: true))
        }
        return .success(
            FFmpegFile(
                decoder: decoder, path: name ?? path,
                format: SampleFormat(rate: Int(info.rate), channels: Int(info.channels)),
                frameCount: Int(max(info.frames, 0))))
    }

    package func read(from start: Int, count: Int) throws(AudioError) -> [Int16] {
        let first = min(max(start, 0), frameCount)
        let frames = min(count, frameCount - first)
        guard frames > 0 else { return [] }
        var reason = ReasonBuffer(size: 256)
        if first != next {
            guard bl_av_seek(decoder, Int64(first), &reason.bytes, reason.bytes.count) == 0 else {
                throw AudioError(.file, "cannot play \(SoundFile.name(of: path)): \(reason.text)")
            }
            (next, isAtEnd) = (first, false)
        }
        guard !isAtEnd else { return [] }
        var samples = [Int16](repeating: 0, count: frames * format.channels)
        let read = samples.withUnsafeMutableBufferPointer {
            bl_av_read(decoder, $0.baseAddress, frames, &reason.bytes, reason.bytes.count)
        }
        guard read >= 0 else {
            throw AudioError(.file, "cannot play \(SoundFile.name(of: path)): \(reason.text)")
        }
        next = first + read
        isAtEnd = read < frames
        if read < frames { samples.removeLast((frames - read) * format.channels) }
        return samples
    }
}
