// A long list drawn only near the view. The container is as tall as all its rows together and rows
// exist only in and near the view (a screen above and below), each placed absolutely, so 100,000 rows
// cost what 30 do. Past MAX_HEIGHT pixels (browsers cap an element's height near 33 million) the
// container stays that tall and its scroll range maps onto all the rows, each placed near the view.
const MAX_HEIGHT = 8000000;

export class VirtualRows {
  // `options.make()` makes a row's element, `options.bind(element, row)` fills it for a row;
  // `options.rowHeight` is every row's height (set `rowHeight`, then `setCount`, to change it);
  // `options.scroller` is the element that scrolls (the window when absent); `options.moved(first, last)`
  // hears which rows are in the view after each paint.
  constructor(container, options) {
    this.container = container;
    this.options = options;
    this.rowHeight = options.rowHeight || 48;
    this.count = 0;
    this.rows = new Map();  // row → element
    this.generation = 0;    // bumped when the rows' data changes, so each row is bound again
    this.pending = false;
    this.onScroll = () => this.paintSoon();
    this.source = options.scroller || window;
    this.source.addEventListener("scroll", this.onScroll, { passive: true });
    window.addEventListener("resize", this.onScroll);
    container.classList.add("virtual");
  }

  destroy() {
    this.source.removeEventListener("scroll", this.onScroll);
    window.removeEventListener("resize", this.onScroll);
    for (const element of this.rows.values()) element.remove();
    this.rows.clear();
  }

  setCount(count) {
    this.count = count;
    this.layout();
  }

  layout() {
    this.generation += 1;  // the count or the row height changed: the last row, say, may be shorter now
    this.height = this.count * this.rowHeight;
    this.container.style.height = Math.min(this.height, MAX_HEIGHT) + "px";
    this.paint();
  }

  // The view relative to the container: how far the view's top is below the container's top, and its height.
  view() {
    const box = this.container.getBoundingClientRect();
    if (this.options.scroller) {
      const outer = this.options.scroller.getBoundingClientRect();
      return { top: outer.top - box.top, height: this.options.scroller.clientHeight };
    }
    return { top: -box.top, height: window.innerHeight };
  }

  // Where in all the rows (in pixels) the view's top is, for a view whose top is `top` in the container.
  virtualTop(top, height) {
    const shown = Math.min(this.height, MAX_HEIGHT);
    if (this.height <= MAX_HEIGHT || shown <= height) return top;
    const clamped = Math.min(Math.max(top, 0), shown - height);
    return clamped * (this.height - height) / (shown - height);
  }

  // The rows in the view (the first and last, possibly partly shown), or null when none are.
  visible() {
    const view = this.view();
    if (this.count === 0 || this.container.offsetParent === null) return null;
    const top = this.virtualTop(view.top, view.height);
    const first = Math.max(0, Math.floor(top / this.rowHeight));
    const last = Math.min(this.count - 1, Math.floor((top + view.height) / this.rowHeight));
    return last < first ? null : { first, last, top, view };
  }

  paintSoon() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => this.paint());
  }

  paint() {
    this.pending = false;
    const shown = this.visible();
    let from = 0, to = -1;
    if (shown) {
      const screen = shown.last - shown.first + 1;
      from = Math.max(0, shown.first - screen);
      to = Math.min(this.count - 1, shown.last + screen);
    }
    // A row holding the focus stays, wherever it is, so the focus never falls off the page.
    const focused = document.activeElement;
    for (const [row, element] of this.rows) {
      if ((row < from || row > to) && !(element.contains(focused) && row < this.count)) {
        element.remove();
        this.rows.delete(row);
      }
    }
    // Scaled: a row sits where it is relative to the view's place among all the rows.
    let offset = 0;
    if (shown && this.height > MAX_HEIGHT) {
      const room = Math.max(0, MAX_HEIGHT - shown.view.height);
      offset = Math.min(Math.max(shown.view.top, 0), room) - shown.top;
    }
    // Only rows that are new here, or whose place or size changed, are touched: a scroll that only
    // moves the view writes nothing to the rows already drawn.
    for (let row = from; row <= to; row++) {
      let element = this.rows.get(row);
      if (!element) {
        element = this.options.make();
        this.rows.set(row, element);
        this.container.append(element);
      }
      const y = row * this.rowHeight + offset;
      if (element.y !== y) {
        element.y = y;
        element.style.transform = "translateY(" + y + "px)";
      }
      if (element.height !== this.rowHeight) {
        element.height = this.rowHeight;
        element.style.height = this.rowHeight + "px";
      }
      if (element.row !== row || element.bound !== this.generation) {
        element.row = row;
        element.bound = this.generation;
        this.options.bind(element, row);
      }
    }
    if (this.options.moved && shown) this.options.moved(shown.first, shown.last);
  }

  // Rebinds every row shown (their data changed).
  refresh() {
    this.generation += 1;
    for (const [row, element] of this.rows) {
      if (row >= this.count) continue;
      element.bound = this.generation;
      this.options.bind(element, row);
    }
  }

  // Scrolls so that `row` is at the top of the view, below `margin` pixels (a sticky bar).
  scrollToRow(row, margin) {
    const view = this.view();
    const shown = Math.min(this.height, MAX_HEIGHT);
    let top = row * this.rowHeight;
    if (this.height > MAX_HEIGHT && this.height > view.height) {
      top = top * (shown - view.height) / (this.height - view.height);
    }
    const delta = top - view.top - (margin || 0);
    if (this.options.scroller) this.options.scroller.scrollTop += delta;
    else window.scrollBy(0, delta);
    this.paint();
  }

  // The element of a row, when it exists.
  element(row) { return this.rows.get(row); }
}
