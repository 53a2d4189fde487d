extension Album {
    /// The five albums a brand-new library holds, in order, with fixed ids so that two fresh
    /// libraries agree on them when they sync.
    package static let seeds: [Album] = [
        seed(
            "6b1e7c9e-0000-4000-8000-000000000000", "Best of Bowie", "David Bowie", 1992,
            "album_david%20bowie_best%20of%20bowie.png"),
        seed(
            "6b1e7c9e-0000-4000-8000-000000000001", "It's My Life", "No Doubt", 2003,
            "album_no%20doubt_its%20my%20life%20%20bathwater.png"),
        seed(
            "6b1e7c9e-0000-4000-8000-000000000002", "Nothing Like The Sun", "Sting", 1999,
            "album_sting_nothing%20like%20the%20sun.png"),
        seed(
            "6b1e7c9e-0000-4000-8000-000000000003", "Staring at the Sun", "U2", 2000,
            "album_u2_staring%20at%20the%20sun.png"),
        seed(
            "6b1e7c9e-0000-4000-8000-000000000004", "American Pie", "Madonna", 2000,
            "album_madonna_american%20pie.png"),
    ]

    private static func seed(_ id: String, _ title: String, _ artist: String, _ year: Int, _ file: String)
        -> Album
    {
        Album(
            trustedID: AlbumID(trusted: id), title: title, artist: artist, genre: "Pop", year: year,
            coverURL: "http://www.coversproject.com/static/thumbs/album/" + file)
    }
}
