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
    ///
    /// The file is opened without waiting (`O_NONBLOCK`) and must be a regular file: a FIFO or a device
    /// at a track's path is refused at once, never opened by a decoder (which would wait for a writer
    /// for ever, and the player with it). The decoders then open that very file, through
    /// `/proc/self/fd`, so nothing swapped in after the check is read.
    package static func open(_ path: String) throws(AudioError) -> any AudioSource {
        let name = SoundFile.name(of: path)
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                throw AudioError(.missingFile, "cannot play \(name): the file is missing")
            }
            throw AudioError(.file, "cannot play \(name): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw AudioError(.file, "cannot play \(name): it is not a regular file (a FIFO or a device?)")
        }
        let checked = "/proc/self/fd/\(descriptor)"
        let soundFile: SoundFile.Refusal
        switch SoundFile.open(checked, named: path) {
        case .success(let file): return file
        case .failure(let refusal): soundFile = refusal
        }
        let ffmpeg: SoundFile.Refusal
        switch FFmpegFile.open(checked, named: path) {
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
