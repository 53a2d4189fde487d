// The tracks a search finds (GET /api/tracks: the same query language as `bluelibrary list`, so case and
// accents are ignored), a few at first and more on request, each playable at once or queued.
import { api, path } from "./api.js";
import { count, report } from "./dom.js";
import * as queue from "./queue.js";
import { markPlaying, queued, trackRow } from "./tracks.js";

const FIRST = 10;      // tracks shown at first
const MORE = 50;       // tracks each "Show more" adds
const MOST = 500;      // tracks a list shows at most (a narrower search finds the rest)

export class TrackResults {
  // `parts`: the section to show or hide, its heading, the table body, the "Show more" button and the
  // line that says when nothing (or too much) was found.
  constructor(parts) {
    this.parts = parts;
    this.text = "";
    this.load = 0;
    this.shown = 0;
    parts.more.addEventListener("click", () => this.fetch(MORE, true));
    queue.subscribe(() => markPlaying(parts.body));
  }

  search(text) {
    this.text = text;
    this.shown = 0;
    this.parts.body.replaceChildren();
    this.parts.more.hidden = true;
    this.parts.note.textContent = "";
    this.parts.section.hidden = !text;
    if (text) this.fetch(FIRST, false);
  }

  async fetch(limit, focusNew) {
    const load = ++this.load, text = this.text;
    try {
      const page = await api("GET", path("/api/tracks", { q: text, offset: this.shown, limit }));
      if (load !== this.load) return;
      const first = this.parts.body.rows.length;
      for (const track of page.tracks) {
        this.parts.body.append(trackRow(track, { album: null, play: () => queued(queue.play([track], 0)) }));
      }
      this.shown += page.tracks.length;
      markPlaying(this.parts.body);
      const full = this.shown >= MOST;
      this.parts.more.hidden = !page.more || full;
      this.parts.heading.textContent = "Tracks matching “" + text + "”";
      this.parts.note.textContent = this.shown === 0 ? "No track matches."
        : full && page.more ? "Showing the first " + count(MOST, "track", "tracks") + ": a narrower search finds the rest." : "";
      // "Show more" hands the focus to the first new track, so a keyboard user goes on from there.
      const firstNew = this.parts.body.rows[first];
      if (focusNew && firstNew) firstNew.querySelector("button").focus();
    } catch (error) {
      if (load === this.load) report(error);
    }
  }

  // The search again (the library changed).
  refresh() {
    if (this.text) this.search(this.text);
  }
}

// The parts of a results section laid out as index.html has them under `id`.
export function resultParts(id) {
  const section = document.getElementById(id);
  return {
    section, heading: section.querySelector("h2, h3"), body: section.querySelector("tbody"),
    more: section.querySelector(".more"), note: section.querySelector(".note"),
  };
}
