import BlueLibraryCore

/// A readable file with where it sits in the folder tree, as grouping sees it. A class, so the many
/// arrays grouping builds share one copy of each track instead of retaining its dozen strings anew.
final class PlacedTrack: Sendable {
    /// The file and its tags.
    let file: ScannedFile
    /// The folder that holds the file.
    let folder: String
    /// The album's folder: ``folder``, or the folder above it when ``folder`` is a disc folder (`CD2`)
    /// below the root.
    let albumDirectory: String
    /// The disc number a disc folder's name gives.
    let folderDisc: Int?
    /// The album tag, folded (``AlbumGrouping/fold(_:)``).
    let albumKey: String?
    /// The album artist tag, else the artist tag, folded; empty when neither is tagged.
    let artistKey: String

    private init(_ file: ScannedFile, location: (folder: String, album: String, disc: Int?)) {
        self.file = file
        (folder, albumDirectory, folderDisc) = location
        albumKey = file.tags.album.map(AlbumGrouping.fold)
        // A track artist's guests ("X feat. Y") do not make it another artist's track.
        artistKey = AlbumGrouping.fold(
            file.tags.albumArtist ?? file.tags.artist.map(ArtistCredit.primary) ?? "")
    }

    /// Places files found under `root`, working out each folder's location once.
    static func place(_ files: [ScannedFile], root: String) -> [PlacedTrack] {
        var locations: [String: (folder: String, album: String, disc: Int?)] = [:]
        return files.map { file in
            let folder = parent(of: file.path)
            if let known = locations[folder] { return PlacedTrack(file, location: known) }
            let location = self.location(ofFolder: folder, root: root)
            locations[folder] = location
            return PlacedTrack(file, location: location)
        }
    }

    /// Album order, as ``Track/inAlbumOrder(_:_:)`` has it: disc (tagged, else from the folder,
    /// else 1), then number (untagged last), then path (``Track/pathPrecedes(_:_:)``).
    static func inAlbumOrder(_ lhs: PlacedTrack, _ rhs: PlacedTrack) -> Bool {
        let left = (lhs.file.tags.disc ?? lhs.folderDisc ?? 1, lhs.file.tags.number ?? Int.max)
        let right = (rhs.file.tags.disc ?? rhs.folderDisc ?? 1, rhs.file.tags.number ?? Int.max)
        return left != right ? left < right : Track.pathPrecedes(lhs.file.path, rhs.file.path)
    }

    /// The folder of the file at `path`, its album folder and the disc number its folder's name gives.
    static func location(of path: String, root: String) -> (folder: String, album: String, disc: Int?) {
        location(ofFolder: parent(of: path), root: root)
    }

    private static func location(ofFolder folder: String, root: String) -> (
        folder: String, album: String, disc: Int?
    ) {
        if folder != root, let disc = discNumber(name(of: folder)) {
            return (folder, parent(of: folder), disc)
        }
        return (folder, folder, nil)
    }

    /// The folder that holds `path` (`/` for a path directly under it).
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The file name of `path` without its extension.
    static func stem(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else {
            return name
        }
        return String(name[..<dot])
    }

    /// The disc number in a disc folder's name — `CD1`, `CD 2`, `Disc 2`, `Disk 1`, `disc2`, `CD_3`,
    /// `Disc 1 - The Early Years`, in any case — or `nil` when the name is not a disc folder's.
    static func discNumber(_ name: String) -> Int? {
        let bytes = Array(name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 })
        let separators: Set<UInt8> = [0x20, 0x5F, 0x2D, 0x2E]  // space _ - .
        for prefix in ["disc", "disk", "cd"] where bytes.starts(with: prefix.utf8) {
            var index = prefix.utf8.count
            while index < bytes.count && separators.contains(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count && (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start, index - start <= 3 else { return nil }
            if index < bytes.count && !separators.union([0x28, 0x5B]).contains(bytes[index]) { return nil }
            let number = bytes[start..<index].reduce(0) { $0 * 10 + Int($1 - 0x30) }
            return number > 0 ? number : nil
        }
        return nil
    }
}
