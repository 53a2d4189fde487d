import AudioKit

#if canImport(Glibc)
    import Glibc
#endif

/// A WAV (RIFF) file as the player needs it: its format and where its samples lie, read from the
/// header alone — a one-hour recording is never loaded whole. Besides the app's own mono 16-bit
/// 44.1 kHz files it takes other programs' PCM: 8-, 16-, 24- and 32-bit integers or 32- and 64-bit
/// floats, 1 to 8 channels, 8 to 384 kHz (the player hands the device the file's own rate and
/// channels, so it plays at the right speed); anything else is refused with one line saying why.
package struct WAVFile: Sendable, Equatable {
    /// How samples are stored.
    package enum Encoding: Sendable, Equatable {
        /// Signed integers (unsigned for 8 bits), little-endian.
        case integer
        /// IEEE floats, little-endian.
        case float
    }

    /// Frames per second.
    package var sampleRate: Int
    /// Channels.
    package var channels: Int
    /// Bits per sample.
    package var bitsPerSample: Int
    /// Integer or float samples.
    package var encoding: Encoding
    /// Where the first sample is, from the start of the file.
    package var dataOffset: Int
    /// How many frames (one sample per channel) the file holds.
    package var frameCount: Int

    /// Bytes per frame.
    package var bytesPerFrame: Int { channels * bitsPerSample / 8 }

    /// The length in seconds.
    package var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Reads and checks the header of the file at `path`.
    /// - Throws: `missingFile` when it does not exist, `file` when it is not a WAV this app plays.
    package static func open(_ path: String) throws(AudioError) -> WAVFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AudioError(.missingFile, "the audio file \(path) is missing")
        }
        defer { close(descriptor) }
        return try read(descriptor, path: path)
    }

    /// Only the length of the file at `path`, from its header.
    package static func duration(of path: String) throws(AudioError) -> Double {
        try open(path).duration
    }

    /// The header of the file open on `descriptor`, walked chunk by chunk with `pread`.
    static func read(_ descriptor: Int32, path: String) throws(AudioError) -> WAVFile {
        func bad(_ what: String) -> AudioError {
            AudioError(.file, "\(path) is not a WAV file this app plays: \(what)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw bad("it cannot be read") }
        let size = Int(status.st_size)
        let riff = bytes(descriptor, at: 0, count: 12)
        guard riff.count == 12, riff[0..<4].elementsEqual("RIFF".utf8),
            riff[8..<12].elementsEqual("WAVE".utf8)
        else { throw bad("no RIFF/WAVE header") }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= size {
            let header = bytes(descriptor, at: offset, count: 8)
            guard header.count == 8 else { break }
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let length = Int(le32(header, 4))
            let body = offset + 8
            if id == "fmt " {
                let fields = bytes(descriptor, at: body, count: min(length, 40))
                guard fields.count >= 16 else { throw bad("its format chunk is too short") }
                var tag = Int(le16(fields, 0))
                // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its subformat.
                if tag == 0xFFFE, fields.count >= 26 { tag = Int(le16(fields, 24)) }
                format = (tag, Int(le16(fields, 2)), Int(le32(fields, 4)), Int(le16(fields, 14)))
            } else if id == "data" {
                guard let format else { throw bad("the data comes before the format") }
                let file = try checked(format, bad: bad)
                // A file still being written, or cut short, says more than it holds: trust the file's size.
                let available = min(length, size - body)
                return WAVFile(
                    sampleRate: file.rate, channels: format.channels, bitsPerSample: format.bits,
                    encoding: file.encoding, dataOffset: body, frameCount: max(available, 0) / file.frameBytes
                )
            }
            offset = body + length + (length & 1)
        }
        throw bad("no data chunk")
    }

    private static func checked(
        _ format: (tag: Int, channels: Int, rate: Int, bits: Int), bad: (String) -> AudioError
    ) throws(AudioError) -> (encoding: Encoding, rate: Int, frameBytes: Int) {
        let encoding: Encoding
        switch (format.tag, format.bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .integer
        case (3, 32), (3, 64): encoding = .float
        case (1, _), (3, _): throw bad("\(format.bits)-bit samples are not supported")
        default: throw bad("its samples are compressed (format \(format.tag)), not PCM")
        }
        guard (1...8).contains(format.channels) else { throw bad("\(format.channels) channels") }
        guard (8_000...384_000).contains(format.rate) else { throw bad("a rate of \(format.rate) Hz") }
        return (encoding, format.rate, format.channels * format.bits / 8)
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    static func bytes(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(buffer.prefix(max(read, 0)))
    }

    static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }
}
