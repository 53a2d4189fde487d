import BlueLibraryConcurrency
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The dedicated threads under the store's connections (BlueLibraryConcurrency has no test target of its
/// own; the store is its main user).
struct BlockingPoolTests {
    /// A pool costs no thread until it is given work: the store's writer, during a command that only
    /// reads, never starts one.
    @Test func aPoolStartsItsThreadsWithItsFirstJob() async {
        let pool = BlockingPool(threads: 3, name: "lazy-test")
        #expect(pool.startedThreadCount == 0)
        #expect(await pool.run { 6 * 7 } == 42)
        #expect(pool.startedThreadCount == 3)
        #expect(await pool.run { pool.isCurrentThreadInPool })
        #expect(!pool.isCurrentThreadInPool)
    }

    /// The threads are named (Linux keeps 15 bytes), as `top -H` and debuggers show them.
    @Test func theThreadsCarryThePoolsName() async {
        let single = BlockingPool(threads: 1, name: "library-reader")
        #expect(await single.run { Self.currentThreadName() } == "library-reader")
        let several = BlockingPool(threads: 2, name: "a-very-long-pool-name")
        let name = await several.run { Self.currentThreadName() }
        #expect(name == "a-very-long-poo")
    }

    /// The processors a process may use count its CPU affinity, as Foundation's `activeProcessorCount`
    /// (which the scanner's default number of threads came from) does.
    @Test func theUsableProcessorsAreTheOnesFoundationCounts() {
        #expect(NamedThread.usableProcessorCount == ProcessInfo.processInfo.activeProcessorCount)
        #expect(NamedThread.usableProcessorCount >= 1)
    }

    private static func currentThreadName() -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        let count = read(fd, &buffer, 31)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<(count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
