// What a search finds, outside the cover scroller: first the artists whose names match (each a link to
// their albums), then the matching albums (two rows of the grid, and a button for all of them), then
// the matching tracks (each playable at once or queued) — so a search for an artist shows the artist
// and their albums before one album's tracks fill the screen. Matching is the server's, the same as
// `bluelibrary list`: case and accents are ignored, and a bare word matches an album's title, artist or
// genre or one of its tracks' titles or artists.
import { api, path } from "./api.js";
import { $, count, element, report, routes } from "./dom.js";
import { AlbumGrid } from "./grid.js";
import { TrackResults, resultParts } from "./trackresults.js";

const ALBUM_ROWS = 2;      // rows of albums shown before "Show all"
const ARTIST_ALBUMS = 100; // albums read to find the artists a search names

let grid = null;
let text = null;
const results = new TrackResults(resultParts("search-tracks"));

$("search-albums-all").addEventListener("click", () => {
  if (!grid) return;
  grid.showAll();
  $("search-albums-all").hidden = true;
});

export async function showSearch(query) {
  if (query === text && grid) return;
  hideSearch();
  text = query;
  $("search-heading").textContent = "Search: “" + query + "”";
  $("search-albums-count").textContent = "";
  // A query that means nothing (`year:abc`) is said once, under the heading, with nothing below it that
  // would say otherwise.
  $("search-error").hidden = true;
  $("search-tracks").hidden = $("search-albums").hidden = false;
  $("search-artists").hidden = true;
  try {
    await api("GET", path("/api/albums", { q: query, limit: 0 }));
  } catch (error) {
    if (text !== query) return;
    if (error.status !== 400) { report(error); return; }
    $("search-error").textContent = error.message;
    $("search-error").hidden = false;
    $("search-tracks").hidden = $("search-albums").hidden = true;
    return;
  }
  if (text !== query) return;
  showArtists(query);
  results.search(query);
  grid = new AlbumGrid($("search-grid"), { q: query }, {
    rows: ALBUM_ROWS,
    total: (total) => {
      $("search-albums-count").textContent = total ? count(total, "album matches", "albums match") : "No album matches.";
    },
    hidden: (left) => {
      const button = $("search-albums-all");
      button.hidden = left === 0;
      if (grid) button.textContent = "Show all " + count(grid.total, "album", "albums");
    },
  });
  grid.load(0);
}

// The artists whose names hold the search's words, in artist order: found among the albums a search of
// the artist field finds. A query of the query language's own (`year:1999`, quotes) names no artist.
async function showArtists(query) {
  const list = $("search-artists").querySelector("ul");
  list.replaceChildren();
  if (/[:"]/.test(query)) return;
  try {
    const found = await api("GET", path("/api/albums", { q: "artist:\"" + query + "\"", sort: "artist", limit: ARTIST_ALBUMS }));
    if (text !== query) return;
    // One link per artist: "Björk" and "bjork" are one artist's page, as the Artists view counts them.
    const names = new Map();
    for (const { artist } of found.albums) {
      const folded = artist.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      if (artist && !names.has(folded)) names.set(folded, artist);
    }
    for (const name of names.values()) {
      const item = element("li");
      const link = element("a", null, name);
      link.href = routes.artist(name);
      item.append(link);
      list.append(item);
    }
    $("search-artists").hidden = names.size === 0;
  } catch (error) {
    if (text === query && error.status !== 400) report(error);
  }
}

export function hideSearch() {
  if (grid) grid.destroy();
  grid = null;
  text = null;
  $("search-albums-all").hidden = true;
}

export function refreshSearch() {
  if (!grid) return;
  results.refresh();
  grid.load(0);
}
