import Foundation
import TestSupport
import Testing

/// `bluelibrary list artist:NAME` names an artist's albums and then the albums they appear on as a guest
/// ("Ann feat. Bob" credits Bob; a compilation's artist), so a guest with no album of their own is found
/// by their name too. A template's listing stays their own albums, and other queries list as before.
struct CLIGuestArtistTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
        try await music.add(
            "Mix/1.mp3",
            track("Duet", by: "Ann feat. Bob", albumArtist: "Various Artists", on: "Mix", number: 1))
        try await music.add(
            "Mix/2.mp3", track("Anthem", by: "AC/DC", albumArtist: "Various Artists", on: "Mix", number: 2))
        try await music.add("Own/1.mp3", track("Solo", by: "Ann", on: "Own", number: 1, date: "2001"))
        _ = try await home.ok("import", music.directory.path)
    }

    @Test func anArtistsListingNamesTheAlbumsTheyAppearOn() async throws {
        let own = try await home.index(of: "Own", by: "Ann")
        #expect(
            try await home.ok("list", "artist:ann")
                == "\(own)  Ann - Own (2001)\nAppears on:\n  Various Artists - Mix\n")
        #expect(try await home.ok("list", "artist:bob") == "Appears on:\n  Various Artists - Mix\n")
        #expect(try await home.ok("list", "artist:=AC/DC") == "Appears on:\n  Various Artists - Mix\n")
        #expect(try await home.ok("list", "artist:ann", "--format", "$title") == "Own\n")
        #expect(try await home.ok("list", "artist:nobody") == "")
        #expect(!(try await home.ok("list", "ann").contains("Appears on")), "a word is not an artist")
        #expect(!(try await home.ok("list", "artist:ann", "year:2001").contains("Appears on")))
    }
}
