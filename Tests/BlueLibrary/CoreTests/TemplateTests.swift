import BlueLibraryCore
import Testing

struct TemplateTests {
    let album = try! Album(title: "Heroes", artist: "David Bowie", genre: "Rock", year: nil)

    @Test(arguments: [
        ("$artist - $title", "David Bowie - Heroes"),
        ("${artist}s: $album", "David Bowies: Heroes"),
        ("$index. $title ($year)", "7. Heroes ()"),
        ("costs $$5", "costs $5"),
        ("plain", "plain"),
        ("$genre/$cover_url/", "Rock//"),
    ])
    func rendersFieldsLikeBeets(source: String, expected: String) throws {
        #expect(try Template(source).render(album, index: 7) == expected)
    }

    /// A listing reads from the database only what its template renders.
    @Test(arguments: [
        ("$artist - $title", [AlbumField.artist, .title], false),
        ("$index. ${title} ($year)", [.title, .year], false),
        ("$tracks tracks, $length", [], true),
        ("$id $cover_url $mbid $genre $length", [.id, .coverURL, .mbid, .genre], true),
    ])
    func aTemplateNamesWhatItReads(source: String, fields: [AlbumField], trackSummary: Bool) throws {
        #expect(
            try Template(source).fieldsRead
                == AlbumFieldsRead(fields: Set(fields), trackSummary: trackSummary))
    }

    @Test(arguments: [
        (
            "$nope",
            "invalid template '$nope': unknown field '$nope' (fields: index, id, title, artist, genre, year, cover_url, mbid, tracks, length)"
        ),
        ("${title", "invalid template '${title': '${' without a closing '}'"),
    ])
    func badTemplatesAreRefused(source: String, message: String) {
        #expect(throws: LibraryError(.invalidTemplate, message)) { try Template(source) }
    }
}
