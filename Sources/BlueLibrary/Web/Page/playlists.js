// A signed-in person's playlists — the ones their music apps keep through the Subsonic API, so a playlist
// made here is on their phone, and the other way round:
//   #/playlists      every playlist (name, tracks, length); a new one, empty or from the queue; a new smart
//                    one (a query of the search's language, an order, a length)
//   #/playlist/ID    one: Play, rename, delete, download as .m3u8; each track plays, is dragged to another
//                    place or moves up or down (the keyboard's way) or goes; a smart one's rule instead
// An album's page adds the album to one ("Add to playlist"). Every change sends the playlist's whole list of
// tracks (PATCH /api/mine/playlists/ID), so what is shown is what was saved. A smart playlist's tracks are the
// ones its query picks when it is read: the page reads it again when the library changes.
import { api } from "./api.js";
import { signedIn } from "./account.js";
import { $, button, clock, count, element, report, say } from "./dom.js";
import * as queue from "./queue.js";
import { addToPlaylist, choosablePlaylists } from "./toplaylist.js";
import { markPlaying, queued, trackRow } from "./tracks.js";

let load = 0;
let shown = null;   // the playlist shown in #/playlist/ID: { id, name, smart, tracks }

// A smart playlist's orders, as the server names them.
const ORDERS = [["album", "Library order"], ["title", "Title"], ["artist", "Artist"], ["year", "Year, newest first"],
  ["added", "Added last first"], ["plays", "Most played first"], ["played", "Played last first"],
  ["rating", "Highest rated first"], ["random", "Shuffled"]];

const link = (playlist) => "#/playlist/" + encodeURIComponent(playlist.id);

export async function showPlaylists() {
  const mine = ++load;
  try {
    const { playlists } = await api("GET", "/api/mine/playlists");
    if (mine !== load) return;
    $("playlists-empty").hidden = playlists.length > 0;
    $("playlists-list").replaceChildren(...playlists.map((playlist) => {
      const item = element("li", "playlist");
      const name = element("a", null, playlist.name);
      name.href = link(playlist);
      item.append(name, element("span", "playlist-facts", " · " + (playlist.smart ? "smart, " : "") + count(playlist.tracks, "track", "tracks") + ", " + clock(playlist.duration)));
      return item;
    }));
  } catch (error) {
    if (mine === load) report(error);
  }
}

async function create(tracks) {
  const field = $("playlist-new-name");
  const name = field.value.trim();
  if (!name) { field.focus(); say("A new playlist needs a name", true); return; }
  try {
    const made = await api("POST", "/api/mine/playlists", { name, tracks: tracks.map((t) => t.id) });
    field.value = "";
    say("Made the playlist “" + made.name + "”" + (tracks.length ? " with " + count(tracks.length, "track", "tracks") : ""));
    location.hash = link(made);
  } catch (error) {
    report(error);
  }
}

// The rule a form holds ({ query, order, limit }), or null (with the reason said) when its query is empty.
function ruleOf(prefix) {
  const query = $(prefix + "-query").value.trim();
  if (!query) { $(prefix + "-query").focus(); say("A smart playlist needs a query", true); return null; }
  // An empty length is the default; any other is the server's to accept or refuse (1 to 5,000).
  const limit = $(prefix + "-limit").value.trim();
  return { query, order: $(prefix + "-order").value, limit: limit === "" ? 100 : Number(limit) };
}

async function createSmart() {
  const field = $("smart-new-name");
  const name = field.value.trim();
  if (!name) { field.focus(); say("A new playlist needs a name", true); return; }
  const smart = ruleOf("smart-new");
  if (!smart) return;
  try {
    const made = await api("POST", "/api/mine/playlists", { name, smart });
    field.value = "";
    $("smart-new-query").value = "";
    say("Made the smart playlist “" + made.name + "” with " + count(made.tracks.length, "track", "tracks"));
    location.hash = link(made);
  } catch (error) {
    report(error);
  }
}

// `reread`: the playlist shown, read anew (it changed somewhere), not a visit to it.
export async function showPlaylist(id, reread = false) {
  const mine = ++load;
  if (!shown || shown.id !== id) {
    shown = null;
    $("playlist-title").textContent = "";
    $("playlist-tracks").tBodies[0].replaceChildren();
  }
  try {
    const playlist = await api("GET", "/api/mine/playlists/" + encodeURIComponent(id));
    if (mine !== load) return;
    draw(playlist, reread);
  } catch (error) {
    if (mine !== load) return;
    $("playlist-title").textContent = error.status === 404 ? "No such playlist" : "The playlist could not be read";
    if (error.status !== 404) report(error);
  }
}

function draw(playlist, reread) {
  const same = reread && shown !== null && shown.id === playlist.id;
  shown = playlist;
  document.title = playlist.name + " — BlueLibrary";
  $("playlist-title").textContent = playlist.name;
  fill($("playlist-rename"), playlist.name, same);
  $("playlist-facts").textContent = (playlist.smart ? "Smart: " : "") + count(playlist.tracks.length, "track", "tracks") + ", " + clock(playlist.tracks.reduce((sum, t) => sum + (Number(t.duration) || 0), 0));
  // A smart playlist's rule, to change; its tracks are not moved or removed one by one.
  $("playlist-rule").hidden = !playlist.smart;
  if (playlist.smart) {
    fill($("playlist-rule-query"), playlist.smart.query, same);
    fill($("playlist-rule-order"), playlist.smart.order, same);
    fill($("playlist-rule-limit"), String(playlist.smart.limit), same);
  }
  $("playlist-download").href = "/api/mine/playlists/" + encodeURIComponent(playlist.id) + "/m3u8";
  $("playlist-play").disabled = playlist.tracks.length === 0;
  const body = $("playlist-tracks").tBodies[0];
  const focused = [...body.querySelectorAll("button")].indexOf(document.activeElement);
  const label = focused >= 0 ? document.activeElement.getAttribute("aria-label") : null;
  body.replaceChildren(...playlist.tracks.map((track, index) => {
    const row = trackRow(track, { album: null, play: () => queued(queue.play(playlist.tracks, index)) });
    if (playlist.smart) return row;
    const actions = row.querySelector(".track-actions");
    const up = button("Move " + track.title + " up", { icon: "up", className: "icon-button" });
    up.disabled = index === 0;
    up.addEventListener("click", () => move(index, index - 1));
    const down = button("Move " + track.title + " down", { icon: "down", className: "icon-button" });
    down.disabled = index === playlist.tracks.length - 1;
    down.addEventListener("click", () => move(index, index + 1));
    const remove = button("Remove " + track.title + " from the playlist", { icon: "remove", className: "icon-button" });
    remove.addEventListener("click", () => save(playlist.tracks.filter((_, n) => n !== index), "Removed “" + track.title + "”"));
    actions.append(up, down, remove);
    draggable(row, index);
    return row;
  }));
  // The focus stays on the same button of the track it was on (it moved with it), else nearby.
  const again = label && [...body.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === label && !b.disabled);
  if (again) again.focus();
  else if (focused >= 0 && body.querySelector("button")) body.querySelectorAll("button")[Math.min(focused, body.querySelectorAll("button").length - 1)].focus();
  markPlaying(body);
}

// The playlist is drawn again whenever it changes anywhere: a field of its name or rule shows the
// playlist's `value`, unless a person is typing in it or typed in it and left it unsaved (`reread`: the
// same playlist drawn again), focused or not.
function fill(field, value, reread) {
  const typed = reread && (document.activeElement === field || field.value !== field.dataset.drawn);
  if (typed && field.value !== value) return;
  field.value = value;
  field.dataset.drawn = field.value;
}

// A row dragged onto another takes its place (the Move buttons are the keyboard's and a touch screen's way).
const DRAGGED = "application/x-bluelibrary-playlist-index";
function draggable(row, index) {
  row.draggable = true;
  row.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData(DRAGGED, String(index));
    event.dataTransfer.effectAllowed = "move";
    row.classList.add("dragging");
  });
  row.addEventListener("dragend", () => row.classList.remove("dragging"));
  row.addEventListener("dragover", (event) => {
    if (!event.dataTransfer.types.includes(DRAGGED)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    row.classList.add("drop-target");
  });
  row.addEventListener("dragleave", () => row.classList.remove("drop-target"));
  row.addEventListener("drop", (event) => {
    row.classList.remove("drop-target");
    const from = Number(event.dataTransfer.getData(DRAGGED));
    if (!event.dataTransfer.types.includes(DRAGGED) || !Number.isInteger(from)) return;
    event.preventDefault();
    if (from !== index && shown && from < shown.tracks.length) move(from, index);
  });
}

function move(from, to) {
  const tracks = shown.tracks.slice();
  const [moved] = tracks.splice(from, 1);
  tracks.splice(to, 0, moved);
  save(tracks, "Moved “" + moved.title + "”");
}

// Reads the playlist shown again (the library changed: a smart one's tracks may have too).
export function refreshPlaylist() {
  if (shown) showPlaylist(shown.id, true);
}

// Gives the playlist shown these tracks (or this name, or this rule), and draws what was saved.
async function save(tracks, done, name, smart) {
  if (!shown) return;
  const change = smart ? { smart } : name === undefined ? { tracks: tracks.map((t) => t.id) } : { name };
  try {
    const saved = await api("PATCH", "/api/mine/playlists/" + encodeURIComponent(shown.id), change);
    // A name or rule saved shows as saved (trimmed, a length given); tracks moved keep a name being typed.
    draw(saved, !change.name && !change.smart);
    say(done);
  } catch (error) {
    report(error);
  }
}

export function hidePlaylists() { load += 1; }

// MARK: An album's "Add to playlist"

// Fills the album page's choice of playlists (signed in only).
export async function offerPlaylists(album, tracks) {
  const line = $("album-add");
  line.hidden = !signedIn() || tracks.length === 0;
  if (line.hidden) return;
  const choice = $("album-playlist");
  try {
    const playlists = await choosablePlaylists();
    choice.replaceChildren(...playlists.map((p) => { const o = element("option", null, p.name); o.value = p.id; return o; }));
    line.hidden = playlists.length === 0;
  } catch (error) {
    line.hidden = true;
  }
  $("album-add-button").onclick = async () => {
    const id = choice.value;
    if (!id) return;
    try {
      const saved = await addToPlaylist(id, tracks);
      say("Added “" + album.title + "” to “" + saved.name + "”");
    } catch (error) {
      report(error);
    }
  };
}

export function startPlaylists() {
  $("playlists-link").hidden = !signedIn();
  $("playlist-new").addEventListener("submit", (event) => { event.preventDefault(); create([]); });
  $("playlist-from-queue").addEventListener("click", () => create(queue.items().map((i) => i.track)));
  for (const select of document.querySelectorAll(".smart-order")) {
    select.replaceChildren(...ORDERS.map(([value, label]) => { const o = element("option", null, label); o.value = value; return o; }));
  }
  $("smart-new").addEventListener("submit", (event) => { event.preventDefault(); createSmart(); });
  $("playlist-rule").addEventListener("submit", (event) => {
    event.preventDefault();
    const smart = ruleOf("playlist-rule");
    if (smart) save(null, "Saved the rule of “" + shown.name + "”", undefined, smart);
  });
  $("playlist-play").addEventListener("click", () => { if (shown && shown.tracks.length) queued(queue.play(shown.tracks, 0)); });
  $("playlist-rename-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("playlist-rename").value.trim();
    if (shown && name && name !== shown.name) save(null, "Renamed to “" + name + "”", name);
  });
  $("playlist-delete").addEventListener("click", async () => {
    if (!shown || !confirm("Delete the playlist “" + shown.name + "”? Its tracks stay in the library.")) return;
    try {
      await api("DELETE", "/api/mine/playlists/" + encodeURIComponent(shown.id));
      say("Deleted the playlist “" + shown.name + "”");
      location.hash = "#/playlists";
    } catch (error) {
      report(error);
    }
  });
  queue.subscribe(() => markPlaying($("playlist-tracks").tBodies[0]));
}
