/// The page of `bluelibrary serve`: plain HTML, CSS and JavaScript in `Sources/BlueLibrary/Web/Page/`,
/// embedded into the binary at build time (`resources: [.embedInCode(…)]`; no CDN, no npm) and linted
/// by `make test`. Album text reaches the page only through `textContent`, never as HTML.
enum PageAssets {
    /// The files by name, with their content types.
    static let files: [String: (type: String, body: [UInt8])] = [
        "index.html": ("text/html; charset=utf-8", PackageResources.index_html),
        "app.css": ("text/css; charset=utf-8", PackageResources.app_css),
        "app.js": ("text/javascript; charset=utf-8", PackageResources.app_js),
    ]

    static func response(for name: String) -> WebResponse {
        guard let file = files[name] else {
            return .error(404, code: "not_found", message: "no such file \(name)")
        }
        return WebResponse(
            status: 200, headers: ["Content-Type": file.type, "Cache-Control": "no-cache"],
            body: .bytes(file.body))
    }
}
