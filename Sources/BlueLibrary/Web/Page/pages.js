// A long list read from the server a page at a time, as the view comes near each: pages nearest the view
// first, at most two in flight, at most KEEP entries kept (the farthest dropped). Any change to the
// library starts a new generation, and answers for an older one are dropped.
import { api, path } from "./api.js";
import { report } from "./dom.js";

const PAGE = 100;
const LOADS = 2;
const KEEP = 2000;

export class Pages {
  // `base` and `parameters` make the URL (offset and limit are added); `key` names the list in the
  // answer ("albums", "artists", "genres"); `arrived()` is called when entries arrive.
  constructor(base, parameters, key, arrived) {
    this.base = base;
    this.parameters = parameters;
    this.key = key;
    this.arrived = arrived;
    this.entries = new Map();
    this.loads = new Set();
    this.generation = 0;
    this.total = 0;
  }

  url(offset) { return path(this.base, Object.assign({}, this.parameters, { offset, limit: PAGE })); }

  get(position) { return this.entries.get(position); }

  // Starts again with the page holding `position`; resolves to whether this is still the newest start.
  async start(position) {
    const generation = ++this.generation;
    this.entries.clear();
    this.loads.clear();
    const offset = Math.floor((position || 0) / PAGE) * PAGE;
    const data = await api("GET", this.url(offset));
    if (generation !== this.generation) return false;
    this.total = data.total;
    this.first = data;  // the whole first answer, for what else it says (`named`)
    this.keep(data.offset, data[this.key]);
    return true;
  }

  stop() { this.generation += 1; }

  // Asks for the pages that hold positions `from` to `to` and are missing, nearest `centre` first. The
  // view may move on while pages load: each load that ends asks for what the view wants by then.
  request(from, to, centre) {
    this.wanted = { from, to, centre };
    // Nothing lies past the end: asked for, a position there stayed missing after every load, and each
    // load that ended asked for its page again, for ever (a short list of genres reloaded its one page
    // without end).
    to = Math.min(to, this.total - 1);
    if (from > to) return;
    const pages = [];
    for (let page = Math.floor(from / PAGE); page <= Math.floor(to / PAGE); page++) pages.push(page);
    pages.sort((a, b) => Math.abs(a - centre / PAGE) - Math.abs(b - centre / PAGE));
    for (const page of pages) {
      if (this.loads.size >= LOADS) return;
      if (this.loads.has(page)) continue;
      for (let pos = Math.max(page * PAGE, from); pos <= Math.min(page * PAGE + PAGE - 1, to); pos++) {
        if (!this.entries.has(pos)) { this.load(page, centre); break; }
      }
    }
  }

  async load(page, centre) {
    const generation = this.generation;
    this.loads.add(page);
    try {
      const data = await api("GET", this.url(page * PAGE));
      if (generation !== this.generation) return;
      if (data.total !== this.total) {
        // The library changed under the list: it starts again where the view is.
        this.loads.delete(page);
        if (await this.start(centre)) this.arrived(true);
        return;
      }
      this.keep(data.offset, data[this.key], centre);
      this.arrived(false);
    } catch (error) {
      if (generation === this.generation) report(error);
    } finally {
      if (generation === this.generation) this.loads.delete(page);
    }
    if (generation === this.generation && this.wanted) this.request(this.wanted.from, this.wanted.to, this.wanted.centre);
  }

  keep(offset, list, centre) {
    list.forEach((entry, i) => this.entries.set(offset + i, entry));
    if (this.entries.size <= KEEP) return;
    const middle = centre === undefined ? offset : centre;
    const far = [...this.entries.keys()].sort((a, b) => Math.abs(b - middle) - Math.abs(a - middle));
    for (const pos of far.slice(0, this.entries.size - KEEP * 3 / 4)) this.entries.delete(pos);
  }
}
