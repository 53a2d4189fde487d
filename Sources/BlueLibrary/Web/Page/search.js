// What a search finds, outside the cover scroller: the matching tracks (each playable at once or
// queued) and the matching albums (a grid). Matching is the server's, the same as `bluelibrary list`:
// case and accents are ignored, and a bare word matches an album's title, artist or genre or one of
// its tracks' titles or artists.
import { api, path } from "./api.js";
import { $, count, report } from "./dom.js";
import { AlbumGrid } from "./grid.js";
import { TrackResults, resultParts } from "./trackresults.js";

let grid = null;
let text = null;
const results = new TrackResults(resultParts("search-tracks"));

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
  results.search(query);
  grid = new AlbumGrid($("search-grid"), { q: query }, {
    total: (total) => {
      $("search-albums-count").textContent = total ? count(total, "album matches", "albums match") : "No album matches.";
    },
  });
  grid.load(0);
}

export function hideSearch() {
  if (grid) grid.destroy();
  grid = null;
  text = null;
}

export function refreshSearch() {
  if (!grid) return;
  results.refresh();
  grid.load(0);
}
