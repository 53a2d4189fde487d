import CALSA

#if canImport(Glibc)
    import Glibc
#endif

/// One open ALSA PCM stream of 16-bit samples — the thin wrapper that keeps pointers and error numbers
/// away from the recorder and the players. libasound is loaded with the first device (`CALSA`).
package final class PCMDevice: @unchecked Sendable {
    // @unchecked Sendable: created on one thread, then used and closed by exactly one audio thread;
    // never shared.
    private let handle: OpaquePointer
    /// The device name (`default`, `null`, `hw:0`…).
    package let name: String
    /// The samples' format: frames per second and samples per frame.
    package let format: SampleFormat

    /// Opens `name` for capture or playback and sets 16-bit samples in `format` and ~100 ms of buffer;
    /// ALSA converts the rate and channels where the device needs others.
    /// - Throws: ``AudioError`` saying whether the device does not exist (or ALSA cannot be loaded), is
    ///   busy or failed.
    package init(name: String, capture: Bool, format: SampleFormat) throws(AudioError) {
        let use = capture ? "recording" : "playback"
        var reason = ReasonBuffer()
        guard bl_alsa_load(&reason.bytes, reason.bytes.count) == 0 else {
            throw AudioError(.noDevice, "no sound for \(use): \(reason.text)")
        }
        bl_alsa_clear_error()
        var pcm: OpaquePointer?
        let opened = bl_alsa_pcm_open(&pcm, name, capture ? 1 : 0)
        guard opened >= 0, let pcm else { throw Self.error(opened, device: name, capture: capture) }
        let configured = bl_alsa_pcm_set_params(pcm, UInt32(format.channels), UInt32(format.rate), 100_000)
        guard configured >= 0 else {
            bl_alsa_pcm_close(pcm)
            throw Self.error(configured, device: name, capture: capture)
        }
        handle = pcm
        self.name = name
        self.format = format
    }

    /// Reads up to `frames` frames into `buffer` (zeroed first: the `null` device writes nothing).
    /// Returns the frames read, 0 after recovering from an overrun.
    package func read(into buffer: inout [Int16], frames: Int) throws(AudioError) -> Int {
        for index in 0..<min(frames * format.channels, buffer.count) { buffer[index] = 0 }
        let count = buffer.withUnsafeMutableBytes {
            bl_alsa_pcm_readi(handle, $0.baseAddress, snd_pcm_uframes_t(frames))
        }
        if count >= 0 { return count }
        try recover(Int32(count), capture: true)
        return 0
    }

    /// Writes interleaved frames, waiting while the device's buffer is full; returns how many the device
    /// took (0 after recovering from an underrun).
    package func write(_ samples: ArraySlice<Int16>) throws(AudioError) -> Int {
        let count = samples.withUnsafeBytes {
            bl_alsa_pcm_writei(handle, $0.baseAddress, snd_pcm_uframes_t(samples.count / format.channels))
        }
        if count >= 0 { return count }
        try recover(Int32(count), capture: false)
        return 0
    }

    /// Drops whatever is queued (pause, seek, stop).
    package func drop() { bl_alsa_pcm_drop(handle) }

    /// Waits until what is queued has played (the end of a queue, a change of format between tracks).
    package func drain() { bl_alsa_pcm_drain(handle) }

    /// Makes the stream ready again after ``drop()`` or ``drain()``.
    package func prepare() { bl_alsa_pcm_prepare(handle) }

    /// Closes the stream.
    package func close() { bl_alsa_pcm_close(handle) }

    private func recover(_ code: Int32, capture: Bool) throws(AudioError) {
        bl_alsa_clear_error()
        if bl_alsa_pcm_recover(handle, code) < 0 { throw Self.error(code, device: name, capture: capture) }
    }

    /// One clear message for an ALSA error code, with ALSA's own diagnostic when it gave one.
    static func error(_ code: Int32, device: String, capture: Bool) -> AudioError {
        let diagnostic = String(cString: bl_alsa_last_error_message())
        let detail = diagnostic.isEmpty ? "" : " (ALSA: \(diagnostic))"
        let use = capture ? "recording" : "playback"
        switch -code {
        case ENOENT, ENODEV, ENXIO:
            return AudioError(.noDevice, "no audio device '\(device)' for \(use)\(detail)")
        case EBUSY, EAGAIN:
            return AudioError(.busy, "the audio device '\(device)' is busy (another program is using it)")
        default:
            let reason = String(cString: bl_alsa_strerror(code))
            return AudioError(.device, "the audio device '\(device)' failed for \(use): \(reason)\(detail)")
        }
    }
}

/// How samples come: frames per second and samples per frame (16-bit, interleaved).
package struct SampleFormat: Sendable, Hashable {
    /// Frames per second.
    package var rate: Int
    /// Samples per frame.
    package var channels: Int

    /// Creates a format.
    package init(rate: Int, channels: Int) {
        self.rate = rate
        self.channels = channels
    }

    /// The number of frames in `seconds` (none for a negative time; an endless one is clamped).
    package func frames(in seconds: Double) -> Int {
        guard seconds > 0 else { return 0 }
        return Int(min(seconds * Double(rate), 1e15).rounded())
    }

    /// The length of `frames` frames, in seconds.
    package func seconds(in frames: Int) -> Double {
        Double(frames) / Double(rate)
    }
}
