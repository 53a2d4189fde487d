import CFFmpeg

/// A file decoded and encoded again in another format by FFmpeg's libraries, in memory, a step at a time:
/// ``next(atLeast:)`` runs the codecs until some bytes of output are ready and hands them over. What it
/// holds is its codecs' state, a few frames of samples and the bytes not handed over yet — never the
/// file or its output whole, and nothing on disk.
package final class FFmpegTranscoder: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (its owner hands it from one job to the next only
    // after the first has returned); it has codec contexts of its own.

    /// What to make: an encoder and a container as FFmpeg names them, and the encoder's settings.
    package struct Target: Sendable, Hashable {
        /// FFmpeg's encoder ("libmp3lame", "libopus", "aac", "libvorbis", "flac").
        package var encoder: String
        /// FFmpeg's container ("mp3", "ogg", "adts", "mp4", "flac").
        package var container: String
        /// Bits per second; 0 for the encoder's own choice (lossless).
        package var bitRate: Int
        /// The highest sample rate and channel count kept (higher ones are converted down); 0 keeps the
        /// source's.
        package var maximumRate: Int
        package var maximumChannels: Int
        /// Where in the source to start, in milliseconds.
        package var offsetMilliseconds: Int

        package init(
            encoder: String, container: String, bitRate: Int, maximumRate: Int = 0, maximumChannels: Int = 0,
            offsetMilliseconds: Int = 0
        ) {
            self.encoder = encoder
            self.container = container
            self.bitRate = bitRate
            self.maximumRate = maximumRate
            self.maximumChannels = maximumChannels
            self.offsetMilliseconds = offsetMilliseconds
        }

        fileprivate func withC<T>(_ body: (inout bl_av_target) -> T) -> T {
            encoder.withCString { encoder in
                container.withCString { container in
                    var target = bl_av_target(
                        encoder: encoder, container: container, bit_rate: Int64(bitRate),
                        max_rate: Int32(maximumRate), max_channels: Int32(maximumChannels),
                        offset_ms: Int64(offsetMilliseconds))
                    return body(&target)
                }
            }
        }
    }

    private let transcoder: OpaquePointer
    private let path: String
    /// The output's sample rate and channels.
    package let rate: Int
    package let channels: Int
    /// The source's length in milliseconds as its container says (0 when it does not).
    package let durationMilliseconds: Int

    private init(transcoder: OpaquePointer, path: String, output: bl_av_output) {
        self.transcoder = transcoder
        self.path = path
        rate = Int(output.rate)
        channels = Int(output.channels)
        durationMilliseconds = Int(output.duration_ms)
    }

    deinit { bl_av_transcoder_close(transcoder) }

    /// Whether this machine's FFmpeg has what `target` needs (its libraries, the encoder, the container);
    /// else why not, in one line ("this FFmpeg has no libmp3lame encoder").
    package static func unavailability(of target: Target) -> String? {
        var reason = ReasonBuffer()
        let can = target.withC { bl_av_can_make(&$0, &reason.bytes, reason.bytes.count) }
        return can == 1 ? nil : reason.text
    }

    /// Opens `path` to make `target` from it, or says why it cannot be (FFmpeg's libraries are missing, the
    /// file holds no audio FFmpeg decodes, the encoder is missing).
    package static func open(_ path: String, to target: Target) throws(AudioError) -> FFmpegTranscoder {
        var reason = ReasonBuffer()
        guard bl_av_load(&reason.bytes, reason.bytes.count) == 0 else {
            throw AudioError(.file, "cannot transcode \(SoundFile.name(of: path)): \(reason.text)")
        }
        var output = bl_av_output()
        let opened = target.withC {
            bl_av_transcoder_open(path, &$0, &output, &reason.bytes, reason.bytes.count)
        }
        guard let opened else {
            throw AudioError(.file, "cannot transcode \(SoundFile.name(of: path)): \(reason.text)")
        }
        return FFmpegTranscoder(transcoder: opened, path: path, output: output)
    }

    /// Runs the codecs until at least `count` bytes of output are ready (fewer at the end) and returns
    /// them; empty once the whole output has been handed over.
    package func next(atLeast count: Int) throws(AudioError) -> [UInt8] {
        var reason = ReasonBuffer(size: 256)
        let waiting = bl_av_transcoder_run(transcoder, count, &reason.bytes, reason.bytes.count)
        guard waiting >= 0 else {
            throw AudioError(.file, "cannot transcode \(SoundFile.name(of: path)): \(reason.text)")
        }
        guard waiting > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: waiting) { buffer, initialized in
            initialized = bl_av_transcoder_take(transcoder, buffer.baseAddress, waiting)
        }
    }

    /// Whether the whole output has been made and handed over.
    package var isFinished: Bool { bl_av_transcoder_finished(transcoder) != 0 }
}
