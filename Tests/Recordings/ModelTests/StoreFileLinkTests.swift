import Foundation
import RecordingsModel
import TestSupport
import Testing

/// The store file (and the restoration state, written the same way) is replaced by rename: a link
/// planted at its path is replaced, its destination left alone (run as root in CI).
struct StoreFileLinkTests {
    @Test func aLinkAtTheStoreFileIsReplacedNotWrittenThrough() async throws {
        let directory = TemporaryDirectory("store-link")
        let sentinel = Sentinel(in: directory)
        let link = try sentinel.link(at: directory.file("store.json"))
        // The write flushes the file and its folder to disk (fsync): a test thread waits for that.
        try await TestThreads.run { try StoreFile.write(Data("{}".utf8), to: link) }
        #expect(sentinel.isUntouched)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(directory.read(link) == Array("{}".utf8))
    }
}
