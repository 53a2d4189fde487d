import Foundation

/// A fresh directory under the system's temporary directory, removed when released. Tests use one
/// each so they never touch a real library or each other.
package final class TemporaryDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// Creates a new, empty directory.
    package init(_ label: String = "bluelibrary") {
        let name = "\(label)-\(UUID().uuidString.prefix(8))"
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    package func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Writes `text` to a file inside the directory and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) -> String {
        let target = file(name)
        _ = FileManager.default.createFile(atPath: target, contents: Data(text.utf8))
        return target
    }

    /// The bytes of a file, or `nil` when it does not exist.
    package func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: name.hasPrefix("/") ? name : file(name)).map(Array.init)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
