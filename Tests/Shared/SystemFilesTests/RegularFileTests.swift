import Foundation
import SystemFiles
import TestSupport
import Testing

/// What is at a path cannot trick a reader: a FIFO or a device is refused without waiting, a link is
/// followed only where the caller allows one, and a file is read only up to its limit.
struct RegularFileTests {
    let directory = TemporaryDirectory("regular-file")

    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
        let fifo = directory.file("cover.jpg")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Without O_NONBLOCK the open would wait for a writer that never comes (the time limit fails it):
        // the reads run on a test thread, so such a wait would hold that thread, not a cooperative one.
        let (outcomes, local) = await TestThreads.run {
            let outcomes = [RegularFile.Links.follow, .notLast, .none].map {
                links -> Result<[UInt8], RegularFile.Failure> in
                do throws(RegularFile.Failure) {
                    return .success(try RegularFile.read(fifo, links: links))
                } catch {
                    return .failure(error)
                }
            }
            return (outcomes, LocalFile.read(fifo))
        }
        for outcome in outcomes {
            #expect(throws: RegularFile.Failure.notRegular("a FIFO")) { try outcome.get() }
        }
        #expect(local == nil)
    }

    @Test func devicesAndFoldersAreNotRegularFiles() {
        #expect(throws: RegularFile.Failure.notRegular("a character device")) {
            try RegularFile.read("/dev/zero")
        }
        #expect(throws: RegularFile.Failure.notRegular("a folder")) { try RegularFile.read(directory.path) }
        #expect(throws: RegularFile.Failure.missing) { try RegularFile.read(directory.file("nothing")) }
    }

    @Test func aFileIsReadOnlyUpToItsLimit() throws {
        let file = directory.write("big", String(repeating: "x", count: 1000))
        #expect(try RegularFile.read(file, maximumSize: 1000).count == 1000)
        #expect(throws: RegularFile.Failure.tooLarge(999)) { try RegularFile.read(file, maximumSize: 999) }
    }

    @Test func aLinkIsFollowedOnlyWhereTheCallerAllowsOne() throws {
        let folder = directory.file("music")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        directory.write("music/track.mp3", "real")
        directory.write("elsewhere.mp3", "secret")
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("music/link.mp3"), withDestinationPath: directory.file("elsewhere.mp3"))
        // A folder on the way replaced by a link to another folder.
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("album"), withDestinationPath: folder)

        #expect(try RegularFile.read(directory.file("music/link.mp3")) == Array("secret".utf8))
        #expect(throws: RegularFile.Failure.link) {
            try RegularFile.read(directory.file("music/link.mp3"), links: .notLast)
        }
        #expect(
            try RegularFile.read(directory.file("album/track.mp3"), links: .notLast) == Array("real".utf8))
        #expect(throws: RegularFile.Failure.link) {
            try RegularFile.read(directory.file("album/track.mp3"), links: .none)
        }
        #expect(throws: RegularFile.Failure.link) {
            try RegularFile.read(directory.file("music/../music/track.mp3"), links: .none)
        }
        #expect(try RegularFile.read(directory.file("music/track.mp3"), links: .none) == Array("real".utf8))
    }
}

/// No write follows a link it did not create (run as root in CI, where permissions stop nothing): a link
/// to a sentinel planted at each path a writer uses leaves the sentinel as it was.
struct NoWriteThroughALinkTests {
    let directory = TemporaryDirectory("no-follow")
    let sentinel: Sentinel

    init() {
        sentinel = Sentinel(in: directory)
    }

    @Test func aNewFileIsNeverCreatedThroughALink() throws {
        let link = try sentinel.link(at: directory.file("new.wav"))
        #expect(throws: LocalFile.Failure.self) { try RegularFile.createNew(link) }
        #expect(throws: LocalFile.Failure.self) { try LocalFile.write(Array("x".utf8), to: link) }
        #expect(sentinel.isUntouched)
    }

    @Test func anAtomicReplacementReplacesTheLinkNotItsDestination() throws {
        let link = try sentinel.link(at: directory.file("export.json"))
        let file = try AtomicFile(replacing: link)
        #expect(FileDescriptor.writeAll(file.descriptor, Array("new".utf8)) == nil)
        try file.commit()
        #expect(sentinel.isUntouched)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(directory.read(link) == Array("new".utf8))
    }

    @Test func touchingALinkLeavesItsDestinationsTimeAlone() throws {
        let link = try sentinel.link(at: directory.file("cached"))
        LocalFile.touch(link)
        #expect(sentinel.isUntouched)
    }
}
