import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What identifies one version of a file without reading it: device, inode, size, modification time and mode. A file
/// replaced by `AtomicFile.write` (a rename over it) gets a new inode, so a memo of its contents keyed by the stamp
/// is invalidated by every write, from this process or another.
public struct FileStamp: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    /// The permission bits and file type (`st_mode`); not part of what changes a file's contents, but part of the
    /// stamp: a chmod also means "look again".
    public let mode: UInt32

    /// The stamp of the file at `url`, or nil when there is none (or it cannot be examined).
    public static func of(_ url: URL) -> FileStamp? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec, mode: UInt32(info.st_mode))
    }
}
