import BlueLibraryCore
import BlueLibraryStore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibraryServices

/// The listing fast path reads what a listing needs before its first row — the library's size and,
/// when asked, the current album — in the same read as the rows (one hand-over).
struct ListingTests {
    let library = LibraryAPI(store: TestLibrary.store())

    /// What one listing saw: the start's arguments and each row's title and index.
    private func listing(_ query: Query, withCurrent: Bool) async throws -> (
        start: [String], rows: [String]
    ) {
        let seen = Mutex<(start: [String], rows: [String])>(([], []))
        try await library.forEachRecord(matching: query, withCurrent: withCurrent) { count, current in
            seen.withLock { $0.start.append("\(count) \(current.map(String.init) ?? "none")") }
            return { album, index in
                var title: [UInt8] = []
                album.appendText(of: .title, to: &title)
                seen.withLock { $0.rows.append("\(index) \(String(decoding: title, as: UTF8.self))") }
            }
        }
        return seen.withLock { $0 }
    }

    @Test func startGetsTheLibrarysSizeAndCurrentAlbumOnceBeforeTheMatchingRows() async throws {
        _ = try await library.select(.index(3))
        let seen = try await listing(try Query(terms: ["sun"]), withCurrent: true)
        #expect(seen.start == ["5 3"])
        #expect(seen.rows == ["2 Nothing Like The Sun", "3 Staring at the Sun"])
    }

    /// A listing reads only the columns it was asked for: a field it did not ask for is empty.
    @Test func aListingReadsOnlyTheFieldsItNames() async throws {
        let seen = Mutex<[String]>([])
        let reading = AlbumFieldsRead(fields: [.title], trackSummary: false)
        try await library.forEachRecord(matching: try Query(terms: ["sun"]), reading: reading) { _, _ in
            { album, index in
                var text: [UInt8] = []
                album.appendText(of: .title, to: &text)
                text.append(contentsOf: "|".utf8)
                album.appendText(of: .artist, to: &text)
                seen.withLock { $0.append("\(index) \(String(decoding: text, as: UTF8.self))") }
            }
        }
        #expect(seen.withLock { $0 } == ["2 Nothing Like The Sun|", "3 Staring at the Sun|"])
    }

    @Test func withoutCurrentTheCurrentAlbumIsNotLookedUp() async throws {
        let seen = try await listing(.all, withCurrent: false)
        #expect(seen.start == ["5 none"])
        #expect(seen.rows.count == 5)
    }

    @Test func anEmptyLibraryStartsWithNothing() async throws {
        for _ in 0..<5 { _ = try await library.delete(.index(0)) }
        let seen = try await listing(.all, withCurrent: true)
        #expect(seen.start == ["0 none"])
        #expect(seen.rows.isEmpty)
    }

    /// A listing that is the caller's last use closes the library as it ends: the database file alone
    /// holds the library afterwards, as after ``LibraryAPI/close()``.
    @Test func aClosingListingLeavesTheFileAlone() async throws {
        let directory = TemporaryDirectory("listing")
        let path = directory.file("library.db")
        let onDisk = LibraryAPI(path: path)
        _ = try await onDisk.count()
        await onDisk.close()
        let rows = Mutex(0)
        try await onDisk.forEachRecord(thenClose: true) { _, _ in { _, _ in rows.withLock { $0 += 1 } } }
        #expect(rows.withLock { $0 } == 5)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try await onDisk.count() == 5)
        await onDisk.close()
    }
}
