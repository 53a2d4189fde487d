// A grid of album covers with title and artist under each, drawn only near the view: the albums arrive
// a page of 100 at a time as they come near it (pages.js), and covers load a few at a time, nearest the
// middle of the view first, and are dropped when scrolled past. Used by the Albums view, an artist's
// and a genre's albums, and the albums a search finds.
import { coverURL, element, report, routes } from "./dom.js";
import { gridStar, onStarredAlbums } from "./favourites.js";
import { Pages } from "./pages.js";
import { VirtualRows } from "./virtual.js";

const COVER_LOADS = 6;     // cover images in flight at once
const COVER_DELAY = 100;   // ms the view must be still before the covers in it are asked for
const GAP = 16, CAPTION = 48;

export class AlbumGrid {
  // `source`: what GET /api/albums is asked ({q, sort, artist, genre}); `options.total(n)` hears how many
  // albums there are; `options.moved(offset)` which album is first in the view after it moves;
  // `options.rows` shows at most that many rows until `showAll()`, and `options.hidden(n)` hears how many
  // albums that leaves out.
  constructor(container, source, options) {
    this.container = container;
    this.options = options;
    this.columns = 2;
    this.coverLoads = 0;
    this.pendingFocus = -1;
    this.pages = new Pages("/api/albums", source, "albums", (restarted) => this.arrived(restarted));
    this.rows = new VirtualRows(container, {
      rowHeight: 200, make: () => this.makeRow(), bind: (row, index) => this.bindRow(row, index),
      moved: (first, last) => this.moved(first, last),
    });
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(container);
    // The person's favourites read anew: each drawn cell's star shows it.
    this.stopStars = onStarredAlbums(() => {
      for (const row of this.container.children) {
        for (const cell of row.children) gridStar.show(cell.lastChild, cell.album, cell.firstChild);
      }
    });
  }

  destroy() {
    this.stopStars();
    clearTimeout(this.coverTimer);
    this.pages.stop();
    this.resize.disconnect();
    this.rows.destroy();
  }

  get total() { return this.pages.total; }

  // Reads the list (again), starting near the album at `start`, and shows that album first.
  async load(start) {
    try {
      if (!(await this.pages.start(start))) return;
      if (this.options.total) this.options.total(this.total);
      this.measure();
      if (start) this.scrollTo(start, false);
      this.rows.refresh();
      this.rows.paint();
      // Covers wait until the first layout has settled too (a page still arriving, the scrollbar's
      // width), so none is asked for a cell that is then bound to another album.
      this.coversWhenStill();
    } catch (error) {
      report(error);
    }
  }

  arrived(restarted) {
    if (restarted) {
      if (this.options.total) this.options.total(this.total);
      this.measure();
    }
    this.rows.refresh();
    this.coversWhenStill();
  }

  // Asks for the covers in the view once it has been still for COVER_DELAY ms.
  coversWhenStill() {
    clearTimeout(this.coverTimer);
    this.coverTimer = setTimeout(() => this.pumpCovers(), COVER_DELAY);
  }

  // Fits the columns to the width; when the geometry changes (the window was resized), the album first
  // in the view stays first.
  measure() {
    const width = this.container.clientWidth;
    if (!width) return;
    const minimum = width < 500 ? 140 : 160;
    const columns = Math.max(2, Math.floor((width + GAP) / (minimum + GAP)));
    const height = Math.round((width - GAP * (columns - 1)) / columns + CAPTION + GAP);
    const shown = this.rows.count > 0 && this.rows.visible();
    const anchor = shown && shown.view.top > 0 ? shown.first * this.columns : -1;
    const changed = columns !== this.columns || height !== this.rows.rowHeight;
    this.columns = columns;
    this.rows.rowHeight = height;
    const rows = Math.ceil(this.total / columns);
    const limit = this.options.rows;
    this.rows.setCount(limit ? Math.min(limit, rows) : rows);
    if (this.options.hidden) this.options.hidden(limit ? Math.max(0, this.total - limit * columns) : 0);
    if (changed && anchor > 0) this.rows.scrollToRow(Math.floor(anchor / columns));
  }

  // Shows every row, where `options.rows` kept to a few.
  showAll() {
    this.options.rows = 0;
    this.measure();
    this.rows.refresh();
    this.rows.paint();
    this.coversWhenStill();
  }

  makeRow() {
    const row = element("div", "grid-row");
    row.setAttribute("role", "none");
    return row;
  }

  bindRow(row, index) {
    const first = index * this.columns;
    const count = Math.max(0, Math.min(this.columns, this.total - first));
    while (row.children.length > count) this.dropCell(row.lastChild);
    while (row.children.length < count) row.append(this.makeCell());
    for (let i = 0; i < count; i++) this.bindCell(row.children[i], first + i);
    row.style.gridTemplateColumns = "repeat(" + this.columns + ", minmax(0, 1fr))";
  }

  makeCell() {
    const cell = element("div", "cell");
    cell.setAttribute("role", "listitem");
    const link = element("a", "cell-link");
    const cover = element("img", "cell-cover");
    cover.alt = "";
    cover.decoding = "async";
    cover.draggable = false;
    cover.addEventListener("load", () => this.coverDone(cover));
    cover.addEventListener("error", () => this.coverDone(cover));
    link.append(cover, element("span", "cell-title"), element("span", "cell-artist"));
    const star = gridStar.make();
    // F on the album (signed in) is its Favourite.
    link.addEventListener("keydown", (event) => {
      if (event.key.toLowerCase() !== "f" || event.ctrlKey || event.metaKey || event.altKey || star.hidden) return;
      event.preventDefault();
      gridStar.toggle(cell.album, star);
    });
    cell.append(link, star);
    return cell;
  }

  bindCell(cell, position) {
    cell.position = position;
    const album = this.pages.get(position);
    const link = cell.firstChild, cover = link.firstChild;
    cell.album = album || null;
    gridStar.show(cell.lastChild, cell.album, link);
    cell.setAttribute("aria-posinset", String(position + 1));
    cell.setAttribute("aria-setsize", String(this.total));
    const key = album ? coverURL(album) : "";
    if (link.key === key) return;
    link.key = key;
    this.stopCover(cover);
    cover.want = key;
    // The whole text on hover, where a long one is cut with "…".
    link.children[1].textContent = link.children[1].title = album ? album.title : "";
    link.children[2].textContent = link.children[2].title = album ? album.artist : "";
    cell.classList.toggle("loading", !album);
    if (!album) {
      link.removeAttribute("href");
      link.removeAttribute("aria-label");
      return;
    }
    link.href = routes.album(album.id);
    link.setAttribute("aria-label", album.title + " by " + album.artist);
    link.dataset.id = album.id;
    if (this.pendingFocus === position) { this.pendingFocus = -1; link.focus({ preventScroll: true }); }
  }

  dropCell(cell) {
    this.stopCover(cell.firstChild.firstChild);
    cell.remove();
  }

  // The view moved: the albums near it are asked for and the place reported. Covers wait until the view
  // has been still for a moment, so a fling past thousands of albums asks for none of theirs.
  moved(first, last) {
    const screen = last - first + 1;
    const from = Math.max(0, (first - screen) * this.columns);
    const to = Math.min(this.total - 1, (last + screen + 1) * this.columns - 1);
    this.pages.request(from, to, Math.floor((first + last) / 2) * this.columns);
    this.coversWhenStill();
    if (this.options.moved) this.options.moved(first * this.columns);
  }

  // Covers load a few at a time, those nearest the middle of the view first.
  pumpCovers() {
    const shown = this.rows.visible();
    if (!shown) return;
    const middle = (shown.first + shown.last) / 2 * this.columns;
    const waiting = [];
    for (const row of this.container.children) {
      for (const cell of row.children) {
        const cover = cell.firstChild.firstChild;
        if (cover.want && !cover.busy && cover.getAttribute("src") !== cover.want) waiting.push(cover);
      }
    }
    const distance = (cover) => Math.abs(cover.parentNode.parentNode.position - middle);
    waiting.sort((a, b) => distance(a) - distance(b));
    for (const cover of waiting) {
      if (this.coverLoads >= COVER_LOADS) return;
      this.coverLoads += 1;
      cover.busy = true;
      cover.src = cover.want;
    }
  }

  coverDone(cover) {
    if (!cover.busy) return;
    cover.busy = false;
    this.coverLoads -= 1;
    cover.classList.add("loaded");
    this.pumpCovers();
  }

  // A cover scrolled past stops loading: its request is cancelled and its slot goes to a nearer one.
  stopCover(cover) {
    if (cover.busy) { cover.busy = false; this.coverLoads -= 1; }
    cover.removeAttribute("src");
    cover.classList.remove("loaded");
  }

  // Scrolls so the album at `offset` is in the first row of the view, below `margin` pixels; `focus`
  // puts the focus on it (once its page is in).
  scrollTo(offset, focus, margin) {
    const row = Math.floor(offset / this.columns);
    this.rows.scrollToRow(row, margin);
    if (!focus) return;
    const shown = this.rows.element(row);
    const cell = shown && shown.children[offset % this.columns];
    if (cell && this.pages.get(offset)) cell.firstChild.focus({ preventScroll: true });
    else this.pendingFocus = offset;
  }
}
