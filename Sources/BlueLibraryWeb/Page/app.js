// The browser view of BlueLibrary: it renders what the JSON API says and sends the user's actions
// back. Album text is only ever set with textContent. Everything lives in one function scope, so the
// page adds nothing to the global object.
(function () {
"use strict";
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

let latestLoad = 0;

async function load() {
  const thisLoad = ++latestLoad;
  try {
    const path = "/api/albums" + (state.query ? "?q=" + encodeURIComponent(state.query) : "");
    const [albums, libraryState] = await Promise.all([api("GET", path), api("GET", "/api/state")]);
    if (thisLoad !== latestLoad) return;  // a newer load is under way: its answer wins
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
})();
