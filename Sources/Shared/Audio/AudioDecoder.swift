#if canImport(Glibc)
    import Glibc
#endif

/// Opens audio files for playing: libsndfile first (WAV, FLAC, Ogg Vorbis, Opus, MP3), FFmpeg's
/// libraries for what it does not read (AAC in M4A and MP4, FLAC in Ogg, and anything else FFmpeg
/// decodes). Each library is loaded the first time it is needed.
package enum AudioDecoder {
    /// A source for the file at `path`, paused at its start.
    /// - Throws: `missingFile` when there is no such file; `file` with one line naming the file and why
    ///   it cannot play (no decoder reads it, a library to decode it cannot be loaded, it is damaged).
    package static func open(_ path: String) throws(AudioError) -> any AudioSource {
        let name = SoundFile.name(of: path)
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw AudioError(.missingFile, "cannot play \(name): the file is missing")
        }
        let soundFile: SoundFile.Refusal
        switch SoundFile.open(path) {
        case .success(let file): return file
        case .failure(let refusal): soundFile = refusal
        }
        let ffmpeg: SoundFile.Refusal
        switch FFmpegFile.open(path) {
        case .success(let file): return file
        case .failure(let refusal): ffmpeg = refusal
        }
        let reason: String
        switch (soundFile.isLoaded, ffmpeg.isLoaded) {
        case (true, true): reason = "\(ffmpeg.reason) (libsndfile: \(soundFile.reason))"
        case (true, false): reason = "libsndfile does not read it (\(soundFile.reason)) and \(ffmpeg.reason)"
        case (false, true): reason = "\(soundFile.reason), and \(ffmpeg.reason)"
        case (false, false): reason = "\(soundFile.reason); \(ffmpeg.reason)"
        }
        throw AudioError(.file, "cannot play \(name): \(reason)")
    }
}
