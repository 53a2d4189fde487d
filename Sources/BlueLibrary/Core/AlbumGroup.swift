/// The albums of one album artist or one genre: what the web page's Artists and Genres views lead to.
/// A group is named by its text and matched by its folded form (``SearchKey``), so "Björk" and
/// "bjork" are one artist, as a search finds them.
package struct AlbumGroup: Sendable, Hashable {
    /// The fields albums are grouped by.
    package enum Field: String, Sendable, CaseIterable {
        /// The album artist.
        case artist
        /// The genre (albums without one form the group named "").
        case genre
    }

    /// The field the group is by.
    package var field: Field
    /// The group's name, as one of its albums spells it.
    package var name: String

    /// Creates the group of albums whose `field` is `name`, ignoring case and accents.
    package init(_ field: Field, _ name: String) {
        self.field = field
        self.name = name
    }

    /// The folded text the group's albums share.
    package var key: String { SearchKey.fold(name) }
}
