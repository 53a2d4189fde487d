import BlueLibraryCore
import SystemFiles

/// `export -o FILE`: the export streamed into a file replaced atomically (``SystemFiles/AtomicFile``:
/// keeping the file's mode, never half written), once the target passed the check of every file a
/// command writes (``LibraryLocation/checkOutput(_:_:library:environment:)``).
enum ExportFile {
    /// Runs `body` with the temporary file's output, then puts the file in place (on the caller's
    /// executor, so `body` may be any closure of the caller's).
    nonisolated(nonsending)
        static func write(_ path: String, _ body: (Output) async throws -> Void) async throws
    {
        let file: AtomicFile
        do {
            file = try AtomicFile(replacing: path)
        } catch {
            throw LibraryError(.io, error.description)
        }
        let output = Output(descriptor: file.descriptor)
        try await body(output)
        output.flush()
        if let code = output.failure { throw LibraryError(.io, file.failure(code).description) }
        do {
            try file.commit()
        } catch {
            throw LibraryError(.io, "\(error)")
        }
    }
}
