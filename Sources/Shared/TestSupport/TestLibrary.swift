import BlueLibraryCore
import BlueLibrarySQLite
import BlueLibraryStore
import Foundation

/// Real libraries for tests: SQLite files in a scratch folder of this test process, removed when it exits.
/// The tests run on the same store as the app, never on a twin.
package enum TestLibrary {
    /// The scratch folder, made on first use.
    private static let folder: String = {
        let path = NSTemporaryDirectory() + "bluelibrary-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestLibrary.folderPath) }
        return path
    }()

    /// The scratch folder's path, for the exit handler (which cannot capture).
    private static var folderPath: String { NSTemporaryDirectory() + "bluelibrary-tests-\(getpid())" }

    /// A new library in a file of its own, holding the five seed albums once opened.
    package static func store(bucketCapacity: Int = 256) -> SQLiteLibraryStore {
        SQLiteLibraryStore(path: folder + "/\(UUID().uuidString).db", bucketCapacity: bucketCapacity)
    }

    /// A new library in a file of its own holding exactly `albums`, in order.
    package static func store(albums: [Album]) async throws -> SQLiteLibraryStore {
        let store = store()
        try await store.write { writer in
            _ = try writer.removeAll(Album.seeds.map(\.id))
            try writer.append(albums)
        }
        return store
    }
}
