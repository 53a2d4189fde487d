import Diagnostics

/// What went wrong with sound: one clear line for the app to show, never a crash.
package typealias AudioError = CodedError<AudioErrorCode>

/// The kinds of ``AudioError``.
package enum AudioErrorCode: String, Sendable, Hashable {
    /// There is no such device (or no sound hardware at all).
    case noDevice
    /// Another program holds the device.
    case busy
    /// The device failed while opening or in use.
    case device
    /// A recording's audio file is missing.
    case missingFile
    /// A file is not a WAV file this app can play, or could not be written.
    case file
}
