// The browser view of BlueLibrary: it renders what the JSON API says and sends the user's actions
// back. Album text is only ever set with textContent (or an input's value). Everything lives in one
// function scope, so the page adds nothing to the global object. The current album's details show
// its tracks, and one <audio> element plays an album from any of them to its end.
//
// The scroller is virtual: the strip is as wide as all covers together (one every 120 px),
// but only the covers in and near the view exist, and only their albums are fetched, a page of 100 at
// a time. A library of 100,000 albums costs the page what a library of 50 does.
(function () {
"use strict";

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

const token = new URLSearchParams(location.search).get("token");
// Off loopback every request but the page's own files needs the token; an <img>, an <audio> and an
// EventSource send no header of ours, so theirs goes in the URL.
const tokenParameter = (separator) => (token ? separator + "token=" + encodeURIComponent(token) : "");
const $ = (id) => document.getElementById(id);
const scroller = $("scroller"), strip = $("strip"), queryInput = $("query");
const fields = [...$("details").querySelectorAll("input")];
const numbers = new Intl.NumberFormat("en-US");

const state = {
  query: "",           // the search the scroller shows ("" = the whole library)
  total: 0,            // albums in the scroller: the library, or the matches
  count: 0,            // albums in the library
  currentId: null,     // the current album's id
  currentPos: -1,      // its position in the scroller (-1: not among the matches)
  canUndo: false,
  canDelete: false,
  connected: true,
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

// MARK: Talking to the server

async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-BlueLibrary-Token"] = token;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (failure) {
    // No answer at all: the server is gone. The banner says so; the event stream brings it back.
    setConnected(false);
    const error = new Error("the server does not answer");
    error.offline = true;
    throw error;
  }
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error ? data.error.message : response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

function listPath(query, options) {
  const parameters = new URLSearchParams();
  if (query) parameters.set("q", query);
  if (options.offset) parameters.set("offset", String(options.offset));
  parameters.set("limit", String(options.limit || PAGE));
  if (options.around) parameters.set("around", options.around);
  return "/api/albums?" + parameters;
}

// MARK: Messages

// One line of status under the page: what the last action did, or what went wrong. The next
// successful action replaces or clears it.
function say(text, isError) {
  const status = $("status");
  status.textContent = text || "";
  status.classList.toggle("error", Boolean(isError && text));
}

function report(error) {
  if (!error.offline) say(error.message, true);
}

function setConnected(connected) {
  if (state.connected === connected) return;
  state.connected = connected;
  $("connection").hidden = connected;
  showCurrent();
  if (connected) {
    // Covers that failed while the server was away are asked for again.
    for (const view of views.values()) if (view.classList.contains("failed")) view.key = null;
    reload();
    flushSelection();
    paint();
  }
}

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

function coverKey(album) { return album.id + "\n" + album.title + "\n" + album.artist + "\n" + album.cover_url; }

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
  if (!state.connected) return;
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
    next.firstChild.src = "/covers/" + next.album.id + "?v=" + coverVersion(next.album) + tokenParameter("&");
  }
}

function coverVersion(album) {
  let hash = 0;
  const text = coverKey(album);
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
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

function onChange(event) {
  const change = JSON.parse(event.data);
  flags(change.state);
  if (change.kind === "select") {
    const current = change.state.current;
    // Our own selections come back too; another face's selection moves the page to its album.
    if (selectionIsMine() || !current || current.id === state.currentId) { showCurrent(); return; }
    reload({ state: change.state, smooth: true });
    return;
  }
  reload({ state: change.state });
}

// Server-sent events: every change, from any page or process, reaches the page; when the stream
// breaks the server is gone, and the browser reconnects to it by itself (a stream the server refused
// is opened again here).
function listen() {
  const events = new EventSource("/events" + tokenParameter("?"));
  events.addEventListener("open", () => setConnected(true));
  events.addEventListener("change", onChange);
  events.addEventListener("error", () => {
    setConnected(false);
    if (events.readyState === EventSource.CLOSED) {
      events.close();
      setTimeout(listen, 2000);
    }
  });
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
  if (!unsaved || !state.currentId || !state.connected) return;
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
  $("undo").disabled = !state.canUndo || !state.connected;
  $("trash").disabled = !state.canDelete || !album || !state.connected;
  $("add-form").querySelector("button").disabled = !state.connected;
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
    input.disabled = !album || !state.connected;
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
  if (!input.classList.contains("edited") || !id || !state.connected) return;
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

// MARK: The album's tracks, and playing them

// The details list the current album's tracks, asked for (GET /api/albums/{id}) once the selection
// has been still for a moment, so holding → asks for one album's, not every album's passed.
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

function clock(seconds) {
  const total = Math.round(Math.max(Number(seconds) || 0, 0));
  const hours = Math.floor(total / 3600), minutes = Math.floor(total / 60) % 60, rest = total % 60;
  const mm = hours > 0 && minutes < 10 ? "0" + minutes : String(minutes);
  return (hours > 0 ? hours + ":" : "") + mm + ":" + (rest < 10 ? "0" : "") + rest;
}

function cell(text, className) {
  const td = document.createElement("td");
  td.className = className;
  td.textContent = text;
  return td;
}

function trackRow(album, tracks, index, discs) {
  const track = tracks[index];
  const row = document.createElement("tr");
  const play = document.createElement("button");
  play.type = "button";
  play.className = "play";
  play.textContent = "▶";
  play.setAttribute("aria-label", "Play " + track.title);
  play.title = "Play “" + track.title + "” and the tracks after it";
  play.addEventListener("click", () => playAlbum(album, tracks, index));
  const first = document.createElement("td");
  first.append(play);
  let number = track.number === null ? "" : String(track.number);
  if (discs) number = track.disc + "-" + (track.number === null ? "–" : number.padStart(2, "0"));
  const title = cell(track.title, "track-title");
  if (track.artist && track.artist !== album.artist) {
    const artist = document.createElement("span");
    artist.className = "track-artist";
    artist.textContent = " — " + track.artist;
    title.append(artist);
  }
  row.append(first, cell(number, "track-number"), title, cell(clock(track.duration), "track-duration"));
  return row;
}

function showTracks(album, tracks) {
  // A keyboard user whose focus was on a play button of the list being replaced keeps a place.
  const hadFocus = trackRows.contains(document.activeElement);
  shown = { album, tracks };
  const discs = new Set(tracks.map((track) => track.disc)).size > 1;
  trackRows.replaceChildren(...tracks.map((_, index) => trackRow(album, tracks, index, discs)));
  $("tracks").hidden = tracks.length === 0;
  const total = tracks.reduce((sum, track) => sum + (Number(track.duration) || 0), 0);
  $("tracks-total").textContent = tracks.length + (tracks.length === 1 ? " track, " : " tracks, ") + clock(total);
  markPlaying();
  if (hadFocus && !trackRows.contains(document.activeElement)) {
    const first = trackRows.querySelector("button");
    const view = views.get(state.currentPos);
    if (first) first.focus(); else if (view) view.focus({ preventScroll: true }); else scroller.focus({ preventScroll: true });
  }
}

// One <audio> element plays an album's tracks in order from the one chosen; the next starts when one
// ends. The player bar says what plays and pauses or stops it, whatever album the details show.
const audio = $("audio");
const player = { album: null, tracks: [], index: -1 };

function audioURL(track) {
  return track.audio + tokenParameter("?");
}

function playAlbum(album, tracks, index) {
  player.album = album;
  player.tracks = tracks;
  playTrack(index);
}

function playTrack(index) {
  const track = player.tracks[index];
  if (!track) { stopPlaying(); return; }
  player.index = index;
  audio.src = audioURL(track);
  const started = audio.play();
  // A newer choice replacing this one aborts it; anything else is worth saying.
  if (started) started.catch((error) => { if (error.name !== "AbortError") cannotPlay(track, error.message); });
  showPlayer();
}

function stopPlaying() {
  player.album = null;
  player.tracks = [];
  player.index = -1;
  audio.pause();
  audio.removeAttribute("src");
  audio.load();  // lets go of the file
  showPlayer();
}

function cannotPlay(track, reason) {
  say("Cannot play “" + track.title + "”" + (reason ? ": " + reason : ""), true);
}

function showPlayer() {
  const track = player.tracks[player.index];
  $("player").hidden = !track;
  if (track) {
    const where = " (" + (player.index + 1) + " of " + player.tracks.length + ", " + player.album.title + ")";
    $("now-playing").textContent = (audio.paused ? "Paused: " : "Playing: ") + track.title + where;
  }
  $("pause").textContent = audio.paused ? "Resume" : "Pause";
  markPlaying();
}

function markPlaying() {
  const here = player.album && shown.album && player.album.id === shown.album.id;
  [...trackRows.rows].forEach((row, index) => {
    const playing = here && index === player.index;
    row.classList.toggle("playing", playing);
    if (playing) row.setAttribute("aria-current", "true"); else row.removeAttribute("aria-current");
  });
}

audio.addEventListener("ended", () => playTrack(player.index + 1));
audio.addEventListener("play", showPlayer);
audio.addEventListener("pause", showPlayer);
audio.addEventListener("error", () => {
  const track = player.tracks[player.index];
  if (!track) return;
  cannotPlay(track, audio.error && audio.error.message);
  stopPlaying();
});
$("pause").addEventListener("click", () => {
  if (!audio.paused) { audio.pause(); return; }
  const resumed = audio.play();
  if (resumed) resumed.catch((error) => cannotPlay(player.tracks[player.index] || { title: "" }, error.message));
});
$("stop").addEventListener("click", () => {
  stopPlaying();
  const view = views.get(state.currentPos);
  if (view) view.focus({ preventScroll: true });
});

// MARK: Actions

async function act(method, path, body, message) {
  if (!state.connected) return;
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
  if (!state.canDelete || !album || !state.connected) return;
  act("DELETE", "/api/albums/" + album.id, undefined, (result) => "Deleted “" + result.deleted.title + "”");
}
const undo = () => state.canUndo && act("POST", "/api/undo", {}, "Undone");
const redo = () => act("POST", "/api/redo", {}, (result) => result.changed ? "Redone" : "Nothing to redo");

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
  if (!state.connected) return;
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

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey) return;
  const target = event.target;
  if (target.closest("input, textarea, select")) {
    if (target === queryInput && event.key === "Escape") { clearSearch(); event.preventDefault(); }
    return;
  }
  const onCover = target.classList.contains("album-view");
  if (event.ctrlKey || event.metaKey) {
    if (event.key.toLowerCase() !== "z") return;
    if (event.shiftKey) redo(); else undo();
  } else if (event.key === "ArrowLeft") move(-1, !event.repeat);
  else if (event.key === "ArrowRight") move(1, !event.repeat);
  else if (event.key === "PageUp") move(-perScreen(), false);
  else if (event.key === "PageDown") move(perScreen(), false);
  else if (event.key === "Home") move(-state.total, false);
  else if (event.key === "End") move(state.total, false);
  else if (event.key === "Delete") deleteCurrent();
  else if (event.key === "/") { queryInput.focus(); queryInput.select(); }
  else if (event.key === "Escape" && state.query) clearSearch();
  else if (onCover && (event.key === "Enter" || event.key === " ")) selectAt(target.pos, "smooth");
  else return;
  event.preventDefault();
});

$("undo").addEventListener("click", undo);
$("trash").addEventListener("click", deleteCurrent);
$("clear-search").addEventListener("click", () => { clearSearch(); queryInput.focus(); });
$("search").addEventListener("submit", (event) => { event.preventDefault(); applySearch(queryInput.value.trim()); });
// The search box's own clear button (and Esc in it) empties it.
queryInput.addEventListener("search", () => { if (queryInput.value === "") applySearch(""); });

listen();
reload();
})();
