/// Album art that sits beside the music: `cover`, `folder`, `front` or `album` with `.jpg`, `.jpeg` or
/// `.png`, in any case.
enum FolderArt {
    /// The names art may have, best first.
    static let names = ["cover", "folder", "front", "album"]
    /// The extensions art may have, best first.
    static let extensions = ["jpg", "jpeg", "png"]

    /// Where a file name ranks among art names (lower is better), or `nil` when it is not one.
    static func rank(_ fileName: String) -> Int? {
        let lowered = fileName.lowercased()
        for (nameRank, name) in names.enumerated() {
            for (extensionRank, suffix) in extensions.enumerated() where lowered == "\(name).\(suffix)" {
                return nameRank * extensions.count + extensionRank
            }
        }
        return nil
    }

    /// Whether a file name is one that art may have.
    static func isCandidate(_ fileName: String) -> Bool { rank(fileName) != nil }

    /// The best image in `folders` (earlier folders win a tie of names), or `nil`.
    /// - Parameter images: the art the walk found, by folder.
    static func choose(in folders: [String], images: [String: [FolderWalk.Entry]]) -> AlbumArt? {
        var best: (rank: Int, folder: Int, path: String, entry: FolderWalk.Entry)?
        for (folderIndex, folder) in folders.enumerated() {
            for entry in images[folder] ?? [] {
                guard let rank = rank(PlacedTrack.name(of: entry.path)) else { continue }
                let candidate = (rank: rank, folder: folderIndex, path: entry.path, entry: entry)
                if let current = best,
                    (current.rank, current.folder, current.path) <= (rank, folderIndex, entry.path)
                {
                    continue
                }
                best = candidate
            }
        }
        return best.map { .file(path: $0.entry.path, size: $0.entry.size, modified: $0.entry.modified) }
    }
}
