import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryHTTP
import BlueLibraryScanner
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Browsing by tags and by folders, system calls, and the empty answers — each answer checked against
/// the folder that was imported and the specification's required fields.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicBrowsingTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    @Test func artistsAreIndexedByLetterWithTheirAlbumCounts() async throws {
        let artists = try await harness.ok("getArtists", "artists")
        #expect(artists["ignoredArticles"] == .string("The El La Los Las Le Les"))
        let indexes = artists["index"]?.list ?? []
        #expect(indexes.map { $0["name"]?.text } == ["B", "O"])
        let entries = indexes.flatMap { $0["artist"]?.list ?? [] }
        for entry in entries { SubsonicSchema.check(entry, SubsonicSchema.artistID3, "ArtistID3") }
        #expect(entries.map { $0["name"]?.text } == ["Björk", "Oscillator"])
        #expect(entries.map { $0["albumCount"] } == [.number("1"), .number("1")])
        #expect(entries[1]["id"]?.text == harness.artistID("Sines"))
        #expect(entries[1]["coverArt"]?.text == harness.albums["Sines"]?.album.id.rawValue)
    }

    @Test func namesThatBeginWithNoLetterShareOneHashIndexFirst() {
        let names = ["10cc", "ABBA", "!!!", "Ωmega", "아이유", "Björk", "The Beatles"]
        let artists = names.map { name in
            CatalogArtist(key: SearchKey.fold(name), name: name, albumCount: 1, coverAlbum: AlbumID.random())
        }
        let indexes = SubsonicShapes.indexes(artists) { artist in
            var element = SubsonicElement()
            element.set(.name, artist.name)
            return element
        }
        let json = indexes.map { index -> JSONValue in
            var bytes: [UInt8] = []
            index.appendJSON(to: &bytes)
            return (try? JSONParser.parse(bytes)) ?? .null
        }
        #expect(json.map { $0["name"]?.text } == ["#", "A", "B"])
        #expect(
            Set((json.first?["artist"]?.list ?? []).map { $0["name"]?.text }) == [
                "10cc", "!!!", "Ωmega", "아이유",
            ])
        #expect((json.last?["artist"]?.list ?? []).map { $0["name"]?.text } == ["The Beatles", "Björk"])
    }

    @Test func anArtistHasTheirAlbumsAndAnAlbumItsSongsInOrder() async throws {
        let artist = try await harness.ok("getArtist", [("id", harness.artistID("Sines"))], "artist")
        SubsonicSchema.check(artist, SubsonicSchema.artistID3, "ArtistWithAlbumsID3")
        let albums = artist["album"]?.list ?? []
        #expect(albums.map { $0["name"]?.text } == ["Sines"])
        // And `title`, which Mopidy-Subidy reads to find an artist's album.
        #expect(albums.map { $0["title"]?.text } == ["Sines"])
        let sines = try #require(harness.albums["Sines"])
        let album = try await harness.ok("getAlbum", [("id", sines.album.id.rawValue)], "album")
        SubsonicSchema.check(album, SubsonicSchema.albumID3, "AlbumID3")
        #expect(album["artist"] == .string("Oscillator"))
        #expect(album["artistId"]?.text == harness.artistID("Sines"))
        #expect(album["year"] == .number("2001"))
        #expect(album["genre"] == .string("Electronic"))
        #expect(album["songCount"] == .number("2"))
        #expect(album["coverArt"]?.text == sines.album.id.rawValue)
        let songs = album["song"]?.list ?? []
        #expect(songs.map { $0["title"]?.text } == ["Low Tone", "High Tone"])
        for song in songs { SubsonicSchema.check(song, SubsonicSchema.child, "Child") }
        let low = songs[0]
        #expect(low["id"]?.text == sines.tracks[0].id)
        // A song's parent is the folder its file is in.
        let folder = String(
            harness.track("Low Tone").path.split(separator: "/").dropLast().joined(separator: "/"))
        #expect(low["parent"]?.text == MusicFolderTree.id(ofFolder: "/" + folder))
        #expect(low["albumId"]?.text == sines.album.id.rawValue)
        #expect(low["isDir"] == .bool(false))
        #expect(low["track"] == .number("1"))
        #expect(low["discNumber"] == .number("1"))
        #expect(low["suffix"] == .string("mp3"))
        #expect(low["contentType"] == .string("audio/mpeg"))
        #expect(low["type"] == .string("music"))
        #expect(low["duration"] == .number("2"))
        let size = try FileManager.default.attributesOfItem(atPath: sines.tracks[0].path)[.size] as? Int
        #expect(low["size"]?.int == size)
        // A path made of names, never where the file is.
        #expect(low["path"] == .string("Oscillator/Sines/01.mp3"))
        #expect(!JSONWriter.string(album).contains(harness.directory.path))
    }

    @Test func aSongByItsId() async throws {
        let human = harness.track("Human Behaviour")
        let song = try await harness.ok("getSong", [("id", human.id.uppercased())], "song")
        SubsonicSchema.check(song, SubsonicSchema.child, "Child")
        #expect(song["title"] == .string("Human Behaviour"))
        #expect(song["album"] == .string("Début"))
        #expect(song["artist"] == .string("Björk"))
        #expect(song["suffix"] == .string("flac"))
        #expect(try await harness.failure("getSong", [("id", TrackID(path: "/nowhere.mp3").rawValue)]) == 70)
        #expect(try await harness.failure("getSong") == 10)
        #expect(try await harness.failure("getAlbum", [("id", "not-an-id")]) == 70)
        #expect(try await harness.failure("getArtist", [("id", "ar-0")]) == 70)
    }

    /// The folder tree is the music folder's own: its top folders by letter, each folder's subfolders
    /// and songs, and every `parent` resolves up to the root (id 1), which answers too.
    @Test func foldersAreTheMusicFoldersOwnAndEveryParentResolves() async throws {
        let indexes = try await harness.ok("getIndexes", "indexes")
        #expect(indexes["lastModified"]?.int == 1_700_000_000_000)
        #expect(indexes["ignoredArticles"]?.text?.isEmpty == false)
        let tops = (indexes["index"]?.list ?? []).flatMap { $0["artist"]?.list ?? [] }
        for top in tops { SubsonicSchema.check(top, SubsonicSchema.artist, "Artist") }
        #expect(tops.map { $0["name"]?.text } == ["Björk", "Oscillator"])
        #expect(tops.allSatisfy { $0["id"]?.text?.hasPrefix("fo-") == true })
        let root = try await harness.ok("getMusicDirectory", [("id", "1")], "directory")
        SubsonicSchema.check(root, SubsonicSchema.directory, "Directory")
        #expect((root["child"]?.list ?? []).map { $0["id"] } == tops.map { $0["id"] })
        let oscillator = try #require(tops.first { $0["name"] == .string("Oscillator") })
        let folder = try await harness.ok(
            "getMusicDirectory", [("id", oscillator["id"]?.text ?? "")], "directory")
        SubsonicSchema.check(folder, SubsonicSchema.directory, "Directory")
        #expect(folder["name"] == .string("Oscillator"))
        #expect(folder["parent"] == .string("1"))
        let albums = folder["child"]?.list ?? []
        #expect(albums.map { $0["title"]?.text } == ["Sines"])
        #expect(albums.map { $0["isDir"] } == [.bool(true)])
        #expect(albums.map { $0["coverArt"]?.text } == [harness.albums["Sines"]?.album.id.rawValue])
        for album in albums { SubsonicSchema.check(album, SubsonicSchema.child, "Child") }
        let songs = try await harness.ok(
            "getMusicDirectory", [("id", albums[0]["id"]?.text ?? "")], "directory")
        #expect(songs["parent"]?.text == oscillator["id"]?.text)
        let children = songs["child"]?.list ?? []
        #expect(children.map { $0["title"]?.text } == ["Low Tone", "High Tone"])
        #expect(children.allSatisfy { $0["parent"] == songs["id"] })
        // An artist's id (as the tag views give it) still names a folder of their albums.
        let artist = try await harness.ok(
            "getMusicDirectory", [("id", harness.artistID("Sines"))], "directory")
        #expect((artist["child"]?.list ?? []).map { $0["title"]?.text } == ["Sines"])
        #expect(try await harness.failure("getMusicDirectory", [("id", "nothing")]) == 70)
        #expect(try await harness.failure("getMusicDirectory", [("id", "fo-0")]) == 70)
    }

    /// A music folder's own folders are starred and rated as songs, albums and artists are: the folder's
    /// directory and its parent's children say so, `getStarred` lists it among the albums as a directory,
    /// and `getStarred2` (by tags) does not.
    @Test func aFolderIsStarredAndRated() async throws {
        let tops = (try await harness.ok("getIndexes", "indexes")["index"]?.list ?? []).flatMap {
            $0["artist"]?.list ?? []
        }
        let folder = try #require(tops.first { $0["name"] == .string("Oscillator") }?["id"]?.text)
        #expect(try await harness.json("star", [("id", folder)])["status"] == .string("ok"))
        #expect(
            try await harness.json("setRating", [("id", folder), ("rating", "4")])["status"] == .string("ok"))
        let directory = try await harness.ok("getMusicDirectory", [("id", folder)], "directory")
        SubsonicSchema.check(directory, SubsonicSchema.directory, "Directory")
        #expect(directory["starred"]?.text?.isEmpty == false)
        #expect(directory["userRating"]?.int == 4)
        let root = try await harness.ok("getMusicDirectory", [("id", "1")], "directory")
        let listed = try #require((root["child"]?.list ?? []).first { $0["id"]?.text == folder })
        #expect(listed["starred"]?.text?.isEmpty == false && listed["userRating"]?.int == 4)
        let other = (root["child"]?.list ?? []).first { $0["id"]?.text != folder }
        #expect(other?["starred"] == nil, "only the folder starred")
        let starred = try await harness.ok("getStarred", "starred")
        let albums = starred["album"]?.list ?? []
        #expect(albums.map { $0["id"]?.text } == [folder])
        #expect(albums.first?["isDir"] == .bool(true) && albums.first?["title"] == .string("Oscillator"))
        for album in albums { SubsonicSchema.check(album, SubsonicSchema.child, "Child") }
        #expect(try await harness.ok("getStarred2", "starred2")["album"]?.list.isEmpty != false)
        #expect(try await harness.json("unstar", [("id", folder)])["status"] == .string("ok"))
        #expect(try await harness.ok("getStarred", "starred")["album"]?.list.isEmpty != false)
        #expect(try await harness.failure("star", [("id", "fo-0")]) == 70)
        #expect(try await harness.failure("setRating", [("id", "fo-0"), ("rating", "3")]) == 70)
    }

    /// The tree is kept between calls, and made again after any change: a file added and scanned is in
    /// the next answer, with nothing else to do.
    @Test func theFolderTreeFollowsTheLibrary() async throws {
        let root = try await harness.ok("getMusicDirectory", [("id", "1")], "directory")
        #expect((root["child"]?.list ?? []).map { $0["title"]?.text } == ["Björk", "Oscillator"])
        try await AudioFixtures.write(
            .mp3, to: harness.directory.file("music/Zither/Plucked/01.mp3"),
            tags: FixtureTags(title: "Pluck", artist: "Zither", album: "Plucked", track: "1"))
        _ = try await FolderImporter(library: harness.library, scanner: MusicScanner()).importFolder(
            harness.directory.file("music"))
        let after = try await harness.ok("getMusicDirectory", [("id", "1")], "directory")
        #expect((after["child"]?.list ?? []).map { $0["title"]?.text } == ["Björk", "Oscillator", "Zither"])
    }

    @Test func aKeptTreeIsMadeOnceAndAgainAfterADropButNotKeptWhenTheLibraryChangedMeanwhile() {
        let cache = FolderTreeCache()
        let made = Shared(0)
        let make = {
            made.withLock { $0 += 1 }
            return MusicFolderTree(tracks: [], roots: [])
        }
        _ = cache.tree(make)
        _ = cache.tree(make)
        #expect(made.value == 1)
        cache.drop()
        _ = cache.tree(make)
        #expect(made.value == 2)
        // A change announced while a tree is being made: that tree is used once, not kept.
        cache.drop()
        _ = cache.tree {
            cache.drop()
            return make()
        }
        _ = cache.tree(make)
        #expect(made.value == 4)
    }

    @Test func genresCountTheirAlbumsAndSongs() async throws {
        let genres = try await harness.ok("getGenres", "genres")["genre"]?.list ?? []
        for genre in genres { SubsonicSchema.check(genre, SubsonicSchema.genre, "Genre") }
        #expect(genres.map { $0["value"]?.text } == ["Electronic", "Pop"])
        #expect(genres.map { $0["songCount"] } == [.number("2"), .number("1")])
        #expect(genres.map { $0["albumCount"] } == [.number("1"), .number("1")])
        let xml = String(decoding: await harness.call("getGenres", format: nil).bytes, as: UTF8.self)
        #expect(xml.contains(#"<genre songCount="2" albumCount="1">Electronic</genre>"#))
        // A genre text that names two is two genres: each counts the album, and lists it and its songs.
        let debut = try #require(harness.albums["Début"]).album.id
        _ = try await harness.library.update(.id(debut), with: AlbumPatch(genre: "Pop; electronic"))
        let split = try await harness.ok("getGenres", "genres")["genre"]?.list ?? []
        #expect(split.map { $0["value"]?.text } == ["Electronic", "Pop"])
        #expect(split.map { $0["albumCount"] } == [.number("2"), .number("1")])
        #expect(split.map { $0["songCount"] } == [.number("3"), .number("1")])
        let electronic = try await harness.ok(
            "getAlbumList2", [("type", "byGenre"), ("genre", "Electronic")], "albumList2")
        #expect(Set(electronic["album"]?.list.compactMap { $0["name"]?.text } ?? []) == ["Début", "Sines"])
        let songs = try await harness.ok("getSongsByGenre", [("genre", "electronic")], "songsByGenre")
        #expect(songs["song"]?.list.count == 3)
    }

    @Test func theSystemCalls() async throws {
        let folders = try await harness.ok("getMusicFolders", "musicFolders")
        #expect(
            folders["musicFolder"] == .array([.object([("id", .number("1")), ("name", .string("Music"))])]))
        #expect(try await harness.ok("getLicense", "license")["valid"] == .bool(true))
        #expect(try await harness.ok("getScanStatus", "scanStatus")["scanning"] == .bool(false))
        let joe = try await harness.ok("getUser", [("username", "joe")], "user")
        SubsonicSchema.check(joe, SubsonicSchema.user, "User")
        #expect(joe["adminRole"] == .bool(true))
        #expect(joe["streamRole"] == .bool(true))
        #expect(joe["folder"] == .array([.number("1")]))
        // The administrator sees anyone; another user only themselves.
        #expect(try await harness.ok("getUser", [("username", "ann")], "user")["adminRole"] == .bool(false))
        #expect(
            try await harness.ok("getUser", [("username", "ANN")], login: .ann, "user")["username"]
                == .string("ann"))
        #expect(try await harness.failure("getUser", [("username", "joe")], login: .ann) == 50)
        #expect(try await harness.failure("getUser", [("username", "nobody")]) == 70)
    }

    @Test(arguments: [
        ("getPodcasts", "podcasts")
    ])
    func whatTheServerHasNothingOfIsAnEmptyAnswer(endpoint: String, element: String) async throws {
        #expect(try await harness.ok(endpoint, [("id", "x"), ("artist", "y")], element) == .object([]))
    }

    @Test func idsStayTheSameAcrossARescanAndARestart() async throws {
        let before = try await harness.ok(
            "getAlbum", [("id", harness.albums["Sines"]!.album.id.rawValue)], "album")
        _ = try await FolderImporter(library: harness.library, scanner: MusicScanner()).importFolder(
            harness.directory.file("music"))
        await harness.library.close()
        // Another process on the same file: a new facade, a new server.
        let reopened = LibraryAPI(path: harness.directory.file("library.db"))
        let api = SubsonicAPI(
            library: reopened,
            accounts: UserAccounts(
                library: reopened, vault: PasswordVault(keyPath: harness.directory.file("library.db.key"))))
        let response = await api.respond(
            to: WebRequest(
                method: "GET", path: "/rest/getArtists",
                queryItems: SubsonicHarness.Login.joe.parameters + [("f", "json")]))
        let index =
            try JSONParser.parse(response.bytes)["subsonic-response"]?["artists"]?["index"]?.list ?? []
        let ids = index.flatMap { $0["artist"]?.list ?? [] }.compactMap { $0["id"]?.text }
        #expect(ids.contains(harness.artistID("Sines")))
        let again = await api.respond(
            to: WebRequest(
                method: "GET", path: "/rest/getAlbum",
                queryItems: SubsonicHarness.Login.joe.parameters + [
                    ("f", "json"), ("id", harness.albums["Sines"]!.album.id.rawValue),
                ]))
        let album = try JSONParser.parse(again.bytes)["subsonic-response"]?["album"]
        #expect(album?["id"] == before["id"])
        #expect(album?["song"]?.list.map { $0["id"] } == before["song"]?.list.map { $0["id"] })
        await reopened.close()
    }
}
