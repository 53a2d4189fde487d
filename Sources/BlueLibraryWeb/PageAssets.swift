/// The page of `bluelibrary serve`: plain HTML, CSS and JavaScript compiled into the binary (no CDN,
/// no npm). Album text reaches the page only through `textContent`, never as HTML.
enum PageAssets {
    /// The files by name, with their content types.
    static let files: [String: (type: String, body: String)] = [
        "index.html": ("text/html; charset=utf-8", html),
        "app.css": ("text/css; charset=utf-8", css),
        "app.js": ("text/javascript; charset=utf-8", script),
    ]

    static func response(for name: String) -> WebResponse {
        guard let file = files[name] else {
            return .error(404, code: "not_found", message: "no such file \(name)")
        }
        return WebResponse(
            status: 200, headers: ["Content-Type": file.type, "Cache-Control": "no-cache"],
            body: .bytes(Array(file.body.utf8)))
    }

    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>BlueLibrary</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header>
          <h1>BlueLibrary</h1>
          <form id="search" role="search"><input id="query" type="search" placeholder="Search: artist:bowie year:1990..1999" aria-label="Search albums" autocomplete="off"></form>
        </header>
        <main>
          <section id="scroller" aria-label="Album covers" tabindex="0"><div id="strip"></div></section>
          <table id="details" aria-label="Album details"><tbody></tbody></table>
          <p id="empty" hidden>No albums to show.</p>
          <details id="add">
            <summary>Add an album</summary>
            <form id="add-form">
              <label>Title <input name="title" required maxlength="500"></label>
              <label>Artist <input name="artist" required maxlength="500"></label>
              <label>Genre <input name="genre" maxlength="500"></label>
              <label>Year <input name="year" inputmode="numeric" pattern="[0-9]{4}"></label>
              <label>Cover URL <input name="cover_url" maxlength="2048"></label>
              <button type="submit">Add</button>
            </form>
          </details>
          <p id="status" role="status" aria-live="polite"></p>
        </main>
        <footer id="toolbar">
          <button id="undo" type="button" title="Undo (Ctrl+Z)">Undo</button>
          <span class="hint">←/→ browse · Delete · Ctrl+Z undo · Ctrl+Shift+Z redo</span>
          <button id="trash" type="button" title="Delete (Delete)">Trash</button>
        </footer>
        </body>
        </html>
        """

    static let css = """
        :root { --bar: #1f2430; --text: #e8e8e8; --muted: #9aa0aa; --accent: #4f8cff; }
        * { box-sizing: border-box; }
        body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; background: #2b303b;
          color: var(--text); font: 15px/1.4 system-ui, sans-serif; }
        header { display: flex; align-items: center; gap: 16px; padding: 10px 16px; background: var(--bar); }
        h1 { margin: 0; font-size: 18px; font-weight: 600; letter-spacing: 0.5px; }
        #query { flex: 1; width: 320px; max-width: 60vw; padding: 6px 10px; border-radius: 6px; border: 1px solid #444b58;
          background: #151922; color: var(--text); }
        main { flex: 1; padding-bottom: 16px; }
        #scroller { overflow-x: auto; scroll-snap-type: x mandatory; background: #3c4250; outline: none;
          padding: 10px 0; scrollbar-width: thin; }
        #strip { display: flex; padding: 0 calc(50% - 60px); width: max-content; }
        .album-view { position: relative; flex: none; width: 100px; height: 100px; margin: 10px; padding: 5px;
          background: black; scroll-snap-align: center; cursor: pointer; border: none; border-radius: 2px; }
        .album-view.highlighted { background: white; }
        .album-view img { width: 90px; height: 90px; display: block; object-fit: cover; visibility: hidden; }
        .album-view.loaded img { visibility: visible; }
        .spinner { position: absolute; left: 50%; top: 50%; width: 24px; height: 24px; margin: -12px 0 0 -12px;
          border: 3px solid #666; border-top-color: #ddd; border-radius: 50%; animation: spin 0.8s linear infinite; }
        .album-view.loaded .spinner { display: none; }
        @keyframes spin { to { transform: rotate(360deg); } }
        #details { margin: 16px auto; border-collapse: collapse; min-width: 320px; max-width: 90vw; }
        #details th, #details td { text-align: left; padding: 8px 14px; border-bottom: 1px solid #444b58; }
        #details th { color: var(--muted); font-weight: 500; width: 90px; }
        #empty, #status { text-align: center; color: var(--muted); }
        #add { max-width: 560px; margin: 0 auto; }
        #add summary { cursor: pointer; color: var(--accent); }
        #add-form { display: grid; grid-template-columns: 1fr 1fr; gap: 8px 12px; margin-top: 10px; }
        #add-form label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); }
        #add-form input { padding: 5px 8px; border-radius: 4px; border: 1px solid #444b58; background: #151922; color: var(--text); }
        #add-form button { grid-column: span 2; justify-self: start; }
        #toolbar { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: var(--bar); }
        #toolbar .hint { flex: 1; text-align: center; color: var(--muted); font-size: 13px; }
        button { padding: 6px 16px; border-radius: 6px; border: 1px solid #555d6b; background: #394150; color: var(--text);
          font: inherit; cursor: pointer; }
        button:disabled { opacity: 0.4; cursor: default; }
        """

    static let script = #"""
        "use strict";
        // The browser view of BlueLibrary: it renders what the JSON API says and sends the user's actions
        // back. Album text is only ever set with textContent.
        const state = { albums: [], current: null, canUndo: false, canDelete: false, query: "" };
        const token = new URLSearchParams(location.search).get("token");
        const $ = (id) => document.getElementById(id);

        async function api(method, path, body) {
          const headers = {};
          if (body !== undefined) headers["Content-Type"] = "application/json";
          if (token) headers["X-BlueLibrary-Token"] = token;
          const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          const data = await response.json();
          if (!response.ok) throw new Error(data.error ? data.error.message : response.statusText);
          return data;
        }

        function say(text) { $("status").textContent = text || ""; }

        async function load() {
          try {
            const path = "/api/albums" + (state.query ? "?q=" + encodeURIComponent(state.query) : "");
            const [albums, libraryState] = await Promise.all([api("GET", path), api("GET", "/api/state")]);
            state.albums = albums;
            applyState(libraryState);
            render();
          } catch (error) { say(error.message); }
        }

        function applyState(libraryState) {
          state.current = libraryState.current ? libraryState.current.id : null;
          state.canUndo = libraryState.can_undo;
          state.canDelete = libraryState.can_delete;
        }

        function currentIndex() { return state.albums.findIndex((album) => album.id === state.current); }

        function render() {
          const strip = $("strip");
          const views = new Map([...strip.children].map((view) => [view.dataset.id, view]));
          strip.replaceChildren(...state.albums.map((album) => {
            const view = views.get(album.id) || makeView(album);
            view.title = album.artist + " – " + album.title;
            view.classList.toggle("highlighted", album.id === state.current);
            return view;
          }));
          showDetails();
          $("undo").disabled = !state.canUndo;
          $("trash").disabled = !state.canDelete || currentIndex() < 0;
          $("empty").hidden = state.albums.length > 0;
          centre(false);
        }

        function makeView(album) {
          const view = document.createElement("button");
          view.type = "button";
          view.className = "album-view";
          view.dataset.id = album.id;
          const spinner = document.createElement("span");
          spinner.className = "spinner";
          const image = document.createElement("img");
          image.alt = "";
          // The spinner stops when the image has loaded or failed, never before.
          image.addEventListener("load", () => view.classList.add("loaded"));
          image.addEventListener("error", () => view.classList.add("loaded", "failed"));
          image.src = "/covers/" + album.id;
          view.append(image, spinner);
          view.addEventListener("click", () => select(album.id));
          return view;
        }

        function showDetails() {
          const body = $("details").tBodies[0];
          const album = state.albums[currentIndex()];
          const rows = album ? [["Artist", album.artist], ["Album", album.title], ["Genre", album.genre], ["Year", album.year === null ? "" : String(album.year)]] : [];
          body.replaceChildren(...rows.map(([name, value]) => {
            const row = document.createElement("tr");
            const th = document.createElement("th");
            th.textContent = name;
            const td = document.createElement("td");
            td.textContent = value;
            row.append(th, td);
            return row;
          }));
        }

        function centre(smooth) {
          const view = $("strip").children[currentIndex()];
          if (view) view.scrollIntoView({ inline: "center", block: "nearest", behavior: smooth ? "smooth" : "instant" });
        }

        async function select(id) {
          if (id === state.current) { centre(true); return; }
          state.current = id;
          render();
          centre(true);
          try { applyState(await api("PUT", "/api/state", { current_id: id })); } catch (error) { say(error.message); }
        }

        async function act(method, path, body, message) {
          try {
            const result = await api(method, path, body);
            if (result.state) applyState(result.state);
            say(typeof message === "function" ? message(result) : message);
            await load();
          } catch (error) { say(error.message); }
        }

        function deleteCurrent() {
          if (!state.canDelete || !state.current) return;
          act("DELETE", "/api/albums/" + state.current, undefined, (result) => "Deleted “" + result.deleted.title + "”");
        }
        const undo = () => state.canUndo && act("POST", "/api/undo", {}, "Undone");
        const redo = () => act("POST", "/api/redo", {}, (result) => result.changed ? "Redone" : "Nothing to redo");

        function move(step) {
          const index = currentIndex() + step;
          if (index >= 0 && index < state.albums.length) select(state.albums[index].id);
        }

        // When a drag or a flick ends, the cover nearest the centre becomes the current album.
        let settle;
        $("scroller").addEventListener("scroll", () => {
          clearTimeout(settle);
          settle = setTimeout(() => {
            const scroller = $("scroller");
            const middle = scroller.scrollLeft + scroller.clientWidth / 2;
            let best = null, distance = Infinity;
            for (const view of $("strip").children) {
              const d = Math.abs(view.offsetLeft + view.offsetWidth / 2 - middle);
              if (d < distance) { distance = d; best = view; }
            }
            if (best && best.dataset.id !== state.current) select(best.dataset.id);
          }, 150);
        });

        document.addEventListener("keydown", (event) => {
          if (event.target.closest("input, textarea")) return;
          if (event.key === "ArrowLeft") { move(-1); event.preventDefault(); }
          else if (event.key === "ArrowRight") { move(1); event.preventDefault(); }
          else if (event.key === "Delete") { deleteCurrent(); event.preventDefault(); }
          else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
            event.shiftKey ? redo() : undo();
            event.preventDefault();
          }
        });
        $("undo").addEventListener("click", undo);
        $("trash").addEventListener("click", deleteCurrent);
        $("search").addEventListener("submit", (event) => { event.preventDefault(); state.query = $("query").value.trim(); load(); });
        $("query").addEventListener("search", () => { state.query = $("query").value.trim(); load(); });
        $("add-form").addEventListener("submit", (event) => {
          event.preventDefault();
          const form = new FormData(event.target);
          const album = { title: form.get("title"), artist: form.get("artist"), genre: form.get("genre"), cover_url: form.get("cover_url") };
          const year = String(form.get("year") || "").trim();
          album.year = year === "" ? null : Number(year);
          act("POST", "/api/albums", album, (result) => { event.target.reset(); state.current = result.id; return "Added “" + result.title + "”"; })
            .then(() => api("PUT", "/api/state", { current_id: state.current }).then(applyState).then(render).catch(() => {}));
        });

        // Live updates: any change, from any page or process, reloads the view.
        const events = new EventSource("/events");
        events.addEventListener("change", () => load());

        load();
        """#
}
