/// A buffer a C function writes a one-line reason into (the loader's, libsndfile's, FFmpeg's), and the
/// line read back — as BlueLibraryCore's `String(nulTerminated:)`, which this shared module cannot import.
struct ReasonBuffer {
    /// The bytes, NUL-terminated by the C side.
    var bytes: [CChar]

    /// An empty buffer of `size` bytes.
    init(size: Int = 512) {
        bytes = [CChar](repeating: 0, count: size)
    }

    /// The text before the first NUL, as UTF-8 (an invalid sequence becomes U+FFFD).
    var text: String {
        String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
