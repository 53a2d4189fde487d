#if canImport(Glibc)
    import Glibc
#endif

/// What identifies one version of a file without reading it: inode, size and modification time (in
/// nanoseconds). An atomic save always makes a new inode, so another instance's save is noticed even
/// within the file system's clock resolution.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modified: Int64

    /// The stamp of the file at `path`, or `nil` when it does not exist.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
