import AudioKit
import Foundation
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a mono 16-bit 44.1 kHz WAV (RIFF) file as samples arrive: a header with empty sizes first,
/// the samples, then the sizes filled in by ``finish()``. One owner at a time (the recording thread,
/// then whoever stops it).
package final class WAVWriter {
    private let descriptor: Int32
    /// The file's path.
    package let path: String
    /// How many frames were written.
    package private(set) var frames = 0

    /// Creates the file, which must be new (nothing is written through a link put at its path), and
    /// writes the header.
    package init(path: String) throws(AudioError) {
        self.path = path
        do {
            descriptor = try RegularFile.createNew(path, mode: 0o644)
        } catch {
            throw AudioError(.file, "cannot create \(path): \(error.reason)")
        }
        guard put(Self.header(frames: 0)) else {
            close(descriptor)
            throw AudioError(.file, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The 44-byte header for `frames` frames.
    package static func header(frames: Int) -> [UInt8] {
        let dataSize = UInt32(frames * AudioFormat.channels * AudioFormat.bitsPerSample / 8)
        let blockAlign = UInt16(AudioFormat.channels * AudioFormat.bitsPerSample / 8)
        var bytes: [UInt8] = Array("RIFF".utf8) + le32(36 + dataSize) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + le32(16) + le16(1) + le16(UInt16(AudioFormat.channels))
        bytes +=
            le32(UInt32(AudioFormat.sampleRate)) + le32(UInt32(AudioFormat.sampleRate) * UInt32(blockAlign))
        bytes += le16(blockAlign) + le16(UInt16(AudioFormat.bitsPerSample))
        bytes += Array("data".utf8) + le32(dataSize)
        return bytes
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }
    private static func le16(_ value: UInt16) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    /// Appends samples.
    package func append(_ samples: [Int16]) throws(AudioError) {
        let bytes = samples.withUnsafeBytes { Array($0) }
        guard put(bytes) else { throw AudioError(.file, "cannot write \(path): disk full or removed") }
        frames += samples.count
    }

    /// Appends `count` frames of silence.
    package func appendSilence(_ count: Int) throws(AudioError) {
        var left = count
        while left > 0 {
            let chunk = min(left, 4096)
            try append([Int16](repeating: 0, count: chunk))
            left -= chunk
        }
    }

    /// Fills in the sizes, flushes and closes the file.
    package func finish() throws(AudioError) {
        let header = Self.header(frames: frames)
        let patched =
            header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == header.count
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard patched, synced else { throw AudioError(.file, "cannot complete \(path)") }
    }

    /// Closes and deletes the file.
    package func discard() {
        close(descriptor)
        unlink(path)
    }

    private func put(_ bytes: [UInt8]) -> Bool {
        FileDescriptor.writeAll(descriptor, bytes) == nil
    }
}
