import BlueLibraryHTTP

/// The page of `bluelibrary serve`: plain HTML, CSS and JavaScript modules in
/// `Sources/BlueLibrary/Web/Page/`, embedded into the binary at build time (`resources:
/// [.embedInCode(…)]`; no CDN, no npm) and linted by `make test`. Album text reaches the page only
/// through `textContent`, never as HTML.
enum PageAssets {
    /// The files by name, with their content types.
    static let files: [String: (type: String, body: [UInt8])] = {
        var files: [String: (type: String, body: [UInt8])] = [
            "index.html": ("text/html; charset=utf-8", PackageResources.index_html),
            "app.css": ("text/css; charset=utf-8", PackageResources.app_css),
            // The page's icon, also where browsers look for one unasked.
            "icon.svg": ("image/svg+xml", PackageResources.icon_svg),
            "favicon.ico": ("image/svg+xml", PackageResources.icon_svg),
        ]
        let scripts: [(String, [UInt8])] = [
            ("account.js", PackageResources.account_js), ("app.js", PackageResources.app_js),
            ("favourites.js", PackageResources.favourites_js),
            ("playlists.js", PackageResources.playlists_js),
            ("toplaylist.js", PackageResources.toplaylist_js),
            ("album.js", PackageResources.album_js),
            ("albums.js", PackageResources.albums_js), ("api.js", PackageResources.api_js),
            ("dom.js", PackageResources.dom_js), ("grid.js", PackageResources.grid_js),
            ("lists.js", PackageResources.lists_js), ("lyrics.js", PackageResources.lyrics_js),
            ("pages.js", PackageResources.pages_js), ("radio.js", PackageResources.radio_js),
            ("player.js", PackageResources.player_js), ("queue.js", PackageResources.queue_js),
            ("queuepanel.js", PackageResources.queuepanel_js), ("rail.js", PackageResources.rail_js),
            ("scroller.js", PackageResources.scroller_js), ("search.js", PackageResources.search_js),
            ("trackresults.js", PackageResources.trackresults_js), ("tracks.js", PackageResources.tracks_js),
            ("virtual.js", PackageResources.virtual_js),
        ]
        for (name, body) in scripts { files[name] = ("text/javascript; charset=utf-8", body) }
        return files
    }()

    static func response(for name: String) -> WebResponse {
        guard let file = files[name] else {
            return .error(404, code: "not_found", message: "no such file \(name)")
        }
        return WebResponse(
            status: 200, headers: ["Content-Type": file.type, "Cache-Control": "no-cache"],
            body: .bytes(file.body))
    }
}
