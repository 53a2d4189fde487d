/// The orders a browsing face lists albums in besides library order (the web page's Albums view,
/// `sort=`): by artist (then year and title), by title, by year (newest first, albums without a year
/// last), or as recently added (newest first: library order reversed, since albums join at the end).
/// Text is compared folded (``SearchKey``), so case and accents do not split the order.
package enum AlbumOrder: String, Sendable, CaseIterable {
    /// By album artist, then year (oldest first), then title.
    case artist
    /// By title.
    case title
    /// By year, newest first, then artist and title; albums without a year come last.
    case year
    /// Library order reversed: the album added last comes first.
    case added

    /// The names `sort=` takes, for messages.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
