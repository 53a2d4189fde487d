import AudioKit

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a WAV file's samples a few thousand frames at a time, from wherever playback is, as 16-bit
/// integers (the format the sound device is opened with) whatever the file stores; the channels and
/// the rate stay the file's own.
package final class WAVReader: @unchecked Sendable {
    // @unchecked Sendable: the descriptor is only read with pread, which has no shared file position,
    // and is closed in deinit when no thread holds the reader any more.
    /// The file's format.
    package let file: WAVFile
    private let descriptor: Int32

    /// Opens the file at `path` and checks its header.
    /// - Throws: `missingFile` or `file`, as ``WAVFile/open(_:)``.
    package init(path: String) throws(AudioError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AudioError(.missingFile, "the audio file \(path) is missing") }
        do {
            file = try WAVFile.read(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Up to `count` frames from frame `start`, interleaved; fewer at the end of the file.
    package func samples(from start: Int, count: Int) -> [Int16] {
        let first = min(max(start, 0), file.frameCount)
        let frames = min(count, file.frameCount - first)
        let width = file.bitsPerSample / 8
        let raw = WAVFile.bytes(
            descriptor, at: file.dataOffset + first * file.bytesPerFrame, count: frames * file.bytesPerFrame)
        let samples = raw.count / width
        var result = [Int16](repeating: 0, count: samples)
        for index in 0..<samples { result[index] = sample(raw, at: index * width) }
        return result
    }

    /// The sample at byte `at` of `raw`, as a 16-bit integer.
    private func sample(_ raw: [UInt8], at: Int) -> Int16 {
        switch (file.encoding, file.bitsPerSample) {
        case (.integer, 8): return Int16(Int(raw[at]) - 128) << 8
        case (.integer, 16): return Int16(bitPattern: WAVFile.le16(raw, at))
        case (.integer, 24): return Int16(bitPattern: UInt16(raw[at + 1]) | UInt16(raw[at + 2]) << 8)
        case (.integer, _): return Int16(bitPattern: WAVFile.le16(raw, at + 2))
        case (.float, 32): return Self.clamped(Double(Float(bitPattern: WAVFile.le32(raw, at))))
        default:
            let bits = UInt64(WAVFile.le32(raw, at)) | UInt64(WAVFile.le32(raw, at + 4)) << 32
            return Self.clamped(Double(bitPattern: bits))
        }
    }

    private static func clamped(_ value: Double) -> Int16 {
        guard value.isFinite else { return 0 }
        return Int16((min(max(value, -1), 1) * 32767).rounded())
    }
}

extension WAVReader: AudioSource {
    package var format: SampleFormat { SampleFormat(rate: file.sampleRate, channels: file.channels) }
    package var frameCount: Int { file.frameCount }
    package func read(from start: Int, count: Int) throws(AudioError) -> [Int16] {
        samples(from: start, count: count)
    }
}
