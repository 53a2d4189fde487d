/// What went wrong with sound: one clear line for the app to show, never a crash.
public struct AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
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

    /// What kind of failure this is.
    public var code: Code
    /// One line for a person: which device or file, and what is wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
