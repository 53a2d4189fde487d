extension String {
    /// The text a C function wrote into `buffer` (a reason, an address): the bytes before the first NUL, or
    /// the whole buffer when it has none, read as UTF-8 (an invalid sequence becomes U+FFFD).
    package init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
