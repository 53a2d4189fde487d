// The player bar: what plays (cover, title, artist), play/pause, previous/next, a seek slider with the
// elapsed and total time, and the volume. It plays what the queue says. Two <audio> elements take turns:
// while one plays, the other loads the next track, so when a track ends the next starts from memory at
// once. The Media Session API gives media keys and a phone's lock screen the same controls.
//
// ReplayGain: each track plays at the loudness its tags ask for (setting: off, track — the default — or
// album, kept per browser), never past its peak. An <audio> element cannot play louder than its file, so a
// positive gain plays at the volume set.
//
// Quality (kept per browser): the file as it is, or Opus or MP3 at a bit rate, which the server transcodes
// as it sends. A transcode cannot be sought in by ranges: seeking asks for it again from that time
// (`timeOffset`), and the element's own clock then counts from there (`element.offset`).
import { withToken } from "./api.js";
import { $, clock, coverURL, routes, say, setIcon } from "./dom.js";
import { played, showPlayerStar, started as playStarted } from "./favourites.js";
import * as queue from "./queue.js";

const players = [$("audio"), $("audio-next")];
let active = 0;                 // which element plays; the other holds the next track
const bar = $("player"), seek = $("seek"), volume = $("volume");
let dragging = false;           // the seek slider is held: the time shown is the slider's
let savedAt = 0;                // when the position was last saved
let failures = 0;               // tracks in a row that would not play
let restoring = 0;              // the position to resume at once the restored track's metadata is in
let wanted = false;             // whether the user wants music now (played, and not paused since)

const audio = () => players[active];
const spare = () => players[1 - active];

const QUALITY_KEY = "bluelibrary.quality";
const QUALITIES = /^(original|(opus|mp3)-(320|192|128|96))$/;

export function quality() {
  let value = null;
  try { value = localStorage.getItem(QUALITY_KEY); } catch (error) { value = null; }
  return QUALITIES.test(value || "") ? value : "original";
}

const transcoding = () => quality() !== "original";

// Where a track plays from: its file, or a transcode in the quality set, from `offset` seconds.
function urlOf(item, offset = 0) {
  let url = item.track.audio;
  if (transcoding()) {
    const [format, rate] = quality().split("-");
    url += "?format=" + format + "&maxBitRate=" + rate + (offset > 0 ? "&timeOffset=" + offset.toFixed(1) : "");
  }
  return withToken(url);
}

const GAIN_KEY = "bluelibrary.replaygain";
const GAIN_MODES = ["off", "track", "album"];

export function replayGainMode() {
  let mode = null;
  try { mode = localStorage.getItem(GAIN_KEY); } catch (error) { mode = null; }
  return GAIN_MODES.includes(mode) ? mode : "track";
}

// How much softer a track plays in the mode: its gain as a factor, at most what its peak allows, at most 1.
export function gainFactor(track, mode) {
  const values = track && track.replayGain;
  if (mode === "off" || !values) return 1;
  const album = mode === "album" ? values.albumGain !== undefined : values.trackGain === undefined;
  const gain = album ? values.albumGain : values.trackGain;
  if (gain === undefined) return 1;
  const peak = album ? values.albumPeak : values.trackPeak;
  let factor = Math.pow(10, gain / 20);
  if (peak > 0) factor = Math.min(factor, 1 / peak);
  return Math.min(factor, 1);
}

// Puts a track in an element, remembering which (its loudness follows it).
function put(element, item, url, offset = 0) {
  element.src = url;
  element.playing = item.track;
  element.offset = offset;
}

// Where in the track an element is: its clock, from where its stream started.
const positionOf = (element) => (element.offset || 0) + (element.currentTime || 0);

// Shows the current track (or hides the bar when the queue is empty) and loads it; `how.play` starts it.
function load(how) {
  const item = queue.current();
  bar.hidden = !item;
  if (!item) {
    for (const element of players) {
      element.pause();
      element.removeAttribute("src");
      element.load();  // lets go of the file
    }
    showTrack(null);
    return;
  }
  const url = urlOf(item);
  if (audio().getAttribute("src") !== url) {
    if (spare().getAttribute("src") === url && spare().readyState > 0) {
      // The next track is already loaded: the elements swap, and it starts at once.
      audio().pause();
      active = 1 - active;
    } else {
      put(audio(), item, url);
    }
  }
  showVolume();
  if (how.current) {
    if (audio().offset) put(audio(), item, url); else audio().currentTime = 0;
    playStarted();
  }
  // A restored position in a file already loaded (a new one gets it from its metadata event).
  if (how.restore && restoring && audio().readyState > 0) {
    const at = restoring;
    restoring = 0;
    seekTo(at);
  }
  showTrack(item);
  if (how.play) start(); else { wanted = false; showState(); }
}

function start() {
  const item = queue.current();
  if (!item) return;
  wanted = true;
  const started = audio().play();
  if (started) {
    started.catch((error) => {
      // A newer choice replacing this one aborts it; a file that cannot be played is reported once, by
      // the element's error event; a browser that wants a gesture first leaves the track ready.
      if (error.name === "AbortError" || error.name === "NotSupportedError") return;
      if (error.name === "NotAllowedError") { showState(); return; }
      cannotPlay(item, error.message);
    });
  }
}

// The track after the current one goes into the spare element, once the current one plays.
function preload() {
  const following = queue.following(false);
  const item = following >= 0 ? queue.items()[following] : null;
  if (!item) return;
  const url = urlOf(item);
  if (spare().getAttribute("src") !== url && audio().getAttribute("src") !== url) {
    spare().preload = "auto";
    put(spare(), item, url);
    showVolume();
  }
}

function cannotPlay(item, reason) {
  say("Cannot play “" + item.track.title + "”" + (reason ? ": " + reason : ""), true);
  failures += 1;
  // Skip to the next one (playing only if this one was), unless every track of the queue failed in a row.
  const following = queue.following(false);
  if (following >= 0 && failures < queue.items().length) queue.select(following, wanted);
  else { pause(); showState(); }
}

// Stops what plays, where it is (Space, or another player on the page starting).
export function pause() {
  wanted = false;
  audio().pause();
}

export function toggle() {
  if (!queue.current()) return;
  if (audio().paused) start(); else pause();
}

export function next() {
  const following = queue.following(false);
  if (following >= 0) queue.select(following, wanted);
}

// Back to the start of the track after its first 3 seconds; before that, the previous track.
export function previous() {
  const preceding = queue.preceding();
  if (positionOf(audio()) > 3 || preceding < 0) { seekTo(0); return; }
  queue.select(preceding, wanted);
}

export function seekTo(seconds) {
  const length = duration();
  const item = queue.current();
  if (!item || !length) return;
  const target = Math.min(Math.max(seconds, 0), length);
  if (transcoding()) {
    // A transcode starts again from there.
    const playing = !audio().paused;
    put(audio(), item, urlOf(item, target), target);
    if (playing) start();
  } else {
    audio().currentTime = target;
  }
  showTime();
}

export function currentTime() { return positionOf(audio()); }

export function seekBy(seconds) { seekTo(positionOf(audio()) + seconds); }

// The current track's length: the file's, once known (a transcode's is the library's), else the library's.
function duration() {
  if (transcoding()) {
    const item = queue.current();
    return item ? item.track.duration : 0;
  }
  const known = audio().duration;
  if (Number.isFinite(known) && known > 0) return known;
  const item = queue.current();
  return item ? item.track.duration : 0;
}

function showTrack(item) {
  const title = $("player-title"), cover = $("player-cover");
  if (!item) {
    title.textContent = "";
    title.removeAttribute("href");
    $("player-artist").textContent = "";
    cover.removeAttribute("src");
    showPlayerStar(null);
    delete title.dataset.id;
    if ("mediaSession" in navigator) { navigator.mediaSession.metadata = null; navigator.mediaSession.playbackState = "none"; }
    return;
  }
  const track = item.track;
  if (title.dataset.id !== track.id) showPlayerStar(track);
  title.dataset.id = track.id;
  title.textContent = track.title;
  title.href = routes.album(track.album.id);
  title.title = track.title + " — go to “" + track.album.title + "”";
  $("player-artist").textContent = $("player-artist").title = track.artist;
  const url = coverURL(track.album);
  if (cover.getAttribute("src") !== url) cover.src = url;
  cover.alt = "";
  if ("mediaSession" in navigator && typeof MediaMetadata === "function") {
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.title, artist: track.artist, album: track.album.title,
      artwork: [{ src: new URL(url, location.href).href, sizes: "512x512" }],
    });
  }
  showTime();
  showState();
}

function showState() {
  const playing = !audio().paused && queue.current() !== null;
  const button = $("play");
  setIcon(button, playing ? "pause" : "play");
  button.setAttribute("aria-label", playing ? "Pause" : "Play");
  button.title = (playing ? "Pause" : "Play") + " (Space)";
  $("previous").disabled = !queue.current();
  $("next").disabled = queue.following(false) < 0;
  if ("mediaSession" in navigator && queue.current()) navigator.mediaSession.playbackState = playing ? "playing" : "paused";
}

function showTime() {
  const length = duration();
  const time = dragging ? Number(seek.value) : positionOf(audio());
  seek.max = String(Math.max(length, 0));
  if (!dragging) seek.value = String(time);
  $("elapsed").textContent = clock(time);
  $("duration").textContent = clock(length);
  seek.setAttribute("aria-valuetext", clock(time) + " of " + clock(length));
  seek.disabled = !queue.current();
  if ("mediaSession" in navigator && navigator.mediaSession.setPositionState && length > 0) {
    try {
      navigator.mediaSession.setPositionState({ duration: length, position: Math.min(time, length), playbackRate: audio().playbackRate || 1 });
    } catch (error) {
      // A position the browser will not take (the file is still being measured): left for the next update.
    }
  }
}

function showVolume() {
  const { volume: level, muted } = queue.volume();
  const mode = replayGainMode();
  for (const element of players) { element.volume = level * gainFactor(element.playing, mode); element.muted = muted; }
  volume.value = String(level);
  volume.setAttribute("aria-valuetext", Math.round(level * 100) + "%" + (muted ? ", muted" : ""));
  const mute = $("mute");
  setIcon(mute, muted || level === 0 ? "muted" : "volume");
  mute.setAttribute("aria-pressed", muted ? "true" : "false");
}

for (const element of players) {
  element.addEventListener("timeupdate", () => {
    if (element !== audio()) return;
    showTime();
    if (!element.paused && queue.current()) played(queue.current().track, positionOf(element));
    if (performance.now() - savedAt > 2000) { savedAt = performance.now(); queue.saveTime(positionOf(element)); }
  });
  element.addEventListener("durationchange", () => { if (element === audio()) showTime(); });
  element.addEventListener("loadedmetadata", () => {
    if (element !== audio() || !restoring) return;
    const at = restoring;
    restoring = 0;
    if (transcoding()) seekTo(at); else element.currentTime = Math.min(at, element.duration || at);
  });
  element.addEventListener("play", () => { if (element === audio()) showState(); });
  element.addEventListener("pause", () => { if (element === audio()) showState(); });
  element.addEventListener("playing", () => {
    if (element !== audio()) return;
    failures = 0;
    preload();
  });
  element.addEventListener("ended", () => {
    if (element !== audio()) return;
    const following = queue.following(true);
    if (following === queue.index()) {
      playStarted();
      if (element.offset) put(element, queue.current(), urlOf(queue.current())); else element.currentTime = 0;
      start();
      return;
    }
    if (following >= 0) { queue.select(following); return; }
    // The end of the queue: it stays, ready to play again from its last track.
    queue.saveTime(0);
    showState();
  });
  element.addEventListener("error", () => {
    // An error that arrives after the element moved on to another track (its error is gone) is stale.
    const item = queue.current();
    if (element !== audio() || !item || !element.getAttribute("src") || !element.error) return;
    cannotPlay(item, element.error.message);
  });
}

$("play").addEventListener("click", toggle);
$("next").addEventListener("click", next);
$("previous").addEventListener("click", previous);
seek.addEventListener("pointerdown", () => { dragging = true; });
seek.addEventListener("input", () => {
  // Dragging shows where the slider is; a key moves the track there at once.
  if (dragging) showTime(); else seekTo(Number(seek.value));
});
seek.addEventListener("change", () => { dragging = false; seekTo(Number(seek.value)); });
volume.addEventListener("input", () => { queue.saveVolume(Number(volume.value), false); showVolume(); });
$("mute").addEventListener("click", () => {
  const { volume: level, muted } = queue.volume();
  queue.saveVolume(level === 0 && muted === false ? 0.5 : level, !muted && level > 0);
  showVolume();
});
addEventListener("pagehide", () => { if (queue.current()) queue.saveTime(positionOf(audio())); });

if ("mediaSession" in navigator) {
  const actions = {
    play: start, pause, previoustrack: previous, nexttrack: next,
    seekbackward: (details) => seekBy(-(details.seekOffset || 10)),
    seekforward: (details) => seekBy(details.seekOffset || 10),
    seekto: (details) => seekTo(details.seekTime), stop: () => { pause(); seekTo(0); },
  };
  for (const [action, handler] of Object.entries(actions)) {
    try { navigator.mediaSession.setActionHandler(action, handler); } catch (error) { /* an action this browser lacks */ }
  }
}

// Starts the player with the queue the last visit left: its track loaded, paused where it was.
export function startPlayer() {
  const loudness = $("replaygain");
  loudness.value = replayGainMode();
  loudness.addEventListener("change", () => {
    try { localStorage.setItem(GAIN_KEY, loudness.value); } catch (error) { /* storage off: this visit only */ }
    showVolume();
  });
  const setting = $("quality");
  setting.value = quality();
  setting.addEventListener("change", () => {
    const at = positionOf(audio());
    try { localStorage.setItem(QUALITY_KEY, setting.value); } catch (error) { /* storage off: this visit only */ }
    // The track that plays goes on where it was, in the new quality; the next one is loaded again.
    spare().removeAttribute("src");
    const item = queue.current();
    if (!item) return;
    const playing = !audio().paused;
    if (transcoding()) put(audio(), item, urlOf(item, at), at);
    else { put(audio(), item, urlOf(item)); restoring = at; }
    if (playing) start();
  });
  setIcon($("previous"), "previous");
  setIcon($("next"), "next");
  queue.subscribe((how) => {
    // A queue taken over from elsewhere starts where it was left.
    if (how.restore) restoring = queue.savedTime();
    if (how.current) load(how);
    else { showState(); if (!audio().paused) preload(); }
  });
  queue.restore();
  showVolume();
  if (queue.current()) {
    restoring = queue.savedTime();
    load({});
  } else {
    bar.hidden = true;
  }
}
