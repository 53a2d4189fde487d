import CDynamicLoader
import Dispatch
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one loader of the C targets (`bl_loader.h`), on libraries every machine here has (zlib) and names no
/// machine has.
struct DynamicLoaderTests {
    static let missing = "libbluelibrary-missing.so"
    static let notFound = ": cannot open shared object file: No such file or directory"

    @Test func aLibraryNotFoundIsOneLineToEachCaller() {
        let library = TestLibrary(
            files: [Self.missing, "libbluelibrary-missing-too.so"], symbols: ["zlibVersion"])
        let expected = "cannot load test library (\(Self.missing)\(Self.notFound))"
        let first = library.load()
        #expect(first.status == -1)
        #expect(first.reason == expected)
        // A later call gets the same line in its own buffer, cut to the buffer's size and terminated.
        #expect(library.load().reason == expected)
        let short = library.load(reasonSize: 16)
        #expect(short.status == -1)
        #expect(short.reason == String(expected.prefix(15)))
    }

    @Test func theFirstNameFoundIsLoadedAndItsSymbolsFilledIn() throws {
        let library = TestLibrary(files: [Self.missing, "libz.so.1"], symbols: ["zlibVersion", "crc32"])
        let loaded = library.load()
        #expect(loaded.status == 0)
        #expect(loaded.reason.isEmpty)
        let address = try #require(library.address(0))
        let version = unsafeBitCast(address, to: (@convention(c) () -> UnsafePointer<CChar>?).self)
        #expect(version().map { String(cString: $0) }?.first == "1")
        #expect(library.address(1) != nil)
    }

    @Test func aMissingSymbolIsNamedAndNoSlotIsFilled() {
        let library = TestLibrary(files: ["libz.so.1"], symbols: ["zlibVersion", "bl_no_such_function"])
        #expect(library.load().reason == "cannot load test library (it lacks bl_no_such_function)")
        #expect(library.address(0) == nil)
    }

    @Test func aLibraryOfAnotherKindIsCalledSo() {
        let library = TestLibrary(
            files: ["libz.so.1"], symbols: ["bl_taglib_read"], foreign: "is not a test library")
        #expect(library.load().reason == "cannot load test library (libz.so.1 is not a test library)")
    }

    /// A file that exists but cannot be loaded is reported, not passed over for the next name.
    @Test func aFileFoundButBrokenEndsTheSearch() {
        let directory = TemporaryDirectory()
        let broken = directory.write("libbroken.so", "not a library")
        let library = TestLibrary(files: [Self.missing, broken, "libz.so.1"], symbols: ["zlibVersion"])
        let result = library.load()
        #expect(result.status == -1)
        #expect(result.reason.hasPrefix("cannot load test library (\(broken): "))
        #expect(!result.reason.contains(Self.missing))
    }

    /// The tests cannot set a variable: other tests' threads read the environment meanwhile, and setenv may
    /// move it under them. PATH is set in every process, and names no library.
    @Test func theVariableNamesTheOnlyFileTried() throws {
        let path = try #require(getenv("PATH").map { String(cString: $0) })
        let library = TestLibrary(files: ["libz.so.1"], symbols: ["zlibVersion"], variable: "PATH")
        #expect(library.load().reason == "cannot load test library (\(path)\(Self.notFound))")
    }

    @Test func anUnsetVariableLeavesTheNames() {
        let variable = "BLUELIBRARY_TEST_NEVER_SET"
        #expect(getenv(variable) == nil)
        let library = TestLibrary(files: ["libz.so.1"], symbols: ["zlibVersion"], variable: variable)
        #expect(library.load().status == 0)
    }

    @Test func originMeansTheExecutablesDirectory() {
        let library = TestLibrary(files: ["$ORIGIN/" + Self.missing], symbols: ["zlibVersion"])
        let directory = BinaryRunner.productsDirectory
        #expect(
            library.load().reason == "cannot load test library (\(directory)/\(Self.missing)\(Self.notFound))"
        )
    }

    @Test func adviceFollowsAFailureToOpenThatMentionsItsNeedle() {
        let advice = [(needle: "missing", text: "install it"), (needle: "libz", text: "never shown")]
        let absent = TestLibrary(files: [Self.missing], advice: advice)
        #expect(
            absent.load().reason == "cannot load test library (\(Self.missing)\(Self.notFound)); install it")
        // A library that opens but lacks a symbol is no package to install.
        let lacking = TestLibrary(files: ["libz.so.1"], symbols: ["bl_no_such_function"], advice: advice)
        #expect(lacking.load().reason == "cannot load test library (it lacks bl_no_such_function)")
    }

    /// Eight threads ask at once; the check, which sleeps to keep the others waiting, runs once, and
    /// every thread finds the symbols filled in. The threads sleep and wait for each other, so they run
    /// from a test thread rather than a cooperative one.
    @Test func concurrentFirstCallsLoadOnce() async {
        let (checked, results, filledIn) = await TestThreads.run { () -> (Int, [Int32], Bool) in
            let checks = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            checks.initialize(to: 0)
            defer { checks.deallocate() }
            let library = TestLibrary(
                files: ["libz.so.1"], symbols: ["zlibVersion"],
                check: { _, context, _, _ in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                    usleep(100_000)
                    return 0
                }, context: UnsafeMutableRawPointer(checks))
            // Each thread writes its own element, and concurrentPerform returns when every thread has.
            nonisolated(unsafe) let results = UnsafeMutablePointer<Int32>.allocate(capacity: 8)
            results.initialize(repeating: 1, count: 8)
            defer { results.deallocate() }
            nonisolated(unsafe) let pointer = library.pointer
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                results[index] = bl_library_load(pointer, nil, 0)
            }
            return (
                checks.pointee, Array(UnsafeBufferPointer(start: results, count: 8)),
                library.address(0) != nil
            )
        }
        #expect(checked == 1)
        #expect(results == [Int32](repeating: 0, count: 8))
        #expect(filledIn)
    }

    /// A refusing check leaves the library unloaded, says why, and is not asked again.
    @Test func aRefusalIsTheOutcomeForEveryCall() {
        let checks = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        checks.initialize(to: 0)
        defer { checks.deallocate() }
        let library = TestLibrary(
            files: ["libz.so.1"], symbols: ["zlibVersion"],
            check: { file, context, cause, size in
                context?.assumingMemoryBound(to: Int.self).pointee += 1
                let message = Array((String(cString: file!) + " is too old").utf8CString)
                message.withUnsafeBufferPointer { _ = memcpy(cause!, $0.baseAddress!, min($0.count, size)) }
                return -1
            }, context: UnsafeMutableRawPointer(checks))
        #expect(library.load().reason == "cannot load test library (libz.so.1 is too old)")
        #expect(library.load().reason == "cannot load test library (libz.so.1 is too old)")
        #expect(checks.pointee == 1)
        #expect(library.address(0) == nil)
    }
}
