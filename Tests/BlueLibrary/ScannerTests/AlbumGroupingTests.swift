import BlueLibraryCore
import BlueLibraryScanner
import TestSupport
import Testing

/// Grouping tracks into albums, with tags from the scripted reader (no audio needed).
struct AlbumGroupingTests {
    let library = ScriptedLibrary()

    @Test func theAlbumArtistNamesTheAlbumAndEachTrackKeepsItsArtist() async throws {
        try library.add(
            "Band/Live/01.mp3", tags("One", artist: "Singer", albumArtist: "Band", album: "Live", number: 1))
        try library.add(
            "Band/Live/02.mp3", tags("Two", artist: "Guest", albumArtist: "Band", album: "Live", number: 2))
        let result = try await library.scan()
        #expect(result.albums.count == 1)
        let album = try #require(result.album("Live"))
        #expect(album.artist == "Band")
        #expect(album.tracks.map(\.artist) == ["Singer", "Guest"])
        #expect(album.directory == library.path("Band/Live"))
        #expect(!album.isCompilation)
    }

    @Test func untaggedTracksComeInTheOrderAFileManagerListsThem() async throws {
        for name in ["C.mp3", "b.mp3", "a.mp3"] {
            try library.add("Loose/\(name)", TrackTags())
        }
        let result = try await library.scan()
        #expect(result.albums.first?.tracks.map(\.title) == ["a", "b", "C"])
    }

    @Test func withoutAnAlbumArtistTheArtistNamesTheAlbum() async throws {
        try library.add("x/01.flac", tags("One", artist: "Solo", album: "First", number: 1))
        try library.add("x/02.flac", tags("Two", artist: "Solo", album: "First", number: 2))
        let result = try await library.scan()
        #expect(result.albums.map(\.artist) == ["Solo"])
        #expect(result.albums.first?.tracks.count == 2)
    }

    @Test func twoGreatestHitsInTheirOwnFoldersStayApart() async throws {
        for artist in ["Queen", "ABBA"] {
            for number in 1...2 {
                try library.add(
                    "\(artist)/Greatest Hits/0\(number).mp3",
                    tags("\(artist) \(number)", artist: artist, album: "Greatest Hits", number: number))
            }
        }
        let result = try await library.scan()
        #expect(result.albums.count == 2)
        #expect(Set(result.albums.map(\.artist)) == ["Queen", "ABBA"])
        #expect(result.albums.allSatisfy { $0.tracks.count == 2 && $0.title == "Greatest Hits" })
        #expect(Set(result.albums.map(\.key)).count == 2)
    }

    @Test func twoSameNamedAlbumsByDifferentArtistsInOneFolderStayApart() async throws {
        for artist in ["Queen", "ABBA"] {
            for number in 1...2 {
                try library.add(
                    "Downloads/\(artist) \(number).mp3",
                    tags("\(artist) \(number)", artist: artist, album: "Greatest Hits", number: number))
            }
        }
        let result = try await library.scan()
        #expect(Set(result.albums.map(\.artist)) == ["Queen", "ABBA"])
        #expect(result.albums.allSatisfy { $0.tracks.count == 2 })
    }

    @Test(arguments: [
        ["CD1", "CD 2"], ["Disc 1", "Disc 2"], ["disk1", "DISK_2"], ["cd1", "Disc 2 - Live"],
    ])
    func discFoldersBelongToTheirParentsAlbum(folders: [String]) async throws {
        for (index, folder) in folders.enumerated() {
            try library.add(
                "Big Box/\(folder)/01.ogg",
                tags("Disc \(index + 1) opener", artist: "X", album: "Box", number: 1))
        }
        let result = try await library.scan()
        #expect(result.albums.count == 1)
        let album = try #require(result.album("Box"))
        #expect(album.tracks.map(\.disc) == [1, 2])
        #expect(album.directory == library.path("Big Box"))
    }

    @Test func aCompilationWithoutAlbumArtistIsOneVariousArtistsAlbum() async throws {
        for (number, artist) in ["Ann", "Bob", "Cat"].enumerated() {
            try library.add(
                "Hits/\(number + 1).mp3",
                tags("Song \(number + 1)", artist: artist, album: "Hits 2000", number: number + 1))
        }
        let result = try await library.scan()
        #expect(result.albums.count == 1)
        let album = try #require(result.album("Hits 2000"))
        #expect(album.artist == ScannedAlbum.variousArtists)
        #expect(album.isCompilation)
        #expect(album.tracks.map(\.artist) == ["Ann", "Bob", "Cat"])
    }

    /// One guest on one track ("feat.") does not make Abbey Road a compilation: the album is its most
    /// common artist's when that artist has more than one track and at least a quarter of them.
    @Test(arguments: [
        "The Beatles feat. Billy Preston", "The Beatles ft. Billy Preston",
        "The Beatles featuring Billy Preston", "The Beatles (feat. Billy Preston)", "Billy Preston",
    ])
    func aGuestOnSomeTracksDoesNotMakeACompilation(guest: String) async throws {
        for number in 1...5 {
            let artist = number == 3 ? guest : "The Beatles"
            try library.add(
                "Abbey Road/\(number).mp3",
                tags("Song \(number)", artist: artist, album: "Abbey Road", number: number))
        }
        let album = try #require(try await library.scan().album("Abbey Road"))
        #expect(album.artist == "The Beatles")
        #expect(!album.isCompilation)
        #expect(album.tracks[2].artist == guest, "the track keeps its own credit")
    }

    @Test(arguments: [
        // (tracks per artist, the album's artist): a quarter and more than one makes it theirs.
        ([2, 1, 1, 1, 1, 1, 1, 1], ScannedAlbum.variousArtists),  // 2 of 9: under a quarter
        ([2, 1, 1, 1, 1, 1, 1], "Artist 0"),  // 2 of 8: a quarter
        ([3, 1, 1, 1, 1, 1, 1], "Artist 0"),  // 3 of 9: over a quarter
        ([1, 1, 1], ScannedAlbum.variousArtists),  // nobody has more than one
        ([3, 3, 2], "Artist 0"),  // a tie goes to the first in name order
    ])
    func theMostCommonArtistOwnsTheAlbumWhenTheyHaveAQuarterOfIt(counts: [Int], artist: String) async throws {
        var number = 0
        for (index, count) in counts.enumerated() {
            for _ in 0..<count {
                number += 1
                try library.add(
                    "Mixed/\(number).mp3",
                    tags("T\(number)", artist: "Artist \(index)", album: "Mixed", number: number))
            }
        }
        let album = try #require(try await library.scan().album("Mixed"))
        #expect(album.artist == artist)
        #expect(album.tracks.count == counts.reduce(0, +))
    }

    @Test func aTaggedCompilationStaysOneAlbumEvenWithRepeatedNumbers() async throws {
        try library.add("Mix/a.mp3", tags("A", artist: "Ann", album: "Mix", number: 1, compilation: true))
        try library.add("Mix/b.mp3", tags("B", artist: "Bob", album: "Mix", number: 1, compilation: true))
        let result = try await library.scan()
        #expect(result.albums.map(\.artist) == [ScannedAlbum.variousArtists])
    }

    @Test func oneMusicBrainzIDIsOneAlbumAcrossFolders() async throws {
        let id = "6f6b6a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c"
        try library.add("Rip A/01.flac", tags("One", artist: "Band", album: "Record", number: 1, mbid: id))
        try library.add(
            "Rip B/02.flac", tags("Two", artist: "Band", album: "Record (disc 2)", number: 2, mbid: id))
        let result = try await library.scan()
        #expect(result.albums.count == 1)
        #expect(result.albums.first?.key == "mbid:\(id)")
        #expect(result.albums.first?.musicBrainzAlbumID == id)
        #expect(result.albums.first?.tracks.map(\.title) == ["One", "Two"])
    }

    @Test func differentMusicBrainzIDsAreDifferentAlbumsEvenInOneFolder() async throws {
        try library.add(
            "Twins/01.flac",
            tags(
                "One", artist: "Band", album: "Same", number: 1, mbid: "11111111-1111-4111-8111-111111111111")
        )
        try library.add(
            "Twins/02.flac",
            tags(
                "Two", artist: "Band", album: "Same", number: 2, mbid: "22222222-2222-4222-8222-222222222222")
        )
        try library.add("Twins/03.flac", tags("Three", artist: "Band", album: "Same", number: 3))
        let result = try await library.scan()
        #expect(result.albums.map(\.key).filter { $0.hasPrefix("mbid:") }.count == 2)
        #expect(result.albums.count == 3)
    }

    @Test func untaggedTracksJoinTheOnlyMusicBrainzAlbumOfTheirFolder() async throws {
        let id = "33333333-3333-4333-8333-333333333333"
        try library.add("Album/01.flac", tags("One", artist: "Band", album: "Same", number: 1, mbid: id))
        try library.add("Album/02.flac", tags("Two", artist: "Band", album: "Same", number: 2))
        let result = try await library.scan()
        #expect(result.albums.map(\.key) == ["mbid:\(id)"])
        #expect(result.albums.first?.tracks.count == 2)
    }

    @Test func aFileWithoutTagsFormsAnAlbumNamedAfterItsFolder() async throws {
        try library.add("Field Recordings/rain on the roof.wav")
        let result = try await library.scan()
        let album = try #require(result.album("Field Recordings"))
        #expect(album.artist == ScannedAlbum.unknownArtist)
        #expect(album.tracks.map(\.title) == ["rain on the roof"])
        #expect(album.tracks.map(\.number) == [nil])
        #expect(album.year == nil)
        #expect(album.genre == "")
        #expect(try album.album().title == "Field Recordings")
    }

    @Test func anUntaggedFileInADiscFolderIsNamedAfterTheParent() async throws {
        try library.add("Old Tape/CD2/side b.mp3")
        let result = try await library.scan()
        let album = try #require(result.album("Old Tape"))
        #expect(album.tracks.map(\.disc) == [2])
    }

    @Test func aTrackMissingItsAlbumTagJoinsTheOnlyAlbumInItsFolder() async throws {
        try library.add("Folder/01.mp3", tags("One", artist: "Band", album: "Real Title", number: 1))
        try library.add("Folder/02.mp3", tags("Two", artist: "Band", number: 2))
        let result = try await library.scan()
        #expect(result.albums.map(\.title) == ["Real Title"])
        #expect(result.albums.first?.tracks.count == 2)
    }

    @Test func tracksAreInDiscThenNumberThenPathOrder() async throws {
        try library.add("A/b.mp3", tags("disc 2 first", artist: "X", album: "A", disc: 2, number: 1))
        try library.add("A/a.mp3", tags("disc 1 second", artist: "X", album: "A", disc: 1, number: 2))
        try library.add("A/c.mp3", tags("disc 1 first", artist: "X", album: "A", disc: 1, number: 1))
        try library.add("A/e.mp3", tags("no number, later path", artist: "X", album: "A", disc: 1))
        try library.add("A/d.mp3", tags("no number", artist: "X", album: "A", disc: 1))
        let album = try #require(try await library.scan().album("A"))
        #expect(
            album.tracks.map(\.title) == [
                "disc 1 first", "disc 1 second", "no number", "no number, later path", "disc 2 first",
            ])
        #expect(album.tracks.map(\.id) == album.tracks.map { TrackID(path: $0.path).rawValue })
    }

    @Test func yearAndGenreAreTheMostCommonAmongTheTracks() async throws {
        let dates = ["1999-05-01", "1999", "2001-01-01"]
        let genres = ["Rock", "rock", "Pop"]
        for index in 0..<3 {
            try library.add(
                "Y/\(index).mp3",
                tags(
                    "T\(index)", artist: "X", album: "Y", number: index + 1, date: dates[index],
                    genre: genres[index]))
        }
        let album = try #require(try await library.scan().album("Y"))
        #expect(album.year == 1999)
        #expect(album.genre == "Rock")
        #expect(album.duration == 540)
        let converted = try album.album()
        #expect(converted.year == 1999 && converted.artist == "X" && converted.genre == "Rock")
    }

    @Test func aTieGoesToTheEarliestTrackInAlbumOrder() async throws {
        try library.add("Mix/b.mp3", tags("One", artist: "Ann", album: "Mix", number: 1, genre: "Pop"))
        try library.add("Mix/a.mp3", tags("Two", artist: "Bob", album: "Mix", number: 2, genre: "Rock"))
        let album = try #require(try await library.scan().album("Mix"))
        #expect(album.artist == ScannedAlbum.variousArtists)
        #expect(album.genre == "Pop")
        #expect(album.tracks.map(\.title) == ["One", "Two"])
    }

    @Test func albumsComeInFolderOrderWithStableKeys() async throws {
        try library.add("b/1.mp3", tags("1", artist: "X", album: "B"))
        try library.add("a/1.mp3", tags("1", artist: "X", album: "A"))
        let first = try await library.scan()
        let second = try await library.scan()
        #expect(first.albums.map(\.title) == ["A", "B"])
        #expect(first.albums.map(\.key) == second.albums.map(\.key))
    }
}
