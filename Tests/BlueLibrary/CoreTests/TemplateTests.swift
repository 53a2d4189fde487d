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
