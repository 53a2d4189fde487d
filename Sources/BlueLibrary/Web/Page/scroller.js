// The tutorial's screen, the `#/` view: a cover scroller over the details table, with Undo and Trash.
// The current album's details list its tracks; the search filters the covers and lists the matching
// tracks under them.
//
// The scroller is virtual: the strip is as wide as all covers together (one every 120 px),
// but only the covers in and near the view exist, and only their albums are fetched, a page of 100 at
// a time. A library of 100,000 albums costs the page what a library of 50 does.
import { api, isConnected, onChange, onConnection } from "./api.js";
import { $, clock, count, coverKey, coverURL, numbers, report, say } from "./dom.js";
import * as queue from "./queue.js";
import { TrackResults, resultParts } from "./trackresults.js";
import { albumRows, markPlaying, totalLength } from "./tracks.js";

// Layout: covers of 100 × 100 with padding 10, one every 120 px; the scroll offset that
// centres cover i is i × 120, and a scroll that stops at offset x snaps to floor((x + 60) / 120).
const SIZE = 100, PAD = 10, PITCH = SIZE + 2 * PAD;
const PAGE = 100;              // albums per request (the server allows up to 500)
const KEEP = 2000;             // album records kept; the farthest from the view are dropped beyond that
const COVER_LOADS = 4;         // cover images in flight at once
const PAGE_LOADS = 2;          // album pages in flight at once
const STRIP_SLOTS = 100000;    // covers one strip spans (12,000,000 px; browsers cap widths near 17 M)
const SAVE_DELAY = 150;        // ms of quiet before the selection is saved (holding → saves once)
const TRACKS_DELAY = 150;      // ms of quiet before the current album's tracks are asked for

const scroller = $("scroller"), strip = $("strip"), queryInput = $("query");
const fields = [...$("details").querySelectorAll("input")];

const state = {
  query: "",           // the search the scroller shows ("" = the whole library)
  total: 0,            // albums in the scroller: the library, or the matches
  count: 0,            // albums in the library
  currentId: null,     // the current album's id
  currentPos: -1,      // its position in the scroller (-1: not among the matches)
  canUndo: false,
  canDelete: false,
  loaded: false,
};

// Albums by position in the scroller, for one generation of the list: any change to the library (or
// the search) starts a new generation, and answers for an older one are dropped.
let generation = 0;
const albums = new Map();
const pageLoads = new Set();
let base = 0;                  // the position the strip's first slot shows (non-zero only past STRIP_SLOTS)
const views = new Map();       // position → cover element, for the covers in and near the view
let coverLoads = 0;
let active = false;            // the view is shown
const results = new TrackResults(resultParts("covers-tracks"));  // the tracks the search finds
let stale = false;             // the library changed while it was hidden

function listPath(query, options) {
  const parameters = new URLSearchParams();
  if (query) parameters.set("q", query);
  if (options.offset) parameters.set("offset", String(options.offset));
  parameters.set("limit", String(options.limit || PAGE));
  if (options.around) parameters.set("around", options.around);
  return "/api/albums?" + parameters;
}

// Covers that failed while the server was away are asked for again, and the screen is read anew.
onConnection((connected) => {
  showCurrent();
  if (!connected) return;
  for (const view of views.values()) if (view.classList.contains("failed")) view.key = null;
  if (active) { reload(); flushSelection(); paint(); } else stale = true;
});

// MARK: Geometry

function stripSlots() { return Math.min(state.total, STRIP_SLOTS); }
function side() { return Math.max(0, scroller.clientWidth / 2 - PITCH / 2); }
function offsetFor(pos) { return (pos - base) * PITCH; }
function clampPos(pos) { return Math.min(Math.max(pos, 0), state.total - 1); }
function centredPos() { return clampPos(base + Math.floor((scroller.scrollLeft + PITCH / 2) / PITCH)); }
function perScreen() { return Math.max(1, Math.floor(scroller.clientWidth / PITCH)); }

function layout() {
  base = Math.min(base, Math.max(0, state.total - stripSlots()));
  strip.style.width = 2 * side() + stripSlots() * PITCH + "px";
}

// Past STRIP_SLOTS albums the strip shows a window of them; moving near its ends moves the window so
// `pos` is in its middle. Returns whether it moved (scroll offsets then mean other albums).
function rebase(pos) {
  const slots = stripSlots();
  if (state.total <= slots || (pos >= base + slots / 4 && pos < base + slots * 3 / 4)) return false;
  const moved = Math.min(Math.max(pos - Math.floor(slots / 2), 0), state.total - slots);
  if (moved === base) return false;
  base = moved;
  layout();
  return true;
}

// Where the page itself is scrolling to, smoothly: until it gets there, a scroll that ends elsewhere
// is that animation being replaced, not the user stopping on another cover.
let gliding = { left: 0, until: 0 };

function centreOn(pos, smooth) {
  if (pos < 0 || pos >= state.total) return;
  const rebased = rebase(pos);
  const left = offsetFor(pos);
  if (smooth && !rebased && Math.abs(left - scroller.scrollLeft) < 2 * scroller.clientWidth) {
    gliding = { left, until: performance.now() + 800 };
    scroller.scrollTo({ left, behavior: "smooth" });
  } else {
    gliding = { left, until: 0 };
    scroller.scrollLeft = left;
  }
  paint();
}

// MARK: The covers near the view

let paintPending = false;
function paintSoon() {
  if (paintPending) return;
  paintPending = true;
  requestAnimationFrame(() => { paintPending = false; paint(); });
}

function paint() {
  paintPending = false;
  const total = state.total, screen = perScreen() + 1;
  const left = scroller.scrollLeft - side(), width = scroller.clientWidth;
  const from = Math.max(0, base + Math.floor(left / PITCH) - screen);
  const to = Math.min(total - 1, base + Math.floor((left + width) / PITCH) + screen);
  for (const [pos, view] of views) {
    if (pos < from || pos > to) dropView(pos, view);
  }
  let previous = null;
  for (let pos = from; pos <= to; pos++) {
    let view = views.get(pos);
    if (!view) {
      view = makeView();
      views.set(pos, view);
      if (previous) previous.after(view); else strip.prepend(view);
    }
    bind(view, pos);
    previous = view;
  }
  rove();
  requestPages(from, to);
  pumpCovers();
}

function makeView() {
  const view = document.createElement("div");
  view.className = "album-view";
  view.setAttribute("role", "option");
  view.tabIndex = -1;
  const image = document.createElement("img");
  image.alt = "";
  image.decoding = "async";
  image.draggable = false;
  const spinner = document.createElement("span");
  spinner.className = "spinner";
  view.append(image, spinner);
  // The spinner stops when the image has loaded or failed, never before.
  image.addEventListener("load", () => coverDone(view, false));
  image.addEventListener("error", () => coverDone(view, true));
  view.cover = "none";
  view.pos = -1;
  return view;
}

function dropView(pos, view) {
  if (view === document.activeElement) scroller.focus({ preventScroll: true });
  stopCover(view);
  view.remove();
  views.delete(pos);
}

function bind(view, pos) {
  if (view.pos !== pos || view.side !== side() || view.base !== base) {
    view.pos = pos;
    view.side = side();
    view.base = base;
    view.style.transform = "translateX(" + (view.side + (pos - base) * PITCH + PAD) + "px)";
    view.setAttribute("aria-posinset", String(pos + 1));
  }
  view.setAttribute("aria-setsize", String(state.total));
  const album = albums.get(pos);
  const key = album ? coverKey(album) : "";
  if (view.key !== key) {
    view.key = key;
    stopCover(view);
    view.classList.remove("loaded", "failed");
    view.album = album || null;
    view.dataset.id = album ? album.id : "";
    const label = album ? album.title + " by " + album.artist : "Loading album " + numbers.format(pos + 1);
    view.setAttribute("aria-label", label);
    view.title = album ? label : "";
    // The cover's URL names the fields its artwork is drawn from, so an edit shows a new one.
    view.cover = album ? "wanted" : "none";
  }
  const current = pos === state.currentPos;
  view.classList.toggle("highlighted", current);
  view.setAttribute("aria-selected", current ? "true" : "false");
  if (current) view.setAttribute("aria-current", "true"); else view.removeAttribute("aria-current");
}

// Roving tabindex: the scroller is one Tab stop, the current cover (or, when the current album is not
// shown, the one nearest the centre); focus follows the current album while it is inside the scroller
// (a focused cover scrolled out of the DOM leaves the focus on the scroller meanwhile).
function rove() {
  let stop = views.get(state.currentPos);
  if (!stop && views.size) stop = views.get(centredPos()) || views.values().next().value;
  for (const view of views.values()) view.tabIndex = view === stop ? 0 : -1;
  const focused = document.activeElement;
  const inside = focused === scroller || strip.contains(focused);
  if (stop && focused !== stop && inside && views.has(state.currentPos)) stop.focus({ preventScroll: true });
}

function pumpCovers() {
  if (!isConnected()) return;
  while (coverLoads < COVER_LOADS) {
    // The nearest waiting cover to the centre goes first.
    const centre = centredPos();
    let next = null, distance = Infinity;
    for (const [pos, view] of views) {
      if (view.cover === "wanted" && Math.abs(pos - centre) < distance) { next = view; distance = Math.abs(pos - centre); }
    }
    if (!next) return;
    next.cover = "loading";
    coverLoads += 1;
    next.firstChild.src = coverURL(next.album);
  }
}

function coverDone(view, failed) {
  if (view.cover !== "loading") return;
  view.cover = "done";
  coverLoads -= 1;
  view.classList.add("loaded");
  view.classList.toggle("failed", failed);
  pumpCovers();
}

// A cover scrolled past stops loading: its request is cancelled and its slot goes to a nearer one.
function stopCover(view) {
  if (view.cover === "loading") {
    coverLoads -= 1;
    view.firstChild.removeAttribute("src");
  }
  view.cover = "none";
}

// MARK: Album pages

function requestPages(from, to) {
  if (from > to || !state.loaded) return;
  const centre = Math.floor(centredPos() / PAGE);
  const pages = [];
  for (let page = Math.floor(from / PAGE); page <= Math.floor(to / PAGE); page++) pages.push(page);
  pages.sort((a, b) => Math.abs(a - centre) - Math.abs(b - centre));
  for (const page of pages) {
    if (pageLoads.size >= PAGE_LOADS) return;
    if (pageLoads.has(page)) continue;
    const start = Math.max(page * PAGE, from), end = Math.min(page * PAGE + PAGE - 1, to);
    for (let pos = start; pos <= end; pos++) {
      if (!albums.has(pos)) { loadPage(page); break; }
    }
  }
}

async function loadPage(page) {
  const thisGeneration = generation;
  pageLoads.add(page);
  try {
    const data = await api("GET", listPath(state.query, { offset: page * PAGE, limit: PAGE }));
    if (thisGeneration !== generation) return;
    if (data.total !== state.total) { reload(); return; }  // the library changed; so will the view
    keep(data.offset, data.albums);
    showCurrent();
  } catch (error) {
    report(error);
  } finally {
    if (thisGeneration === generation) pageLoads.delete(page);
  }
  paintSoon();
}

function keep(offset, list) {
  list.forEach((album, i) => albums.set(offset + i, album));
  if (albums.size <= KEEP) return;
  const centre = centredPos();
  const far = [...albums.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
  for (const pos of far.slice(0, albums.size - KEEP * 3 / 4)) albums.delete(pos);
}

// MARK: Loading and following changes

let latestLoad = 0;

// Reads the state and the albums around the current one, then shows them at once. Loads overlap (a
// change event, an action's answer); only the newest is applied. `options.reveal`: when the current
// album is hidden by the search, clear the search (an album just added is always shown).
async function reload(options) {
  const thisLoad = ++latestLoad;
  const settings = options || {};
  try {
    const query = settings.query === undefined ? state.query : settings.query;
    const serverState = settings.state || (await api("GET", "/api/state"));
    if (thisLoad !== latestLoad) return;
    const mine = selectionIsMine() && state.currentId;
    const id = mine ? state.currentId : serverState.current ? serverState.current.id : null;
    const page = await api("GET", listPath(query, { limit: PAGE, around: id || undefined }));
    if (thisLoad !== latestLoad) return;
    if (settings.reveal && query && id && page.position === null) {
      queryInput.value = "";
      reload({ query: "", state: serverState });
      return;
    }
    apply(serverState, query, page, id, settings);
  } catch (error) {
    report(error);
    if (settings.query !== undefined) {
      requestedQuery = state.query;  // the search shown is still the old one; asking again tries again
      if (!error.offline) queryInput.focus();
    }
  }
}

function apply(serverState, query, page, id, settings) {
  generation += 1;
  albums.clear();
  pageLoads.clear();
  tracksFor = null;  // a change (a rescan, an edit) may have changed the tracks too: ask again
  flags(serverState);
  // The tracks follow the search the scroller shows (a search the server refused changes neither).
  if (query !== state.query) results.search(query);
  state.query = query;
  state.total = page.total;
  keep(page.offset, page.albums);
  const found = typeof page.position === "number";
  state.currentId = id;
  state.currentPos = found ? page.position : -1;
  if (!found && query && page.total > 0 && settings.query !== undefined) {
    // A new search that hides the current album makes its first match current (as the terminal does).
    state.currentPos = 0;
    state.currentId = albums.get(0).id;
    saveSelection(true);
  }
  if (!state.loaded) state.loaded = true;
  layout();
  requestedQuery = query;
  if (state.currentPos >= 0) centreOn(state.currentPos, Boolean(settings.smooth));
  paint();
  showCurrent();
}

function flags(serverState) {
  state.canUndo = serverState.can_undo;
  state.canDelete = serverState.can_delete;
  state.count = serverState.count;
}

function changed(change) {
  flags(change.state);
  if (!active) { stale = true; return; }
  if (change.kind !== "select") results.refresh();
  if (change.kind === "select") {
    const current = change.state.current;
    // Our own selections come back too; another face's selection moves the page to its album.
    if (selectionIsMine() || !current || current.id === state.currentId) { showCurrent(); return; }
    reload({ state: change.state, smooth: true });
    return;
  }
  reload({ state: change.state });
}

// MARK: The current album

let saveTimer = 0, unsaved = false, saving = null;

// Whether the page's selection is newer than the server's (chosen, and not yet saved).
function selectionIsMine() { return unsaved || saving !== null; }

function saveSelection(now) {
  unsaved = true;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(flushSelection, now ? 0 : SAVE_DELAY);
}

async function flushSelection() {
  clearTimeout(saveTimer);
  while (saving) await saving;
  if (!unsaved || !state.currentId || !isConnected()) return;
  unsaved = false;
  saving = api("PUT", "/api/state", { current_id: state.currentId }).then(flags, (error) => {
    if (error.offline) { unsaved = true; return; }
    report(error);
    reload();
  });
  await saving;
  saving = null;
}

// Makes the album at `pos` current: shown at once, saved when the user pauses.
function selectAt(pos, how) {
  if (state.total === 0) return;
  pos = clampPos(pos);
  say("");
  state.currentPos = pos;
  const album = albums.get(pos);
  state.currentId = album ? album.id : null;
  if (how !== "stay") centreOn(pos, how === "smooth");
  showCurrent();
  saveSelection(false);
}

function move(step, smooth) {
  if (state.total === 0) return;
  const from = state.currentPos >= 0 ? state.currentPos : centredPos();
  const to = clampPos(from + step);
  if (to !== state.currentPos) selectAt(to, smooth ? "smooth" : "instant");
}

function showCurrent() {
  const album = state.currentPos >= 0 ? albums.get(state.currentPos) : undefined;
  if (album && state.currentId !== album.id) {
    state.currentId = album.id;      // chosen by position before its page arrived
    if (unsaved) saveSelection(false);
  }
  for (const view of views.values()) bind(view, view.pos);
  rove();
  showDetails(album);
  $("undo").disabled = !state.canUndo || !isConnected();
  $("trash").disabled = !state.canDelete || !album || !isConnected();
  $("add-form").querySelector("button").disabled = !isConnected();
  showPosition();
}

function showPosition() {
  const total = numbers.format(state.total);
  const quoted = "“" + state.query + "”";
  let text = "";
  if (state.loaded && state.total > 0) {
    if (state.currentPos < 0) text = total + (state.total === 1 ? " album matches " : " albums match ") + quoted;
    else text = "album " + numbers.format(state.currentPos + 1) + " of " + total + (state.query ? " matching " + quoted : "");
  }
  $("position").textContent = text;
  const empty = state.loaded && state.total === 0;
  $("empty").hidden = !empty;
  $("clear-search").hidden = !(empty && state.query);
  if (empty) {
    $("empty-text").textContent = state.query
      ? "No albums match " + quoted + ". Press Esc or clear the search to see all " + numbers.format(state.count) + " albums."
      : "The library is empty: add an album below.";
  }
}

// MARK: The details table, editable in place

function display(album, name) {
  if (name !== "year") return album[name];
  return album.year === null ? "" : String(album.year);
}

function showDetails(album) {
  wantTracks(album);
  $("details").tBodies[0].hidden = !album;
  for (const input of fields) {
    input.disabled = !album || !isConnected();
    if (!album) continue;
    const shown = display(album, input.name);
    // A field being edited keeps what the user typed until Enter or Esc.
    if (input.classList.contains("edited") && input.dataset.album === album.id) continue;
    input.dataset.album = album.id;
    input.dataset.shown = shown;
    input.value = shown;
    input.classList.remove("edited");
  }
  $("edit-hint").hidden = !fields.some((input) => input.classList.contains("edited"));
}

function cancelEdit(input) {
  input.value = input.dataset.shown || "";
  input.classList.remove("edited");
  $("edit-hint").hidden = !fields.some((field) => field.classList.contains("edited"));
}

async function saveEdit(input) {
  const id = input.dataset.album;
  if (!input.classList.contains("edited") || !id || !isConnected()) return;
  try {
    await flushSelection();
    const album = await api("PATCH", "/api/albums/" + id, { [input.name]: input.value });
    input.classList.remove("edited");
    input.dataset.shown = display(album, input.name);
    input.value = input.dataset.shown;
    say("Saved " + $("field-" + input.name).textContent.toLowerCase() + " of “" + album.title + "”");
    await reload();
  } catch (error) {
    report(error);
  }
}

for (const input of fields) {
  input.addEventListener("input", () => {
    input.classList.toggle("edited", input.value !== input.dataset.shown);
    $("edit-hint").hidden = !fields.some((field) => field.classList.contains("edited"));
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); saveEdit(input); }
    else if (event.key === "Escape") { event.preventDefault(); cancelEdit(input); }
  });
  // Leaving a field without Enter cancels its edit, as Esc does.
  input.addEventListener("blur", () => cancelEdit(input));
}

// MARK: The album's tracks

// The details list the current album's tracks, asked for (GET /api/albums/{id}) once the selection
// has been still for a moment, so holding → asks for one album's, not every album's passed. A track's
// play button plays the album from it through the queue; the others play it next or queue it.
let tracksFor = null;          // the album whose tracks are shown or asked for
let tracksTimer = 0, tracksLoad = 0;
let shown = { album: null, tracks: [] };
const trackRows = $("track-list").tBodies[0];

function wantTracks(album) {
  const id = album ? album.id : null;
  if (id === tracksFor) return;
  tracksFor = id;
  clearTimeout(tracksTimer);
  if (!shown.album || shown.album.id !== id) showTracks(null, []);
  if (id) tracksTimer = setTimeout(() => loadTracks(id), TRACKS_DELAY);
}

async function loadTracks(id) {
  const load = ++tracksLoad;
  try {
    const details = await api("GET", "/api/albums/" + encodeURIComponent(id));
    if (load === tracksLoad && tracksFor === id) showTracks(details, details.tracks || []);
  } catch (error) {
    // An album deleted meanwhile has no tracks to show; the change brings the next album's.
    if (load === tracksLoad && error.status !== 404) report(error);
  }
}

function showTracks(album, tracks) {
  // A keyboard user whose focus was on a button of the list being replaced keeps a place.
  const hadFocus = trackRows.contains(document.activeElement);
  shown = { album, tracks };
  trackRows.replaceChildren(...(album ? albumRows(album, tracks) : []));
  $("tracks").hidden = tracks.length === 0;
  $("tracks-total").textContent = count(tracks.length, "track", "tracks") + ", " + clock(totalLength(tracks));
  markPlaying(trackRows);
  if (hadFocus && !trackRows.contains(document.activeElement)) {
    const first = trackRows.querySelector("button");
    const view = views.get(state.currentPos);
    if (first) first.focus(); else if (view) view.focus({ preventScroll: true }); else scroller.focus({ preventScroll: true });
  }
}

queue.subscribe(() => markPlaying(trackRows));

// MARK: Actions

async function act(method, path, body, message) {
  if (!isConnected()) return;
  const focused = document.activeElement;
  try {
    await flushSelection();
    const result = await api(method, path, body);
    if (result.state) flags(result.state);
    say(typeof message === "function" ? message(result) : message);
    await reload();
  } catch (error) {
    report(error);
  }
  // A button that disabled itself (Undo with nothing left to undo) hands the focus to the scroller.
  if (focused && focused.disabled && document.activeElement !== focused) {
    const view = views.get(state.currentPos);
    if (view) view.focus({ preventScroll: true });
  }
}

function deleteCurrent() {
  const album = albums.get(state.currentPos);
  if (!state.canDelete || !album || !isConnected()) return;
  act("DELETE", "/api/albums/" + album.id, undefined, (result) => "Deleted “" + result.deleted.title + "”");
}
const undo = () => state.canUndo && act("POST", "/api/undo", undefined, "Undone");
const redo = () => act("POST", "/api/redo", undefined, (result) => result.changed ? "Redone" : "Nothing to redo");

// The search asked for last (Enter, the clear button and Esc may all ask for the same one).
let requestedQuery = "";

function applySearch(text) {
  if (text === requestedQuery) return;
  requestedQuery = text;
  say("");
  reload({ query: text });
}

function clearSearch() {
  queryInput.value = "";
  applySearch("");
}

$("add-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!isConnected()) return;
  const form = new FormData(event.target);
  // The year goes as typed: the server reads it as the command line reads --year, and an error
  // quotes it back exactly.
  const album = {};
  for (const name of ["title", "artist", "genre", "year", "cover_url"]) album[name] = String(form.get(name) || "");
  try {
    await flushSelection();
    const added = await api("POST", "/api/albums", album);
    event.target.reset();
    // The new album becomes current and the scroller goes to it (clearing a search that hides it).
    state.currentId = added.id;
    unsaved = true;
    await flushSelection();
    say("Added “" + added.title + "”" + (added.year === null ? "" : " (" + added.year + ")"));
    await reload({ reveal: true, smooth: true });
  } catch (error) {
    report(error);
  }
});

// MARK: Input

strip.addEventListener("click", (event) => {
  const view = event.target.closest(".album-view");
  if (view && views.get(view.pos) === view) selectAt(view.pos, "smooth");
});

// When a drag, a flick or a scroll ends, the scroller snaps so the cover nearest the centre is centred,
// and that album becomes the current one.
let settleTimer = 0;
function settled() {
  clearTimeout(settleTimer);
  if (state.total === 0) return;
  if (performance.now() < gliding.until && Math.abs(scroller.scrollLeft - gliding.left) > 1) return;
  const pos = centredPos();
  if (rebase(pos)) scroller.scrollLeft = offsetFor(pos);
  else if (Math.abs(scroller.scrollLeft - offsetFor(pos)) > 1) scroller.scrollTo({ left: offsetFor(pos), behavior: "smooth" });
  if (pos !== state.currentPos) selectAt(pos, "stay");
}
const hasScrollEnd = "onscrollend" in window;
scroller.addEventListener("scroll", () => {
  paintSoon();
  if (hasScrollEnd) return;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(settled, 200);
});
if (hasScrollEnd) scroller.addEventListener("scrollend", settled);

// The scroller's width changes with the window, and when a page scrollbar comes or goes.
new ResizeObserver(() => {
  layout();
  if (state.currentPos >= 0) scroller.scrollLeft = offsetFor(state.currentPos);
  paint();
}).observe(scroller);

// The keys of this view (app.js hands them over while it is shown); returns whether it took the key.
export function coversKey(event) {
  const target = event.target;
  if (target.closest("input, textarea, select")) {
    if (target === queryInput && event.key === "Escape" && state.query) { clearSearch(); return true; }
    return false;
  }
  if (event.ctrlKey || event.metaKey) {
    if (event.key.toLowerCase() !== "z") return false;
    if (event.shiftKey) redo(); else undo();
  } else if (event.shiftKey) return false;  // Shift+←/→ seek the player
  else if (event.key === "ArrowLeft") move(-1, !event.repeat);
  else if (event.key === "ArrowRight") move(1, !event.repeat);
  else if (event.key === "PageUp") move(-perScreen(), false);
  else if (event.key === "PageDown") move(perScreen(), false);
  else if (event.key === "Home") move(-state.total, false);
  else if (event.key === "End") move(state.total, false);
  else if (event.key === "Delete") deleteCurrent();
  else if (event.key === "Escape" && state.query) clearSearch();
  else if (target.classList.contains("album-view") && event.key === "Enter") selectAt(target.pos, "smooth");
  else return false;
  return true;
}

$("undo").addEventListener("click", undo);
$("trash").addEventListener("click", deleteCurrent);
$("clear-search").addEventListener("click", () => { clearSearch(); queryInput.focus(); });

// MARK: The view

// The search of this view: the scroller shows the matching albums, and the matching tracks follow.
export function coversSearch(text) {
  applySearch(text);
}

// The view is shown again: what changed while it was hidden is read now.
export function showCovers() {
  active = true;
  layout();
  if (stale || !state.loaded) { stale = false; reload(); }
  else { if (state.currentPos >= 0) scroller.scrollLeft = offsetFor(state.currentPos); paint(); }
}

export function hideCovers() { active = false; }

// Starts the view: its first load, then every change to the library.
export function startCovers() {
  onChange(changed);
}

// The search the scroller shows, for the search box.
export function coversQuery() { return state.query; }
