// The Artists and Genres views (`#/artists`, `#/genres`): every album artist or genre with how many
// albums it has, drawn only near the view, with an A–Z rail; and the Years view (`#/years`): the
// decades, each leading to the albums in year order at its first album.
import { api, path } from "./api.js";
import { $, count, element, report, routes } from "./dom.js";
import { Pages } from "./pages.js";
import { Rail } from "./rail.js";
import { VirtualRows } from "./virtual.js";

const ROW = 52;
let list = null;    // { field, pages, rows }
const rail = new Rail($("groups-rail"), (offset) => jump(offset), ["name", "names"]);

function jump(offset) {
  if (!list) return;
  const box = $("groups-rail").getBoundingClientRect();
  list.rows.scrollToRow(offset, box.width > box.height ? box.height + 8 : 8);
  const row = list.rows.element(offset);
  const link = row && row.querySelector("a[href]");
  if (link) link.focus({ preventScroll: true }); else list.pendingFocus = offset;
}

function makeRow() {
  const row = element("li", "group-row");
  const link = element("a", "group-link");
  link.append(element("span", "group-name"), element("span", "group-count"));
  row.append(link);
  return row;
}

function bindRow(row, position) {
  const group = list.pages.get(position);
  const link = row.firstChild;
  row.setAttribute("aria-posinset", String(position + 1));
  row.setAttribute("aria-setsize", String(list.pages.total));
  if (!group) {
    link.removeAttribute("href");
    link.firstChild.textContent = "";
    link.lastChild.textContent = "";
    return;
  }
  const name = group.name || (list.field === "genre" ? "No genre" : "No artist");
  link.href = list.field === "artist" ? routes.artist(group.name) : routes.genre(group.name);
  link.firstChild.textContent = link.firstChild.title = name;
  link.lastChild.textContent = count(group.albums, "album", "albums");
  if (list.pendingFocus === position) { list.pendingFocus = -1; link.focus({ preventScroll: true }); }
}

// Shows the artists or the genres, starting at the `offset`-th.
export async function showGroups(field, offset, moved) {
  if (list && list.field === field) { if (offset !== undefined) list.rows.scrollToRow(offset); return; }
  hideGroups();
  const plural = field === "artist" ? "artists" : "genres";
  $("groups-heading").textContent = field === "artist" ? "Artists" : "Genres";
  $("groups-count").textContent = "";
  const container = $("group-list");
  container.setAttribute("aria-label", field === "artist" ? "Artists" : "Genres");
  const current = { field, pendingFocus: -1 };
  current.pages = new Pages("/api/" + plural, {}, plural, () => { current.rows.setCount(current.pages.total); current.rows.refresh(); });
  current.rows = new VirtualRows(container, {
    rowHeight: ROW, make: makeRow, bind: bindRow,
    moved: (first, last) => {
      const screen = last - first + 1;
      current.pages.request(Math.max(0, first - screen), last + screen, Math.floor((first + last) / 2));
      if (moved) moved(first);
    },
  });
  list = current;
  rail.show("/api/" + plural + "/sections", true);
  try {
    if (!(await current.pages.start(offset || 0)) || list !== current) return;
    // Albums without an artist or genre are a group of their own ("No genre"), listed first, but not
    // a genre: the count is of the named ones, as `bluelibrary stats` gives it.
    $("groups-count").textContent = count(current.pages.first.named, field, plural);
    current.rows.setCount(current.pages.total);
    if (offset) current.rows.scrollToRow(offset);
  } catch (error) {
    report(error);
  }
}

export function hideGroups() {
  if (!list) return;
  list.pages.stop();
  list.rows.destroy();
  list = null;
}

export function refreshGroups(moved) {
  if (!list) return;
  const field = list.field, shown = list.rows.visible();
  hideGroups();
  showGroups(field, shown ? shown.first : 0, moved);
}

// The decades, newest first: each links to the albums in year order, at its first album.
export async function showYears(open) {
  try {
    const data = await api("GET", "/api/years");
    const items = data.decades.map((decade) => {
      const row = element("li", "group-row decade");
      const link = element("a", "group-link");
      link.href = path("#/albums", { sort: "year" });
      link.append(element("span", "group-name", decade.label), element("span", "group-count", count(decade.albums, "album", "albums")));
      link.setAttribute("aria-label", decade.label + ", " + count(decade.albums, "album", "albums"));
      link.addEventListener("click", (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        open(decade.offset);
      });
      row.append(link);
      return row;
    });
    $("decade-list").replaceChildren(...items);
    const albums = data.decades.reduce((sum, decade) => sum + decade.albums, 0);
    // "No year" is listed with the decades but is not one.
    const decades = data.decades.filter((decade) => decade.decade !== null).length;
    $("years-count").textContent = count(decades, "decade", "decades") + ", " + count(albums, "album", "albums");
    $("years-empty").hidden = items.length > 0;
  } catch (error) {
    report(error);
  }
}
