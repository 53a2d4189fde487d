// The Albums view (`#/albums?sort=artist|title|year|added`) and the albums of one artist
// (`#/artist/NAME`) or genre (`#/genre/NAME`): a grid of covers with an A–Z (or decade) rail that jumps.
import { api, path } from "./api.js";
import { $, count, report } from "./dom.js";
import { fill, showArtistMine } from "./favourites.js";
import { AlbumGrid } from "./grid.js";
import { Rail } from "./rail.js";

export const SORTS = { artist: "Artist", title: "Title", year: "Year", added: "Recently added" };

let grid = null;
let shown = null;   // the route shown, as a string
const rail = new Rail($("albums-rail"), (offset) => jump(offset), ["album", "albums"]);

function jump(offset) {
  if (!grid) return;
  // Below a rail that sticks to the top of the view (a phone's row of letters), not under it.
  const box = $("albums-rail").getBoundingClientRect();
  grid.scrollTo(offset, true, box.width > box.height ? box.height + 8 : 8);
}

// Shows the albums a route names, starting at the album at `offset` (restored from history).
export function showAlbums(route, offset, moved) {
  const key = JSON.stringify(route);
  if (key === shown && grid) { if (offset !== undefined) grid.scrollTo(offset, false); return; }
  hideAlbums();
  shown = key;
  const source = {};
  let heading = "Albums", back = null, sections = null, letters = true;
  if (route.view === "albums") {
    source.sort = route.sort;
    sections = route.sort === "added" ? null : path("/api/albums/sections", { sort: route.sort });
    letters = route.sort !== "year";
  } else if (route.view === "artist") {
    source.artist = route.name;
    heading = route.name;
    back = { href: "#/artists", text: "All artists" };
  } else {
    source.genre = route.name;
    heading = route.name || "No genre";
    back = { href: "#/genres", text: "All genres" };
    sections = path("/api/albums/sections", { genre: route.name, sort: "artist" });
  }
  $("albums-heading").textContent = heading;
  showArtistMine(route.view === "artist" ? route.name : undefined);
  showAppearances(route.view === "artist" ? route.name : undefined);
  $("albums-count").textContent = "";
  const crumb = $("albums-back");
  crumb.hidden = !back;
  if (back) { crumb.firstChild.href = back.href; crumb.firstChild.textContent = back.text; }
  const sorts = $("sorts");
  sorts.hidden = route.view !== "albums";
  for (const link of sorts.querySelectorAll("a")) {
    const mine = route.view === "albums" && link.dataset.sort === route.sort;
    if (mine) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
  rail.show(sections, letters);
  grid = new AlbumGrid($("albums-grid"), source, {
    total: (total) => {
      $("albums-count").textContent = count(total, "album", "albums");
      $("albums-empty").hidden = total > 0;
    },
    moved,
  });
  grid.load(offset || 0);
}

// Below an artist's own albums, the albums they appear on (a guest's track, a compilation): a guest with
// no album of their own has a page too, the one their credits link to.
let appearing = null;
async function showAppearances(name) {
  appearing = name;
  $("appearances").hidden = true;
  if (name === undefined) return;
  try {
    const { albums } = await api("GET", path("/api/appearances", { artist: name }));
    if (appearing !== name) return;
    fill("appearance-albums", null, albums);
    $("appearances").hidden = albums.length === 0;
    if (albums.length > 0) $("albums-empty").textContent = "No albums of their own.";
  } catch (error) {
    if (appearing === name) report(error);
  }
}

export function hideAlbums() {
  if (grid) grid.destroy();
  grid = null;
  shown = null;
  appearing = null;
  $("albums-empty").textContent = "No albums here.";
}

// The library changed: the list is read again where the view is.
export function refreshAlbums() {
  if (grid) grid.load(grid.rows.visible() ? grid.rows.visible().first * grid.columns : 0);
  if (appearing !== null) showAppearances(appearing);
}
