import Diagnostics

/// What went wrong with sound: one clear line for the app to show, never a crash.
package typealias AudioError = CodedError<AudioErrorCode>

/// The kinds of ``AudioError``.
package enum AudioErrorCode: String, Sendable, Hashable {
    /// There is no such device, no sound hardware at all, or no ALSA library to reach one.
    case noDevice
    /// Another program holds the device.
    case busy
    /// The device failed while opening or in use.
    case device
    /// An audio file is missing.
    case missingFile
    /// A file cannot be played (a format no decoder here reads, a damaged file) or could not be written.
    case file
}
