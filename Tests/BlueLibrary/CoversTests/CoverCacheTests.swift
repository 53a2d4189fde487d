import BlueLibraryCovers
import Foundation
import TestSupport
import Testing

struct CoverCacheTests {
    let directory = TemporaryDirectory("covers")

    @Test func storesAndReturnsBytes() async throws {
        let cache = CoverCache(directory: directory.file("covers"))
        #expect(await cache.bytes(for: "http://a/x.png") == nil)
        try await cache.store([1, 2, 3], for: "http://a/x.png")
        #expect(await cache.bytes(for: "http://a/x.png") == [1, 2, 3])
    }

    @Test func twoCoversWithTheSameFileNameDoNotCollide() async throws {
        let cache = CoverCache(directory: directory.file("covers"))
        try await cache.store([1], for: "http://one.example/albums/a/cover.jpg")
        try await cache.store([2], for: "http://two.example/albums/b/cover.jpg")
        #expect(await cache.bytes(for: "http://one.example/albums/a/cover.jpg") == [1])
        #expect(await cache.bytes(for: "http://two.example/albums/b/cover.jpg") == [2])
    }

    @Test(arguments: ["truncated", "corrupted", "garbage"])
    func aDamagedFileIsAMissNotACrash(damage: String) async throws {
        let cache = CoverCache(directory: directory.file("covers"))
        let url = "http://a/cover.png"
        try await cache.store(Array(repeating: 7, count: 1000), for: url)
        let path = try cache.path(for: url)
        var bytes = try #require(directory.read(path))
        switch damage {
        case "truncated": bytes.removeLast(10)
        case "corrupted": bytes[bytes.count - 5] ^= 0xFF
        default: bytes = Array("hello".utf8)
        }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(await cache.bytes(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theLeastRecentlyUsedCoversAreEvictedBeyondTheCap() async throws {
        let cache = CoverCache(directory: directory.file("covers"), capacity: 2 * (1000 + 48))
        try await cache.store([UInt8](repeating: 1, count: 1000), for: "http://a/1")
        try await cache.store([UInt8](repeating: 2, count: 1000), for: "http://a/2")
        // Make 1 the most recently used, then push a third cover in: 2 must go.
        let earlier = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes(
            [.modificationDate: earlier], ofItemAtPath: try cache.path(for: "http://a/2"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -120)],
            ofItemAtPath: try cache.path(for: "http://a/1")
        )
        #expect(await cache.bytes(for: "http://a/1") != nil)
        try await cache.store([UInt8](repeating: 3, count: 1000), for: "http://a/3")
        #expect(await cache.bytes(for: "http://a/2") == nil)
        #expect(await cache.bytes(for: "http://a/1") != nil)
        #expect(await cache.bytes(for: "http://a/3") != nil)
        #expect(await cache.usage().files == 2)
    }

    @Test func writesLeaveNoTemporaryFilesAndClearEmptiesTheCache() async throws {
        let cache = CoverCache(directory: directory.file("covers"))
        for index in 0..<5 { try await cache.store([UInt8(index)], for: "http://a/\(index)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(names.count == 5)
        #expect(names.allSatisfy { $0.count == 64 })
        #expect(await cache.clear().files == 5)
        #expect(await cache.usage().files == 0)
    }

    @Test func defaultDirectoryFollowsTheEnvironment() async {
        #expect(CoverCache.defaultDirectory(environment: ["BLUELIBRARY_HOME": "/h"]) == "/h/covers")
        #expect(
            CoverCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/u"])
                == "/c/bluelibrary/covers")
        #expect(CoverCache.defaultDirectory(environment: ["HOME": "/u"]) == "/u/.cache/bluelibrary/covers")
    }
}
