// The play queue: the tracks to play in order, which one is current, shuffle and repeat. It lives in
// the browser (localStorage), so it survives a reload; the player plays what it says, and the queue
// panel shows and edits it. One owner for the list: every change goes through a function here and is
// told to the subscribers.
const KEY = "bluelibrary.queue";
export const LIMIT = 5000;        // tracks the queue holds (each costs a few hundred bytes of storage)
const REPEATS = ["off", "all", "one"];

const state = { items: [], index: -1, shuffle: false, repeat: "off", time: 0, volume: 1, muted: false };
let nextKey = 1;
const subscribers = new Set();

// A track as the queue keeps it: what the player and the panel show, and the URL that plays it.
function entry(track) {
  const album = track.album || {};
  return {
    id: track.id, title: track.title, artist: track.artist, duration: Number(track.duration) || 0,
    audio: track.audio, replayGain: replayGain(track.replayGain),
    album: { id: album.id, title: album.title || "", artist: album.artist || "", cover_url: album.cover_url || "" },
  };
}

// ReplayGain values kept with a queued track: finite numbers only (a saved queue is not trusted).
function replayGain(values) {
  if (!values || typeof values !== "object") return null;
  const kept = {};
  for (const key of ["trackGain", "trackPeak", "albumGain", "albumPeak"]) {
    if (Number.isFinite(values[key])) kept[key] = values[key];
  }
  return Object.keys(kept).length ? kept : null;
}

function item(track, rank) { return { key: nextKey++, track: entry(track), rank }; }

// Tells the subscribers what changed: `current` when another track (or none) is current, `play` when it
// should start playing now.
function changed(how) {
  save();
  for (const subscriber of subscribers) subscriber(how || {});
}

export function subscribe(subscriber) { subscribers.add(subscriber); }

export function items() { return state.items; }
export function index() { return state.index; }
export function current() { return state.items[state.index] || null; }
export function shuffle() { return state.shuffle; }
export function repeat() { return state.repeat; }
export function savedTime() { return state.time; }
export function volume() { return { volume: state.volume, muted: state.muted }; }

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify({
      version: 1, items: state.items.map((i) => ({ track: i.track, rank: i.rank })), index: state.index,
      shuffle: state.shuffle, repeat: state.repeat, time: state.time, volume: state.volume, muted: state.muted,
    }));
  } catch (error) {
    // Storage full or off (a private window): the queue still works, it just will not survive a reload.
  }
}

// Reads the queue saved by the last visit; anything malformed is dropped rather than trusted.
export function restore() {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (error) { saved = null; }
  if (!saved || saved.version !== 1 || !Array.isArray(saved.items)) return;
  const valid = (t) => t && typeof t.id === "string" && typeof t.title === "string" && typeof t.audio === "string"
    && t.audio.startsWith("/api/tracks/") && t.album && typeof t.album.id === "string";
  state.items = saved.items.filter((i) => i && valid(i.track)).slice(0, LIMIT)
    .map((i, n) => ({ key: nextKey++, track: entry(i.track), rank: Number.isFinite(i.rank) ? i.rank : n }));
  state.index = Number.isInteger(saved.index) && saved.index < state.items.length ? saved.index : (state.items.length ? 0 : -1);
  state.shuffle = saved.shuffle === true;
  state.repeat = REPEATS.includes(saved.repeat) ? saved.repeat : "off";
  state.time = Number.isFinite(saved.time) && saved.time > 0 ? saved.time : 0;
  state.volume = Number.isFinite(saved.volume) ? Math.min(Math.max(saved.volume, 0), 1) : 1;
  state.muted = saved.muted === true;
}

function room(tracks) {
  const left = LIMIT - state.items.length;
  if (tracks.length > left) {
    const error = new Error("The queue holds at most " + LIMIT.toLocaleString("en-US") + " tracks; "
      + (left > 0 ? "only the first " + left + " were added." : "clear some first."));
    error.partial = left > 0;
    return { tracks: tracks.slice(0, Math.max(left, 0)), error };
  }
  return { tracks, error: null };
}

function shuffled(list) {
  const copy = list.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// Plays `tracks` from the `start`-th, replacing the queue (shuffled after it, when shuffle is on).
export function play(tracks, start) {
  const fitted = tracks.slice(0, LIMIT);
  if (!fitted.length) return null;
  const first = Math.min(Math.max(start || 0, 0), fitted.length - 1);
  let list = fitted.map((track, n) => item(track, n));
  if (state.shuffle) list = [list[first]].concat(shuffled(list.filter((_, n) => n !== first)));
  state.items = list;
  state.index = state.shuffle ? 0 : first;
  state.time = 0;
  changed({ current: true, play: true });
  return tracks.length > LIMIT ? new Error("The queue holds at most " + LIMIT.toLocaleString("en-US") + " tracks.") : null;
}

// Takes over a queue saved elsewhere (another browser, a phone): `tracks` in order, the `start`-th
// current, ready (not playing) at `time` seconds. Shuffle is off: the order is the one saved.
export function resume(tracks, start, time) {
  const fitted = tracks.slice(0, LIMIT);
  state.items = fitted.map((track, n) => item(track, n));
  state.index = fitted.length ? Math.min(Math.max(start || 0, 0), fitted.length - 1) : -1;
  state.shuffle = false;
  state.time = Number.isFinite(time) && time > 0 ? time : 0;
  changed({ current: true, restore: true });
}

// Puts `tracks` right after the current track (or starts the queue with them).
export function playNext(tracks) {
  const { tracks: fitted, error } = room(tracks);
  if (!fitted.length) return error;
  if (state.index < 0) return play(fitted, 0) || error;
  const here = state.items[state.index].rank;
  const after = state.items[state.index + 1];
  const ceiling = after && after.rank > here ? after.rank : here + 1;
  const step = (ceiling - here) / (fitted.length + 1);
  const made = fitted.map((track, n) => item(track, here + step * (n + 1)));
  state.items.splice(state.index + 1, 0, ...made);
  changed({});
  return error;
}

// Adds `tracks` at the end (a queue that was empty gets them ready, not playing).
export function add(tracks) {
  const { tracks: fitted, error } = room(tracks);
  if (!fitted.length) return error;
  const top = state.items.reduce((highest, i) => Math.max(highest, i.rank), -1);
  state.items.push(...fitted.map((track, n) => item(track, top + 1 + n)));
  const wasEmpty = state.index < 0;
  if (wasEmpty) { state.index = 0; state.time = 0; }
  changed({ current: wasEmpty });
  return error;
}

// Makes the `position`-th track current, playing it unless `play` is false.
export function select(position, andPlay) {
  if (position < 0 || position >= state.items.length) return;
  state.index = position;
  state.time = 0;
  changed({ current: true, play: andPlay !== false });
}

// Moves a track to another place; the current track stays current wherever it goes.
export function move(from, to) {
  if (from === to || from < 0 || to < 0 || from >= state.items.length || to >= state.items.length) return;
  const playing = state.items[state.index];
  const [moved] = state.items.splice(from, 1);
  state.items.splice(to, 0, moved);
  state.index = state.items.indexOf(playing);
  // In order (shuffle off), the new order is the order to come back to.
  if (!state.shuffle) state.items.forEach((i, n) => { i.rank = n; });
  changed({});
}

// Removes a track; removing the current one makes the next current (playing if it was).
export function remove(position, playing) {
  if (position < 0 || position >= state.items.length) return;
  const wasCurrent = position === state.index;
  state.items.splice(position, 1);
  if (position < state.index) state.index -= 1;
  if (!state.items.length) { state.index = -1; state.time = 0; }
  else if (wasCurrent) { state.index = Math.min(state.index, state.items.length - 1); state.time = 0; }
  changed({ current: wasCurrent, play: wasCurrent && playing });
}

export function clear() {
  state.items = [];
  state.index = -1;
  state.time = 0;
  changed({ current: true });
}

// Shuffle on: the tracks after the current one play in a random order. Off: back in their order.
export function setShuffle(on) {
  if (state.shuffle === on) return;
  state.shuffle = on;
  const playing = state.items[state.index];
  if (on) {
    const rest = state.items.filter((i) => i !== playing);
    state.items = (playing ? [playing] : []).concat(shuffled(rest));
  } else {
    state.items.sort((a, b) => a.rank - b.rank);
  }
  state.index = playing ? state.items.indexOf(playing) : -1;
  changed({});
}

// Off → all → one → off.
export function cycleRepeat() {
  state.repeat = REPEATS[(REPEATS.indexOf(state.repeat) + 1) % REPEATS.length];
  changed({});
}

// The track to play after the current one: itself (repeat one, when it ends by itself), the next, the
// first again (repeat all), or none.
export function following(ended) {
  if (state.index < 0) return -1;
  if (ended && state.repeat === "one") return state.index;
  if (state.index + 1 < state.items.length) return state.index + 1;
  return state.repeat === "all" ? 0 : -1;
}

export function preceding() {
  if (state.index > 0) return state.index - 1;
  return state.repeat === "all" && state.items.length ? state.items.length - 1 : -1;
}

// Where the current track is, saved now and then, so a reload resumes there.
export function saveTime(seconds) {
  state.time = seconds;
  save();
}

export function saveVolume(level, muted) {
  state.volume = level;
  state.muted = muted;
  save();
}
