// The queue panel: the tracks to come, in order, each played by a click and moved up, moved down or
// removed by its buttons (every one reachable by keyboard); shuffle, repeat and clear for all of them.
// The list is drawn only near the view, so a queue of thousands costs what a screenful does.
import { $, button, clock, count, element, setIcon } from "./dom.js";
import * as queue from "./queue.js";
import { signedIn } from "./account.js";
import { offerToPlaylist } from "./toplaylist.js";
import { VirtualRows } from "./virtual.js";

const panel = $("queue"), toggleButton = $("queue-toggle"), list = $("queue-list");
const ROW = 56;

const rows = new VirtualRows(list, { scroller: $("queue-scroll"), rowHeight: ROW, make: makeRow, bind: bindRow });

function makeRow() {
  const row = element("li", "queue-row");
  const play = element("button", "queue-play");
  play.type = "button";
  play.append(element("span", "queue-title"), element("span", "queue-artist"));
  const duration = element("span", "queue-duration");
  const up = button("Move up", { icon: "up", className: "icon-button up" });
  const down = button("Move down", { icon: "down", className: "icon-button down" });
  const remove = button("Remove", { icon: "remove", className: "icon-button remove" });
  play.addEventListener("click", () => queue.select(row.position));
  up.addEventListener("click", () => moveFocused(row.position, row.position - 1, ".up"));
  down.addEventListener("click", () => moveFocused(row.position, row.position + 1, ".down"));
  remove.addEventListener("click", () => removeFocused(row.position));
  row.append(play, duration, up, down, remove);
  return row;
}

function bindRow(row, position) {
  const item = queue.items()[position];
  row.position = position;
  if (!item) return;
  const track = item.track;
  const [play, duration, up, down, remove] = row.children;
  play.querySelector(".queue-title").textContent = play.querySelector(".queue-title").title = track.title;
  play.querySelector(".queue-artist").textContent = play.querySelector(".queue-artist").title = track.artist;
  play.setAttribute("aria-label", "Play " + track.title + " by " + track.artist);
  duration.textContent = clock(track.duration);
  const current = position === queue.index();
  row.classList.toggle("current", current);
  if (current) play.setAttribute("aria-current", "true"); else play.removeAttribute("aria-current");
  row.setAttribute("aria-posinset", String(position + 1));
  row.setAttribute("aria-setsize", String(queue.items().length));
  up.disabled = position === 0;
  down.disabled = position === queue.items().length - 1;
  up.setAttribute("aria-label", "Move " + track.title + " up");
  down.setAttribute("aria-label", "Move " + track.title + " down");
  remove.setAttribute("aria-label", "Remove " + track.title + " from the queue");
}

// After a move the focus goes with the track, on the same button (or its other one at an end).
function moveFocused(from, to, which) {
  queue.move(from, to);
  rows.paint();
  const row = rows.element(to);
  if (!row) return;
  const target = row.querySelector(which);
  (target.disabled ? row.querySelector(which === ".up" ? ".down" : ".up") : target).focus();
}

// After a removal the focus stays at the same place: the next track's remove button, or the last one's.
function removeFocused(position) {
  queue.remove(position, !$("audio").paused || !$("audio-next").paused);
  rows.paint();
  const length = queue.items().length;
  const row = rows.element(Math.min(position, length - 1));
  if (row && length) row.querySelector(".remove").focus();
  else $("queue-heading").focus();
}

function show() {
  const items = queue.items();
  rows.setCount(items.length);
  rows.refresh();
  $("queue-empty").hidden = items.length > 0;
  const total = items.reduce((sum, item) => sum + item.track.duration, 0);
  $("queue-summary").textContent = items.length ? count(items.length, "track", "tracks") + ", " + clock(total) : "";
  $("queue-count").textContent = items.length ? String(items.length) : "";
  toggleButton.setAttribute("aria-label", "Queue, " + count(items.length, "track", "tracks"));
  const shuffle = $("queue-shuffle");
  shuffle.setAttribute("aria-pressed", queue.shuffle() ? "true" : "false");
  const repeat = $("queue-repeat");
  const mode = queue.repeat();
  setIcon(repeat, mode === "one" ? "repeatOne" : "repeat");
  repeat.setAttribute("aria-pressed", mode === "off" ? "false" : "true");
  repeat.setAttribute("aria-label", "Repeat: " + (mode === "off" ? "off" : mode === "all" ? "the queue" : "this track"));
  repeat.title = repeat.getAttribute("aria-label");
  $("queue-clear").disabled = items.length === 0;
  $("queue-keep").disabled = items.length === 0;
}

export function openQueue(open) {
  panel.hidden = !open;
  toggleButton.setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    show();
    const current = queue.index();
    if (current >= 0) rows.scrollToRow(Math.max(current - 2, 0));
    $("queue-heading").focus();
  }
}

export function queueIsOpen() { return !panel.hidden; }

export function startQueuePanel() {
  setIcon(toggleButton, "queue");
  setIcon($("queue-close"), "remove");
  setIcon($("queue-shuffle"), "shuffle");
  queue.subscribe(show);
  toggleButton.addEventListener("click", () => openQueue(panel.hidden));
  $("queue-close").addEventListener("click", () => { openQueue(false); toggleButton.focus(); });
  $("queue-shuffle").addEventListener("click", () => queue.setShuffle(!queue.shuffle()));
  $("queue-repeat").addEventListener("click", queue.cycleRepeat);
  $("queue-clear").addEventListener("click", () => { queue.clear(); $("queue-heading").focus(); });
  $("queue-keep").hidden = !signedIn();
  $("queue-keep").addEventListener("click", () => {
    const tracks = queue.items().map((item) => item.track);
    offerToPlaylist(tracks, "the queue");
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    openQueue(false);
    toggleButton.focus();
  });
  show();
}
