import BlueLibraryCore
import BlueLibraryHTTP
import Synchronization

/// The music folders as folders, for `getIndexes` and `getMusicDirectory`: made from where the tracks'
/// files are. The root (the one music folder, id 1) holds the top folders of every folder the library
/// was imported from, each folder its subfolders and its songs. A folder's id is `fo-` and a hash of its
/// path, so it stays the same across rescans and restarts; its `parent` always resolves, up to the root.
/// A file outside every imported folder counts its own folder as a top folder.
struct MusicFolderTree {
    /// One folder with what is directly in it.
    struct Folder {
        /// Its id.
        var id: String
        /// Its name (the last part of its path).
        var name: String
        /// Its parent's id (the root's for a top folder).
        var parent: String
        /// Its subfolders' paths, in name order.
        var folders: [String] = []
        /// Its songs, in the library's order.
        var tracks: [CatalogTrack] = []
    }

    /// The root's id: the one music folder's.
    static let rootID = String(SubsonicShapes.musicFolderID)
    /// The prefix of a folder's id.
    static let folderPrefix = "fo-"

    /// The folders by path.
    private(set) var folders: [String: Folder] = [:]
    /// The top folders' paths, in name order.
    private(set) var topFolders: [String] = []
    /// Songs whose files lie right in an imported folder.
    private(set) var topTracks: [CatalogTrack] = []
    /// Paths by folder id.
    private var paths: [String: String] = [:]
    /// The ids the imported folders themselves have (their songs' `parent`), which name the root.
    private(set) var rootIDs: Set<String> = []

    /// The id of the folder at `path`.
    static func id(ofFolder path: String) -> String {
        folderPrefix + Hex.string(StableHash.bytes128("bluelibrary-folder:\(path)"))
    }

    /// The tree of `tracks`, under the imported folders `roots`.
    init(tracks: [CatalogTrack], roots: [String]) {
        let roots = roots.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
            .sorted { $0.count > $1.count }
        rootIDs = Set(roots.map(Self.id(ofFolder:)))
        var children: [String: Set<String>] = [:]
        var tops: Set<String> = []
        for track in tracks {
            let directory = Self.parent(of: track.stored.track.path)
            let root = roots.first { directory == $0 || directory.hasPrefix($0 == "/" ? "/" : $0 + "/") }
            if let root, directory == root {
                topTracks.append(track)
                continue
            }
            let top = root ?? Self.parent(of: directory)
            add(directory, under: top, children: &children, tops: &tops)
            folders[directory]?.tracks.append(track)
        }
        let names = folders.mapValues(\.name)
        let byName = { (first: String, second: String) in
            Self.precedes(names[first] ?? "", names[second] ?? "")
        }
        for (path, paths) in children { folders[path]?.folders = paths.sorted(by: byName) }
        topFolders = tops.sorted(by: byName)
    }

    /// Adds `directory` and every folder between it and `top` (an imported folder, not added).
    private mutating func add(
        _ directory: String, under top: String, children: inout [String: Set<String>], tops: inout Set<String>
    ) {
        var path = directory
        while folders[path] == nil {
            let parent = Self.parent(of: path)
            let atTop = parent == top || path == top || path == "/"
            let name = String(path.split(separator: "/").last ?? Substring(path))
            let id = Self.id(ofFolder: path)
            folders[path] = Folder(
                id: id, name: name, parent: atTop ? Self.rootID : Self.id(ofFolder: parent))
            paths[id] = path
            if atTop {
                tops.insert(path)
                return
            }
            children[parent, default: []].insert(path)
            path = parent
        }
    }

    /// The folder with `id`, if any.
    func folder(id: String) -> Folder? {
        paths[id].flatMap { folders[$0] }
    }

    /// The path of the folder with `id`, if any.
    func path(ofFolder id: String) -> String? {
        paths[id]
    }

    /// A folder as a `Child` with what the user recorded about it (`notes` by folder id).
    func child(_ path: String, _ notes: [String: ItemAnnotation]) -> SubsonicElement {
        var element = child(path)
        let note = folders[path].flatMap { notes[$0.id] }
        element.set(.starred, note?.starred.map { SubsonicShapes.date(milliseconds: $0) })
        element.set(.userRating, note?.rating)
        return element
    }

    /// The folder `/a/b` is in (`/a`); `/` for a top-level name.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Folder names in index order: folded, articles set aside.
    private static func precedes(_ first: String, _ second: String) -> Bool {
        SearchKey.precedes(sortName(first), sortName(second))
    }

    /// The name a folder is sorted and indexed by.
    static func sortName(_ name: String) -> String {
        SubsonicShapes.sortName(folded: SearchKey.fold(name))
    }

    /// A folder as a `Child` with `isDir`; its cover is the first of its songs' (or its first subfolder's).
    func child(_ path: String) -> SubsonicElement {
        let folder = folders[path]
        var element = SubsonicElement()
        element.set(.id, folder?.id ?? Self.id(ofFolder: path))
        element.set(.parent, folder?.parent ?? Self.rootID)
        element.set(.isDir, true)
        element.set(.title, folder?.name ?? path)
        element.set(.name, folder?.name ?? path)
        element.set(.coverArt, cover(of: path))
        return element
    }

    /// The album id whose cover stands for the folder at `path`, if it holds any song.
    private func cover(of path: String) -> String? {
        var next = [path]
        var looked = 0
        while let current = next.popLast(), looked < 64 {
            looked += 1
            guard let folder = folders[current] else { continue }
            if let track = folder.tracks.first { return track.album.id.rawValue }
            next.append(contentsOf: folder.folders.reversed())
        }
        return nil
    }
}

/// The music folder tree kept between calls (it is made from every track of the library), dropped
/// whenever the library announces a change — its own or another process's.
final class FolderTreeCache: Sendable {
    private let state = Mutex<(generation: Int, tree: MusicFolderTree?)>((0, nil))

    /// Forgets the tree: the next call makes it again.
    func drop() {
        state.withLock { $0 = ($0.generation + 1, nil) }
    }

    /// The kept tree, or the one `make` makes (kept unless the library changed meanwhile).
    func tree(_ make: () throws -> MusicFolderTree) rethrows -> MusicFolderTree {
        let (generation, kept) = state.withLock { ($0.generation, $0.tree) }
        if let kept { return kept }
        let made = try make()
        state.withLock { if $0.generation == generation { $0.tree = made } }
        return made
    }
}
