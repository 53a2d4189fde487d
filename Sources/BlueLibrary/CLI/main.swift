import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

// The executable: argument parsing and wiring only; the behaviour lives in the library modules.

// A reader that goes away (`bluelibrary list | head`) is an EPIPE to handle, not a signal that kills.
signal(SIGPIPE, SIG_IGN)

/// The arguments as text, refusing any that is not valid UTF-8 (Swift would store U+FFFD instead).
func validatedArguments() -> [String]? {
    var arguments: [String] = []
    for position in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[position] else { continue }
        let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            StandardError.line("bluelibrary: argument \(position) is not valid UTF-8; nothing was changed")
            return nil
        }
        arguments.append(text)
    }
    return arguments
}

guard let arguments = validatedArguments() else { exit(65) }
let app = CommandLineApp(
    console: Console(out: Output(descriptor: 1), environment: ProcessEnvironment.current()))
let code = await app.run(arguments).code
// `_exit`, not `exit`: exit handlers and library destructors would run while other threads may still be
// ending (libcrypto's `OPENSSL_cleanup`, loaded with libcurl, raced a transfer thread's own clean-up and
// crashed with "double free" about once in 500 `covers fetch` runs). Everything the command wrote is
// flushed already (its output by `run`, C streams here), and every change was committed when made.
fflush(nil)
_exit(code)
