import BlueLibraryCore
import BlueLibraryScanner
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// Incremental rescans: what is unchanged is not read again.
struct RescanTests {
    let library = ScriptedLibrary()

    private func addAlbum(_ name: String, tracks: Int) throws {
        for number in 1...tracks {
            try library.add(
                "\(name)/\(number).mp3", tags("\(name) \(number)", artist: "X", album: name, number: number))
        }
    }

    @Test func anUnchangedRescanReadsNothing() async throws {
        try addAlbum("A", tracks: 3)
        try addAlbum("B", tracks: 2)
        let first = try await library.scan()
        #expect(library.reads.tagReads == 5)
        #expect(first.counts == ScanCounts(seen: 5, read: 5, added: 5))
        #expect(first.albums.allSatisfy { $0.isChanged })
        library.reads.reset()

        let again = try await library.scan(previous: first.files)
        #expect(library.reads.tagReads == 0)
        #expect(again.counts == ScanCounts(seen: 5, unchanged: 5))
        #expect(again.files == first.files)
        #expect(again.albums.map(\.tracks) == first.albums.map(\.tracks))
        #expect(again.albums.map(\.key) == first.albums.map(\.key))
        #expect(again.albums.allSatisfy { !$0.isChanged })
    }

    @Test func changedRemovedAndAddedFilesAreHandled() async throws {
        try addAlbum("A", tracks: 3)
        try addAlbum("B", tracks: 2)
        try addAlbum("C", tracks: 1)
        let first = try await library.scan()
        library.reads.reset()

        // A/1 is re-tagged (and grows), A/2 is touched with the same size, B/2 goes, D/1 arrives.
        try library.add(
            "A/1.mp3", tags("Renamed", artist: "X", album: "A", number: 1), content: "longer audio")
        let touched = library.path("A/2.mp3")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: touched)
        try FileManager.default.removeItem(atPath: library.path("B/2.mp3"))
        try addAlbum("D", tracks: 1)

        let again = try await library.scan(previous: first.files)
        #expect(library.reads.pathsRead == [library.path("A/1.mp3"), touched, library.path("D/1.mp3")])
        #expect(again.counts == ScanCounts(seen: 6, read: 3, added: 1, changed: 2, unchanged: 3, removed: 1))
        #expect(again.removed.map(\.path) == [library.path("B/2.mp3")])
        #expect(again.album("A")?.tracks.first?.title == "Renamed")
        #expect(again.album("B")?.tracks.count == 1)
        #expect(again.files.count == 6)
        let changed = Dictionary(uniqueKeysWithValues: again.albums.map { ($0.title, $0.isChanged) })
        #expect(changed == ["A": true, "B": true, "C": false, "D": true])
    }

    @Test func anAlbumWhoseFilesAreAllGoneDisappears() async throws {
        try addAlbum("A", tracks: 2)
        try addAlbum("B", tracks: 1)
        let first = try await library.scan()
        try FileManager.default.removeItem(atPath: library.path("A"))
        let again = try await library.scan(previous: first.files)
        #expect(again.albums.map(\.title) == ["B"])
        #expect(again.removed.count == 2)
    }

    @Test func previousRecordsMatchInAnyOrderAndADuplicateIsNoRemoval() async throws {
        try addAlbum("A", tracks: 3)
        try addAlbum("B", tracks: 3)
        let first = try await library.scan()
        library.reads.reset()
        let shuffled = first.files.reversed() + [first.files[2]]
        let again = try await library.scan(previous: shuffled)
        #expect(library.reads.tagReads == 0)
        #expect(again.removed.isEmpty)
        #expect(again.files == first.files)
    }

    @Test func recordsOutsideTheFolderAreNeitherReadNorRemoved() async throws {
        try addAlbum("A", tracks: 1)
        let elsewhere = ScannedFile(
            path: "/elsewhere/x.mp3", size: 1, modified: 1, tags: TrackTags(title: "x"))
        let result = try await library.scan(previous: [elsewhere])
        #expect(result.removed.isEmpty)
        #expect(result.files.map(\.path) == [library.path("A/1.mp3")])
    }

    @Test func anUnchangedAlbumsEmbeddedPictureIsNotReadAgainButCanBeAskedFor() async throws {
        let picture = EmbeddedPicture(bytes: [0xFF, 0xD8, 0xFF, 0], taggedMIMEType: "image/jpeg")
        try library.add(
            "A/1.mp3", tags("One", artist: "X", album: "A", number: 1, picture: true), picture: picture)
        let first = try await library.scan()
        #expect(first.album("A")?.art == .embedded(trackPath: library.path("A/1.mp3"), picture: picture))
        library.reads.reset()

        let again = try await library.scan(previous: first.files)
        #expect(library.reads.tagReads == 0 && library.reads.pictureReads == 0)
        #expect(again.album("A")?.art == .embedded(trackPath: library.path("A/1.mp3"), picture: nil))
        #expect(try await library.scanner.picture(embeddedIn: library.path("A/1.mp3")) == picture)
    }

    @Test func progressCountsUpToTheTotal() async throws {
        try addAlbum("A", tracks: 4)
        let first = try await library.scan()
        try library.add("A/5.mp3", tags("Five", artist: "X", album: "A", number: 5))
        let reports = Mutex<[ScanProgress]>([])
        _ = try await library.scanner.scan(library.root, previous: first.files) { progress in
            reports.withLock { $0.append(progress) }
        }
        let seen = reports.withLock { $0 }
        #expect(seen == [ScanProgress(done: 4, total: 5), ScanProgress(done: 5, total: 5)])
    }

    @Test func cancellingStopsTheScan() async throws {
        try addAlbum("A", tracks: 40)
        let gate = Gate()
        let reads = CountingTagReader(GatedTagReader(library.reads, gate: gate))
        let scanner = MusicScanner(reader: reads, threads: 1)
        let root = library.root
        let task = Task {
            try await scanner.scan(root) { progress in
                // Cancel after the first file, then let the reader, held at the second, go on.
                if progress.done == 1 {
                    withUnsafeCurrentTask { $0?.cancel() }
                    gate.open()
                }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(reads.tagReads < 40)
    }
}

/// Lets the first read through and holds every later one until the gate opens, so a test can act
/// while a scan is under way, whatever the machine's load.
private struct GatedTagReader: TagReader {
    let reader: any TagReader
    let gate: Gate

    init(_ reader: any TagReader, gate: Gate) {
        self.reader = reader
        self.gate = gate
    }

    func tags(at path: String) throws -> TrackTags {
        if gate.countRead() > 1 { gate.wait() }
        return try reader.tags(at: path)
    }

    func picture(at path: String) throws -> EmbeddedPicture? { try reader.picture(at: path) }
}

/// A one-way gate for the reader's thread (never a cooperative-pool thread).
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let reads = Mutex(0)

    /// Counts a read; returns how many there have been.
    func countRead() -> Int {
        reads.withLock { count in
            count += 1
            return count
        }
    }

    func open() { semaphore.signal() }
    func wait() {
        semaphore.wait()
        semaphore.signal()
    }
}
