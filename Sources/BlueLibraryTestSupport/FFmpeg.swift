import Foundation

/// Runs Debian's ffmpeg without blocking a cooperative thread: the scanner's and the command line's
/// tests make their audio files with it at test time (no audio is committed).
package enum FFmpeg {
    /// Runs `ffmpeg -nostdin -y -v error ARGUMENTS`.
    /// - Throws: ``FixtureError`` with ffmpeg's message when it fails.
    package static func run(_ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-y", "-v", "error"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw FixtureError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}

/// A test fixture that could not be made.
package struct FixtureError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String

    /// An error saying `description`.
    package init(description: String) {
        self.description = description
    }
}
