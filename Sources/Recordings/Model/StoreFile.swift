import Foundation
import SystemFiles

/// Recordings' files, replaced atomically through ``SystemFiles/AtomicFile`` (readers only ever see the
/// old or the new content, and the rename survives a power cut), their failures as ``StoreError``.
package enum StoreFile {
    /// Writes `data` to `path` atomically.
    /// - Parameter beforeRename: runs after the temporary file is complete and flushed, just before the
    ///   rename (tests throw from it to stand for a crash at the worst moment).
    package static func write(_ data: Data, to path: String, beforeRename: () throws -> Void = {})
        throws(StoreError)
    {
        let file: AtomicFile
        do {
            file = try AtomicFile(replacing: path)
        } catch {
            throw StoreError(.io, error.description)
        }
        if let code = data.withUnsafeBytes({ FileDescriptor.writeAll(file.descriptor, $0) }) {
            throw StoreError(.io, file.failure(code).description)
        }
        do {
            try file.commit(beforeRename: beforeRename)
        } catch let failure as AtomicFile.Failure {
            throw StoreError(.io, failure.description)
        } catch {
            throw StoreError(.io, "writing \(path) was interrupted: \(error)")
        }
    }
}
