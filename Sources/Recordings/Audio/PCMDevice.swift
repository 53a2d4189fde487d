import CALSA
import Foundation

/// One open ALSA PCM stream in the app's format — the thin wrapper that keeps `OpaquePointer` and
/// error numbers away from the recorder and the player.
final class PCMDevice: @unchecked Sendable {
    // @unchecked Sendable: created on the caller's thread, then used and closed by exactly one
    // audio thread; never shared.
    private let handle: OpaquePointer
    /// The device name (`default`, `null`, `hw:0`…).
    let name: String
    /// Samples per frame.
    let channels: Int

    /// Opens `name` for capture or playback and sets 16-bit samples at `rate` with `channels` (the
    /// app's mono 44.1 kHz unless a file says otherwise) and ~100 ms of buffer; ALSA converts the rate
    /// where the device needs another.
    /// - Throws: ``AudioError`` saying whether the device does not exist, is busy or failed.
    init(
        name: String, capture: Bool, rate: Int = AudioFormat.sampleRate, channels: Int = AudioFormat.channels
    ) throws(AudioError) {
        calsa_route_errors()
        calsa_clear_error()
        var pcm: OpaquePointer?
        let stream = capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        let opened = snd_pcm_open(&pcm, name, stream, 0)
        guard opened >= 0, let pcm else { throw Self.error(opened, device: name, capture: capture) }
        let configured = snd_pcm_set_params(
            pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(channels), UInt32(rate), 1,
            100_000)
        guard configured >= 0 else {
            snd_pcm_close(pcm)
            throw Self.error(configured, device: name, capture: capture)
        }
        handle = pcm
        self.name = name
        self.channels = channels
    }

    /// Reads up to `frames` frames into `buffer` (zeroed first: the `null` device writes nothing).
    /// Returns the frames read, 0 after recovering from an overrun.
    func read(into buffer: inout [Int16], frames: Int) throws(AudioError) -> Int {
        for index in 0..<min(frames, buffer.count) { buffer[index] = 0 }
        let count = buffer.withUnsafeMutableBytes {
            snd_pcm_readi(handle, $0.baseAddress, snd_pcm_uframes_t(frames))
        }
        if count >= 0 { return count }
        try recover(Int32(count), capture: true)
        return 0
    }

    /// Writes interleaved frames; returns how many the device took (0 after recovering from an
    /// underrun).
    func write(_ samples: ArraySlice<Int16>) throws(AudioError) -> Int {
        let count = samples.withUnsafeBytes {
            snd_pcm_writei(handle, $0.baseAddress, snd_pcm_uframes_t(samples.count / channels))
        }
        if count >= 0 { return count }
        try recover(Int32(count), capture: false)
        return 0
    }

    /// Drops whatever is queued (pause, seek, stop).
    func drop() { snd_pcm_drop(handle) }

    /// Makes the stream ready again after ``drop()``.
    func prepare() { snd_pcm_prepare(handle) }

    /// Closes the stream.
    func close() { snd_pcm_close(handle) }

    private func recover(_ code: Int32, capture: Bool) throws(AudioError) {
        calsa_clear_error()
        if snd_pcm_recover(handle, code, 1) < 0 { throw Self.error(code, device: name, capture: capture) }
    }

    /// One clear message for an ALSA error code, with ALSA's own diagnostic when it gave one.
    static func error(_ code: Int32, device: String, capture: Bool) -> AudioError {
        let diagnostic = String(cString: calsa_last_error_message())
        let detail = diagnostic.isEmpty ? "" : " (ALSA: \(diagnostic))"
        let use = capture ? "recording" : "playback"
        switch -code {
        case ENOENT, ENODEV, ENXIO:
            return AudioError(.noDevice, "no audio device '\(device)' for \(use)\(detail)")
        case EBUSY, EAGAIN:
            return AudioError(.busy, "the audio device '\(device)' is busy (another program is using it)")
        default:
            let reason = String(cString: snd_strerror(code))
            return AudioError(.device, "the audio device '\(device)' failed for \(use): \(reason)\(detail)")
        }
    }
}
