import Foundation
import TestSupport
import Testing

/// `bluelibrary import DIR` run again on the same folder: what changed is read, what is gone leaves,
/// what is unchanged is not opened, and what a person edited by hand stays.
struct CLIFolderRescanTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
    }

    private func summary(
        added: Int = 0, updated: Int = 0, removed: Int = 0, tracks: Int, read: Int, unchanged: Int
    )
        -> String
    {
        let albums = { (count: Int) in "\(count) album\(count == 1 ? "" : "s")" }
        return "Scanned \(music.root): \(albums(added)) added, \(updated) updated, \(removed) removed; "
            + "\(tracks) track\(tracks == 1 ? "" : "s") (\(read) read, \(unchanged) unchanged).\n"
    }

    @Test func anUnchangedRescanOpensNoFile() async throws {
        try await music.add("A/1.mp3", track("One", by: "Band", on: "A", number: 1))
        try await music.add("A/2.mp3", track("Two", by: "Band", on: "A", number: 2))
        try await music.add("B/1.flac", track("Uno", by: "Band", on: "B", number: 1))
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(added: 2, tracks: 3, read: 3, unchanged: 0))
        let before = try await home.fingerprint()

        // Garbage of the same size and the same modification time: only a scan that opened the file
        // again would notice.
        let file = music.path("A/2.mp3")
        let reference = music.directory.file("reference")
        let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        try #require(try await BinaryRunner.shell("cp -p '\(file)' '\(reference)'").status == 0)
        try Data(repeating: 0x55, count: size).write(to: URL(fileURLWithPath: file))
        try #require(try await BinaryRunner.shell("touch -r '\(reference)' '\(file)'").status == 0)

        #expect(
            try await home.ok("import", music.directory.path) == summary(tracks: 3, read: 0, unchanged: 3))
        #expect(try await home.fingerprint() == before)
        #expect(try await home.album(0).tracks.map(\.title) == ["One", "Two"])
    }

    @Test func changedRemovedAndAddedFilesAreReadAgainDroppedAndAdded() async throws {
        try await music.add("Evolving/01.mp3", track("One", by: "Band", on: "Evolving", number: 1))
        try await music.add("Evolving/02.mp3", track("Two", by: "Band", on: "Evolving", number: 2))
        try await music.add("Evolving/03.mp3", track("Three", by: "Band", on: "Evolving", number: 3))
        try await music.add("Steady/01.mp3", track("Still", by: "Band", on: "Steady", number: 1))
        _ = try await home.ok("import", music.directory.path)
        let evolving = try await home.index(of: "Evolving", by: "Band")
        let firstIDs = try await home.album(evolving).tracks.map(\.id)
        let steady = try await home.album(try await home.index(of: "Steady", by: "Band"))

        try await music.add("Evolving/01.mp3", track("One (remix)", by: "Band", on: "Evolving", number: 1))
        try music.remove("Evolving/03.mp3")
        try await music.add("Evolving/04.flac", track("Four", by: "Band", on: "Evolving", number: 4))
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(updated: 1, tracks: 4, read: 2, unchanged: 2))

        let after = try await home.album(try await home.index(of: "Evolving", by: "Band"))
        #expect(after.tracks.map(\.title) == ["One (remix)", "Two", "Four"])
        #expect(
            after.tracks.map(\.path) == ["01.mp3", "02.mp3", "04.flac"].map { music.path("Evolving/\($0)") })
        #expect(Array(after.tracks.map(\.id).prefix(2)) == Array(firstIDs.prefix(2)), "a track keeps its id")
        #expect(try await home.album(try await home.index(of: "Steady", by: "Band")) == steady)
    }

    @Test func anAlbumWhoseFilesAreAllGoneIsRemoved() async throws {
        _ = try await home.ok("add", "--title", "Typed", "--artist", "Person")
        try await music.add("Gone/1.mp3", track("G1", by: "Band", on: "Gone", number: 1))
        try await music.add("Gone/CD2/1.mp3", track("G2", by: "Band", on: "Gone", number: 1, disc: 2))
        try await music.add("Kept/1.mp3", track("K", by: "Band", on: "Kept", number: 1))
        _ = try await home.ok("import", music.directory.path)
        #expect(try await home.albumLines().count == 3)

        try music.remove("Gone")
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(removed: 1, tracks: 1, read: 0, unchanged: 1))
        #expect(try await home.albumLines() == ["Person - Typed (0 tracks)", "Band - Kept (1 tracks)"])

        try music.remove("Kept/1.mp3")
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(removed: 1, tracks: 0, read: 0, unchanged: 0))
        #expect(try await home.albumLines() == ["Person - Typed (0 tracks)"])
    }

    @Test func fieldsEditedByHandSurviveRescansAndTheRestFollowTheTags() async throws {
        try await music.add(
            "Album/1.mp3",
            track("Song", by: "Band", on: "Tagged Title", number: 1, date: "2001", genre: "Rock"))
        _ = try await home.ok("import", music.directory.path)
        _ = try await home.ok("edit", "0", "--title", "My Title")
        _ = try await home.ok("modify", "artist:band", "genre=Blues", "-y")

        // The tags change every field; the title and genre were edited by hand, the rest were not.
        try await music.add(
            "Album/1.mp3",
            track("Song (live)", by: "The Band", on: "Retagged", number: 1, date: "2005", genre: "Pop"))
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(updated: 1, tracks: 1, read: 1, unchanged: 0))
        var album = try await home.album(0)
        #expect(album.title == "My Title" && album.genre == "Blues")
        #expect(album.artist == "The Band" && album.year == 2005)
        #expect(album.tracks.map(\.title) == ["Song (live)"])

        _ = try await home.ok("import", music.directory.path)
        album = try await home.album(0)
        #expect(album.title == "My Title" && album.genre == "Blues" && album.year == 2005)
        #expect(try await home.albumLines() == ["The Band - My Title (1 tracks)"])
    }

    @Test func folderArtAddedOrRemovedLaterChangesTheCoverOnARescan() async throws {
        try await music.add("Art/1.mp3", track("One", by: "Band", on: "Art", number: 1), picture: true)
        _ = try await home.ok("import", music.directory.path)
        #expect(try await home.album(0).coverURL == "file://" + music.path("Art/1.mp3"))

        try await AudioFixtures.writeImage("blue", to: music.path("Art/folder.jpg"))
        #expect(
            try await home.ok("import", music.directory.path)
                == summary(updated: 1, tracks: 1, read: 0, unchanged: 1))
        #expect(try await home.album(0).coverURL == "file://" + music.path("Art/folder.jpg"))

        try music.remove("Art/folder.jpg")
        _ = try await home.ok("import", music.directory.path)
        #expect(try await home.album(0).coverURL == "file://" + music.path("Art/1.mp3"))
    }
}
