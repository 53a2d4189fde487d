// Tracks as every view lists them — an album's, or a search's — each row with a button that plays it
// (and, for an album, the tracks after it), its number, title, artist when it is not the album's,
// album (in a search, under the title), length, and two buttons: play next, add to the queue.
import { button, clock, element, report, routes, say } from "./dom.js";
import * as queue from "./queue.js";
import { signedIn } from "./account.js";
import { offerToPlaylist } from "./toplaylist.js";

// Says what an action on the queue did (or that the queue is full).
export function queued(error, text) {
  if (error) report(error); else say(text);
}

function cell(text, className) {
  const made = element("td", className);
  if (text !== null) made.textContent = text;
  return made;
}

// One row. `album` is the album every track shares (null in a search, where each names its own);
// `play()` plays from this track.
export function trackRow(track, options) {
  const row = element("tr", "track");
  const play = button("Play " + track.title, { icon: "play", className: "icon-button play" });
  play.title = options.album ? "Play “" + track.title + "” and the tracks after it" : "Play “" + track.title + "”";
  play.addEventListener("click", options.play);
  const first = cell(null, "track-play");
  first.append(play);
  const number = track.number === null || track.number === undefined ? "" : String(track.number);
  const title = cell(options.edit ? null : track.title, "track-title");
  const albumArtist = options.album ? options.album.artist : track.album.artist;
  if (options.edit) {
    // A track's own genres (names separated by "; "); empty, its album's apply, which the field shows
    // greyed until something is typed.
    const genres = field(track, "genre", (track.genres || []).join("; "), options.edit);
    genres.placeholder = options.album ? options.album.genre : "";
    title.append(field(track, "title", track.title, options.edit), field(track, "artist", track.artist, options.edit), genres);
  } else if (track.artist && track.artist !== albumArtist) {
    title.append(element("span", "track-artist", " — " + track.artist));
  }
  const cells = [first];
  if (options.album && options.edit) {
    const numbers = cell(null, "track-number");
    numbers.append(field(track, "disc", String(track.disc), options.edit), field(track, "number", number, options.edit));
    cells.push(numbers);
  } else if (options.album) {
    cells.push(cell(number, "track-number"));
  }
  if (!options.album) {
    // In a search each track says which album it is on, under its title.
    const from = element("span", "track-from", "from ");
    const link = element("a", null, track.album.title);
    link.href = routes.album(track.album.id);
    from.append(link);
    title.append(from);
  }
  cells.push(title);
  cells.push(cell(clock(track.duration), "track-duration"));
  const actions = cell(null, "track-actions");
  const next = button("Play " + track.title + " next", { icon: "playNext", className: "icon-button" });
  next.addEventListener("click", () => queued(queue.playNext([track]), "“" + track.title + "” plays next"));
  const add = button("Add " + track.title + " to the queue", { icon: "add", className: "icon-button" });
  add.addEventListener("click", () => queued(queue.add([track]), "Added “" + track.title + "” to the queue"));
  actions.append(next, add);
  if (signedIn()) {
    const keep = button("Add " + track.title + " to a playlist", { icon: "toPlaylist", className: "icon-button" });
    keep.addEventListener("click", () => offerToPlaylist([track], "“" + track.title + "”"));
    actions.append(keep);
  }
  // A control of the caller's before them (a signed-in person's Favourite toggle).
  const extra = options.extra ? options.extra(track) : null;
  if (extra) actions.prepend(extra);
  cells.push(actions);
  row.append(...cells);
  row.dataset.id = track.id;
  return row;
}

const FIELD_NAMES = { title: "Title", artist: "Artist", disc: "Disc", number: "Number", genre: "Genres" };

// One field of a track being edited, as the album's fields are: Enter saves it (`save(track, name, value)`,
// which answers whether it was saved), Esc or leaving it puts back what it was.
function field(track, name, value, save) {
  const input = element("input", "track-field track-" + name + "-field");
  input.name = name;
  input.value = value;
  input.dataset.shown = value;
  input.setAttribute("aria-label", FIELD_NAMES[name] + " of “" + track.title + "”");
  if (name === "disc" || name === "number") { input.inputMode = "numeric"; input.size = 3; }
  input.addEventListener("input", () => input.classList.toggle("edited", input.value !== input.dataset.shown));
  input.addEventListener("keydown", async (event) => {
    if (event.key === "Escape") { event.preventDefault(); input.value = input.dataset.shown; input.classList.remove("edited"); }
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (input.value === input.dataset.shown) return;
    if (await save(track, name, input.value)) { input.dataset.shown = input.value; input.classList.remove("edited"); }
  });
  input.addEventListener("blur", () => { input.value = input.dataset.shown; input.classList.remove("edited"); });
  return input;
}

// The rows of an album's tracks; a play button plays the album from its track. An album of several discs
// has a heading row before each disc's tracks: "Disc 2", or "Disc 2 — The Live Set" with its subtitle.
// With `edit` (see `field`), each track's title, artist, genres, disc and number are fields to edit; `extra(track)`
// gives a control to put before each row's queue buttons (or null).
export function albumRows(album, tracks, edit, extra) {
  const discs = new Set(tracks.map((track) => track.disc)).size > 1;
  // Each track carries its album, so the queue can show and find it.
  const carried = tracks.map((track) => Object.assign({}, track, { album }));
  const rows = [];
  carried.forEach((track, index) => {
    if (discs && (index === 0 || carried[index - 1].disc !== track.disc)) rows.push(discHeading(track));
    rows.push(trackRow(track, { album, edit, extra, play: () => queued(queue.play(carried, index)) }));
  });
  return rows;
}

function discHeading(track) {
  const row = element("tr", "disc-heading");
  const heading = element("th", null, "Disc " + track.disc + (track.discSubtitle ? " — " + track.discSubtitle : ""));
  heading.scope = "colgroup";
  heading.colSpan = 5;
  row.append(heading);
  return row;
}

// Marks the row of the track that is current in the queue.
export function markPlaying(body) {
  const current = queue.current();
  for (const row of body.rows) {
    const playing = current !== null && row.dataset.id === current.track.id;
    row.classList.toggle("playing", playing);
    if (playing) row.setAttribute("aria-current", "true"); else row.removeAttribute("aria-current");
  }
}

export function totalLength(tracks) {
  return tracks.reduce((sum, track) => sum + (Number(track.duration) || 0), 0);
}
