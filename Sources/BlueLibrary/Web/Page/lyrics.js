// The lyrics panel: the words of the track that plays, from /api/tracks/{id}/lyrics (a .lrc or .txt
// file beside it, or its tags). Synced lyrics follow playback: the line being sung is marked and kept in
// view; a click on a synced line plays from it. Opened by the player's Lyrics button or the L key.
import { api } from "./api.js";
import { $, element, setIcon } from "./dom.js";
import { currentTime, seekTo } from "./player.js";
import * as queue from "./queue.js";

const panel = $("lyrics"), toggleButton = $("lyrics-toggle"), list = $("lyrics-lines"), note = $("lyrics-note");
let shownFor = null;    // the id of the track whose lyrics are shown (or being fetched)
let lines = [];         // the shown lines with their times in seconds (null when not synced)
let marked = -1;

async function show() {
  const item = queue.current();
  const id = item ? item.track.id : null;
  if (panel.hidden || id === shownFor) return;
  shownFor = id;
  list.replaceChildren();
  lines = [];
  marked = -1;
  $("lyrics-title").textContent = item ? item.track.title : "";
  if (!item) { note.textContent = "Nothing is playing."; return; }
  note.textContent = "Looking for the words…";
  let found = [];
  try {
    found = (await api("GET", "/api/tracks/" + encodeURIComponent(id) + "/lyrics")).lyrics;
  } catch (error) {
    if (shownFor === id) note.textContent = "The lyrics cannot be read: " + error.message;
    return;
  }
  if (shownFor !== id) return;
  // Synced lyrics first, wherever they came from.
  const chosen = found.find((lyrics) => lyrics.synced) || found[0];
  if (!chosen) { note.textContent = "This track has no lyrics."; return; }
  note.textContent = chosen.synced ? "" : "These lyrics have no times: they do not follow the music.";
  lines = chosen.lines.map((line) => ({ start: line.start === null ? null : line.start / 1000, text: line.text }));
  list.replaceChildren(...lines.map((line) => {
    const row = element("li", "lyrics-line", line.text || "\u00a0");
    if (line.start !== null) {
      row.tabIndex = -1;
      row.addEventListener("click", () => seekTo(line.start));
    }
    return row;
  }));
  follow();
}

// Marks the line being sung: the last whose time has come.
function follow() {
  if (panel.hidden || !lines.length || lines[0].start === null) return;
  const time = currentTime();
  let now = -1;
  for (let index = 0; index < lines.length && lines[index].start <= time; index++) now = index;
  if (now === marked) return;
  if (marked >= 0 && list.children[marked]) {
    list.children[marked].classList.remove("current");
    list.children[marked].removeAttribute("aria-current");
  }
  marked = now;
  const row = list.children[now];
  if (!row) return;
  row.classList.add("current");
  row.setAttribute("aria-current", "true");
  row.scrollIntoView({ block: "center", behavior: "smooth" });
}

export function openLyrics(open) {
  panel.hidden = !open;
  toggleButton.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) { show(); $("lyrics-heading").focus(); } else { shownFor = null; }
}

export function startLyrics() {
  setIcon(toggleButton, "lyrics");
  setIcon($("lyrics-close"), "remove");
  toggleButton.addEventListener("click", () => openLyrics(panel.hidden));
  $("lyrics-close").addEventListener("click", () => { openLyrics(false); toggleButton.focus(); });
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    openLyrics(false);
    toggleButton.focus();
  });
  queue.subscribe((how) => { if (how.current) show(); });
  for (const audio of [$("audio"), $("audio-next")]) audio.addEventListener("timeupdate", follow);
}

export function lyricsAreOpen() { return !panel.hidden; }
