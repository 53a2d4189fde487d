#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables, read straight from `environ` at start-up.
///
/// Foundation's `ProcessInfo.processInfo.environment` builds the same dictionary by searching each
/// entry as a `String` of `Character`s: about 0.4 million instructions, paid by every command before it
/// does anything (and twice by those that use the shared library).
package enum ProcessEnvironment {
    /// The variables now. A name set twice keeps its first value, as `getenv` reads it; bytes that are
    /// not UTF-8 become U+FFFD, as Foundation makes them.
    package static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let text = entry.pointee {
            let length = strlen(text)
            text.withMemoryRebound(to: UInt8.self, capacity: length) { start in
                let bytes = UnsafeBufferPointer(start: start, count: length)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                guard variables[name] == nil else { return }
                let value = UnsafeBufferPointer(rebasing: bytes[(equals + 1)...])
                variables[name] = String(decoding: value, as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}
