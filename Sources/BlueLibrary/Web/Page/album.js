// One album (`#/album/ID`): its cover large, title, artist and genre (each leading to its albums), year,
// tracks with their lengths and the total, and Play, Play next and Add to queue for all of them.
import { api, isConnected } from "./api.js";
import { $, clock, count, coverURL, report, routes, say } from "./dom.js";
import * as queue from "./queue.js";
import { albumMine, showAlbumMine, trackStar } from "./favourites.js";
import { offerPlaylists } from "./playlists.js";
import { albumRows, markPlaying, queued, totalLength } from "./tracks.js";

let shown = null;     // { album, tracks }
let mine = null;      // what the signed-in person recorded about it (stars, rating), when read
let load = 0;
let editing = false;  // whether the tracks are fields to edit ("Edit tracks")
const body = $("album-tracks").tBodies[0];

// The album's tracks, each carrying its album, as the queue keeps them.
function carried() { return shown.tracks.map((track) => Object.assign({}, track, { album: shown.album })); }

export async function showAlbum(id) {
  const current = ++load;
  if (!shown || shown.album.id !== id) {
    shown = null;
    mine = null;
    $("album-mine").hidden = true;
    $("album-add").hidden = true;
    $("album-title").textContent = "";
    $("album-facts").replaceChildren();
    body.replaceChildren();
    $("album-cover").removeAttribute("src");
  }
  try {
    const details = await api("GET", "/api/albums/" + encodeURIComponent(id));
    if (current !== load) return;
    draw(details, details.tracks || []);
    const recorded = await albumMine(id);
    if (current !== load) return;
    showMine(details, recorded);
  } catch (error) {
    if (current !== load) return;
    $("album-title").textContent = error.status === 404 ? "No such album" : "The album could not be read";
    document.title = $("album-title").textContent + " — BlueLibrary";
    $("album-missing").hidden = error.status !== 404;
    $("album-actions").hidden = true;
    $("album-empty").hidden = true;
    if (error.status !== 404) report(error);
  }
}

function draw(album, tracks) {
  shown = { album, tracks };
  document.title = album.title + " — " + album.artist + " — BlueLibrary";
  $("album-missing").hidden = true;
  $("album-title").textContent = album.title;
  const artist = $("album-artist");
  artist.textContent = album.artist;
  artist.href = routes.artist(album.artist);
  const facts = [];
  if (album.year !== null) facts.push(document.createTextNode(String(album.year)));
  if (album.genre) {
    const genre = document.createElement("a");
    genre.href = routes.genre(album.genre);
    genre.textContent = album.genre;
    facts.push(genre);
  }
  if (tracks.length) facts.push(document.createTextNode(count(tracks.length, "track", "tracks") + ", " + clock(totalLength(tracks))));
  const line = $("album-facts");
  line.replaceChildren();
  facts.forEach((fact, i) => { if (i) line.append(" · "); line.append(fact); });
  const cover = $("album-cover");
  const url = coverURL(album);
  if (cover.getAttribute("src") !== url) cover.src = url;
  cover.alt = "Cover of " + album.title;
  $("album-actions").hidden = tracks.length === 0;
  $("album-empty").hidden = tracks.length > 0;
  const focused = body.contains(document.activeElement) ? [...body.querySelectorAll("button")].indexOf(document.activeElement) : -1;
  // A track's field keeps the keyboard's focus in the rows drawn again (the track may have moved).
  const active = document.activeElement;
  const field = body.contains(active) && active.name ? { id: active.closest("tr").dataset.id, name: active.name } : null;
  $("album-edit").hidden = tracks.length === 0;
  body.replaceChildren(...albumRows(album, tracks, editing ? saveTrack : null, starOf));
  const buttons = body.querySelectorAll("button");
  const again = field && body.querySelector("tr[data-id=\"" + field.id + "\"] input[name=\"" + field.name + "\"]");
  if (again) again.focus();
  else if (focused >= 0 && buttons.length) buttons[Math.min(focused, buttons.length - 1)].focus();
  markPlaying(body);
}

// A track's Favourite toggle, once what the person recorded is known.
function starOf(track) {
  if (!mine) return null;
  const recorded = mine.tracks.find((t) => t.id === track.id);
  return trackStar(track, Boolean(recorded && recorded.starred));
}

// What the person recorded: the album's Favourite and rating, and each track's Favourite.
function showMine(album, recorded) {
  mine = recorded;
  showAlbumMine(album, recorded);
  if (recorded && shown) offerPlaylists(shown.album, carried());
  if (recorded && shown) draw(shown.album, shown.tracks);
}

// Saves one field of a track (PATCH /api/tracks/{id}: one undo step) and draws the album as it is now,
// its tracks in their new order; whether it was saved.
async function saveTrack(track, name, value) {
  if (!isConnected()) return false;
  const number = value.trim() === "" ? null : Number(value);
  const change = { [name]: name === "disc" || name === "number" ? (Number.isInteger(number) ? number : value) : value };
  try {
    const details = await api("PATCH", "/api/tracks/" + encodeURIComponent(track.id), change);
    say("Saved " + (name === "genre" ? "genres" : name) + " of “" + track.title + "”");
    draw(details, details.tracks || []);
    return true;
  } catch (error) {
    report(error);
    return false;
  }
}

export function hideAlbum() {
  load += 1;
  setEditing(false);
}

function setEditing(on) {
  editing = on;
  $("album-edit").setAttribute("aria-pressed", String(on));
  $("album-edit").textContent = on ? "Done editing" : "Edit tracks";
}

// The library changed: the album is read again (it may have been edited, rescanned or deleted).
// A track field being typed in keeps what was typed: the album is read again once it is saved or left.
export function refreshAlbum() { if (shown && !body.querySelector(".track-field.edited")) showAlbum(shown.album.id); }

export function startAlbum() {
  queue.subscribe(() => markPlaying(body));
  $("album-play").addEventListener("click", () => { if (shown) queued(queue.play(carried(), 0)); });
  $("album-next").addEventListener("click", () => {
    if (shown) queued(queue.playNext(carried()), "“" + shown.album.title + "” plays next");
  });
  $("album-queue").addEventListener("click", () => {
    if (shown) queued(queue.add(carried()), "Added “" + shown.album.title + "” to the queue");
  });
  $("album-edit").addEventListener("click", () => {
    setEditing(!editing);
    if (shown) draw(shown.album, shown.tracks);
  });
  // The tutorial's screen, on this album: it becomes the current one.
  $("album-show").addEventListener("click", async () => {
    if (!shown || !isConnected()) return;
    try {
      await api("PUT", "/api/state", { current_id: shown.album.id });
      location.hash = "#/";
      say("");
    } catch (error) {
      report(error);
    }
  });
}
