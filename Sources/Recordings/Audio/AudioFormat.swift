import AudioKit

/// The one audio format of the app, defined once: mono, 16-bit signed little-endian, 44.1 kHz.
package enum AudioFormat {
    /// Frames per second.
    package static let sampleRate = 44_100
    /// Channels (mono).
    package static let channels = 1
    /// Bits per sample.
    package static let bitsPerSample = 16
    /// The rate and channels, as a device is opened with them.
    package static let sampleFormat = SampleFormat(rate: sampleRate, channels: channels)

    /// The number of frames in `seconds` of audio.
    package static func frames(in seconds: Double) -> Int {
        max(0, Int((seconds * Double(sampleRate)).rounded()))
    }

    /// The length of `frames` frames, in seconds.
    package static func seconds(in frames: Int) -> Double {
        Double(frames) / Double(sampleRate)
    }
}
