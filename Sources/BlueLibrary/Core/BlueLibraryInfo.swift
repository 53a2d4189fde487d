/// The application's name and version: `--version` prints them, and every HTTP request names them in
/// its User-Agent.
package enum BlueLibraryInfo {
    /// The version.
    package static let version = "0.1.0"
    /// The User-Agent of every request without a contact: `BlueLibrary/0.1.0`.
    package static let userAgent = "BlueLibrary/\(version)"

    /// The User-Agent naming the user's contact (`BLUELIBRARY_CONTACT`), as MusicBrainz asks of every
    /// client: `BlueLibrary/0.1.0 ( you@example.org )`; without one, no contact is made up.
    package static func userAgent(contact: String?) -> String {
        guard let contact, !contact.isEmpty else { return userAgent }
        return "\(userAgent) ( \(contact) )"
    }
}
