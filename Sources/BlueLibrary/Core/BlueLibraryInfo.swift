/// The application's name, version and home: `--version` prints them, and every HTTP request names them
/// in its User-Agent (MusicBrainz asks each client for its name, version and a contact URL).
public enum BlueLibraryInfo {
    /// The version.
    public static let version = "0.1.0"
    /// Where the project lives (the contact in the User-Agent).
    public static let homepage = "https://github.com/bluelibrary/bluelibrary"
    /// The User-Agent of every request: `BlueLibrary/0.1.0 ( https://… )`.
    public static let userAgent = "BlueLibrary/\(version) ( \(homepage) )"
}
