import Foundation

/// A file that must stay as it is: tests plant symbolic links to it where a writer writes, run the
/// writer, and check that neither its content nor its modification time changed.
package struct Sentinel: Sendable {
    /// Where it is.
    package let path: String
    private let content = Array("SENTINEL".utf8)
    private let modified = Date(timeIntervalSince1970: 1_000_000_000)

    /// Creates the sentinel in `directory`.
    package init(in directory: TemporaryDirectory, name: String = "sentinel") {
        path = directory.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(content))
        try? FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }

    /// Plants a symbolic link to the sentinel at `link` (its folder made when missing) and returns it.
    @discardableResult
    package func link(at link: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        return link
    }

    /// Whether the sentinel still has its content and its modification time.
    package var isUntouched: Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return FileManager.default.contents(atPath: path).map(Array.init) == content
            && attributes?[.modificationDate] as? Date == modified
    }
}
