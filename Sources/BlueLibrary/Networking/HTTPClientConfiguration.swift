import BlueLibraryCore

/// Limits every request of a ``CurlHTTPClient`` obeys.
package struct HTTPClientConfiguration: Sendable {
    /// The longest a whole request may take, from connecting to the last byte.
    package var timeout: Duration = .seconds(10)
    /// The largest response body accepted; enforced on the bytes received, as they arrive.
    package var maximumBodySize = 10 * 1024 * 1024
    /// How many redirects are followed.
    package var maximumRedirects = 5
    /// The `User-Agent` header sent.
    package var userAgent = BlueLibraryInfo.userAgent

    /// The defaults: 10 s, 10 MB, 5 redirects.
    package init() {}

    /// The defaults, with the User-Agent naming the contact in `BLUELIBRARY_CONTACT` (an e-mail address
    /// or a URL where the user can be reached: MusicBrainz asks every client for one) when it is set.
    /// - Throws: ``LibraryError`` `usage` naming a contact that is not one printable line (it goes into
    ///   a header) or is longer than 200 characters.
    package init(environment: [String: String]) throws {
        let contact = environment["BLUELIBRARY_CONTACT"]?.trimmed ?? ""
        guard contact.utf8.count <= 200, contact.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) else {
            throw LibraryError(
                .usage,
                "invalid BLUELIBRARY_CONTACT '\(String(contact.prefix(60)).escapingControlCharacters)': use an e-mail "
                    + "address or a URL on one line, at most 200 characters")
        }
        userAgent = BlueLibraryInfo.userAgent(contact: contact)
    }
}
