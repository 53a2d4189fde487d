#if canImport(Glibc)
    import Glibc
#endif

/// Writing to a file descriptor the way every writer here needs it: every byte, across short writes
/// and calls a signal interrupted.
package enum FileDescriptor {
    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: `nil` when every byte was written, else the `errno` of the write that failed (`EIO`
    ///   when the descriptor took nothing more).
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// Writes all of `bytes` to `descriptor`; see ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)``.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// The system's words for an `errno` ("No space left on device").
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
