// The browser view of BlueLibrary, a music app around the tutorial's screen: it renders what the JSON
// API says and sends the user's actions back. The address names the view, exactly as:
//   #/                                   the tutorial's cover scroller over the details table
//   #/albums?sort=artist|title|year|added  every album, as a grid of covers (`#/albums` alone is artist)
//   #/artists, #/artist/NAME             the album artists, and one artist's albums
//   #/genres, #/genre/NAME               the genres, and one genre's albums
//   #/years                              the decades (each opens the albums in year order there)
//   #/album/ID                           one album: its tracks, Play, Play next, Add to queue
//   #/radio                              the internet radio stations, each with its own player
//   #/favourites                         a signed-in person's favourites, recently and most played
//   #/playlists, #/playlist/ID           a signed-in person's playlists, and one of them
// and reload, back and forward restore them, with the place in a long list (kept in history.state, as
// is a search shown outside the scroller). The player bar and its queue are under every view.
//
// Album text is only ever set with textContent (or an input's value, or an attribute). The page is ES
// modules, so it adds nothing to the global object.
import { followQueue, startAccount } from "./account.js";
import { SORTS, hideAlbums, refreshAlbums, showAlbums } from "./albums.js";
import { hideAlbum, refreshAlbum, showAlbum, startAlbum } from "./album.js";
import { listen, onChange, onMine } from "./api.js";
import { $ } from "./dom.js";
import { hideGroups, refreshGroups, showGroups, showYears } from "./lists.js";
import { next, previous, seekBy, startPlayer, toggle } from "./player.js";
import { startQueuePanel } from "./queuepanel.js";
import { lyricsAreOpen, openLyrics, startLyrics } from "./lyrics.js";
import { coversKey, coversQuery, coversSearch, hideCovers, showCovers, startCovers } from "./scroller.js";
import { hideFavourites, readStarredAlbums, refreshPlayerStar, showFavourites, startFavourites } from "./favourites.js";
import { hidePlaylists, refreshPlaylist, showPlaylist, showPlaylists, startPlaylists } from "./playlists.js";
import { startToPlaylist } from "./toplaylist.js";
import { hideRadio, showRadio } from "./radio.js";
import { hideSearch, refreshSearch, showSearch } from "./search.js";

const SECTIONS = { covers: "view-covers", albums: "view-albums", groups: "view-groups", years: "view-years", album: "view-album", search: "view-search", radio: "view-radio", favourites: "view-favourites", playlists: "view-playlists", playlist: "view-playlist" };
const queryInput = $("query");

// The route an address names; anything else is the cover scroller.
function parse(hash) {
  const [where, query] = hash.replace(/^#/, "").split("?");
  const parameters = new URLSearchParams(query || "");
  const parts = where.split("/");
  try {
    if (where === "/albums") return { view: "albums", sort: SORTS[parameters.get("sort")] ? parameters.get("sort") : "artist" };
    if (["/artists", "/genres", "/years", "/radio", "/favourites", "/playlists"].includes(where)) return { view: where.slice(1) };
    if (parts.length === 3 && parts[0] === "" && ["artist", "genre", "album", "playlist"].includes(parts[1])) {
      const value = decodeURIComponent(parts[2]);
      if (parts[1] === "playlist") return { view: "playlist", id: value };
      return parts[1] === "album" ? { view: "album", id: value } : { view: parts[1], name: value };
    }
  } catch (error) {
    // A name that is not percent-encoded text: no such page.
  }
  return { view: "covers" };
}

let shown = null;      // what is on screen: the route and the search, as a string
let section = null;

function sectionOf(route, searching) {
  if (searching) return "search";
  return { covers: "covers", albums: "albums", artist: "albums", genre: "albums", artists: "groups", genres: "groups", years: "years", album: "album", radio: "radio", favourites: "favourites", playlists: "playlists", playlist: "playlist" }[route.view];
}

function render(initial) {
  const route = parse(location.hash);
  // `#/albums` alone (or with a sort it does not know) becomes the address it shows, in place, so
  // back does not return to an address that only sends the page on again.
  if (route.view === "albums" && location.hash !== "#/albums?sort=" + route.sort) {
    history.replaceState(history.state, "", "#/albums?sort=" + route.sort);
  }
  const memory = history.state || {};
  const searching = route.view !== "covers" && typeof memory.search === "string" ? memory.search : null;
  const key = JSON.stringify([route, searching]);
  if (key === shown) return;
  shown = key;
  const wanted = sectionOf(route, searching);
  const moved = section !== wanted;
  if (moved) {
    if (section === "covers") hideCovers();
    if (section === "albums") hideAlbums();
    if (section === "groups") hideGroups();
    if (section === "album") hideAlbum();
    if (section === "search") hideSearch();
    if (section === "radio") hideRadio();
    if (section === "favourites") hideFavourites();
    if (section === "playlists" || section === "playlist") hidePlaylists();
  }
  section = wanted;
  for (const [name, id] of Object.entries(SECTIONS)) $(id).hidden = name !== wanted;
  $("toolbar").hidden = wanted !== "covers";
  // The header's link to the view shown (Albums in every order).
  const nav = { covers: "#/", albums: "#/albums?sort=artist", artist: "#/artists", artists: "#/artists", genre: "#/genres", genres: "#/genres", years: "#/years", radio: "#/radio", favourites: "#/favourites", playlists: "#/playlists", playlist: "#/playlists" }[route.view];
  for (const link of document.querySelectorAll("#views a")) {
    if (!searching && link.getAttribute("href") === nav) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  queryInput.value = searching !== null ? searching : wanted === "covers" ? coversQuery() : "";
  const offset = Number.isInteger(memory.offset) ? memory.offset : undefined;
  if (!initial && wanted !== "covers" && offset === undefined) window.scrollTo(0, 0);
  let title = "BlueLibrary";
  if (wanted === "covers") showCovers();
  else if (wanted === "search") { showSearch(searching); title = "Search: " + searching; }
  else if (wanted === "albums") { showAlbums(route, offset, remember); title = route.name === undefined ? "Albums" : route.name || "No genre"; }
  else if (wanted === "groups") { showGroups(route.view === "artists" ? "artist" : "genre", offset, remember); title = route.view === "artists" ? "Artists" : "Genres"; }
  else if (wanted === "years") { showYears(openDecade); title = "Years"; }
  else if (wanted === "radio") { showRadio(); title = "Radio"; }
  else if (wanted === "favourites") { showFavourites(); title = "Favourites"; }
  else if (wanted === "playlists") { showPlaylists(); title = "Playlists"; }
  else if (wanted === "playlist") showPlaylist(route.id);  // titled with the playlist's name once it is read
  else if (wanted === "album") showAlbum(route.id);  // titled with the album's name once it is read
  if (wanted !== "album" && wanted !== "playlist") document.title = title === "BlueLibrary" ? title : title + " — BlueLibrary";
  // A new view takes the focus to its heading, so a screen reader says where it is and Tab goes on
  // from there (the cover scroller keeps the tutorial's focus).
  if (!initial && moved && wanted !== "covers") {
    const heading = $(SECTIONS[wanted]).querySelector("h2");
    if (heading) heading.focus({ preventScroll: true });
  }
}

// The place in a long list, kept in the history entry, so back, forward and reload return there.
let rememberTimer = 0;
function remember(offset) {
  clearTimeout(rememberTimer);
  rememberTimer = setTimeout(() => {
    history.replaceState(Object.assign({}, history.state, { offset }), "");
  }, 250);
}

function openDecade(offset) {
  history.pushState({ offset }, "", "#/albums?sort=year");
  render(false);
}

// MARK: Search

function search(text) {
  if (section === "covers") { coversSearch(text); return; }
  const memory = history.state || {};
  if (text && memory.search !== text) history.pushState({ search: text }, "", location.hash);
  else if (!text && typeof memory.search === "string") history.replaceState({}, "", location.hash);
  render(false);
}

$("search").addEventListener("submit", (event) => { event.preventDefault(); search(queryInput.value.trim()); });
// The search box's own clear button (and Esc in it) empties it.
queryInput.addEventListener("search", () => { if (queryInput.value === "") search(""); });

// MARK: Keys

// Keys that activate what has the focus (a button, a link, a slider) are left to it.
function native(target) {
  return Boolean(target.closest("button, a[href], summary, select, input[type=range]"));
}

// Focus rings of headings are for keyboard use only: a key press turns them on, a pointer off.
document.addEventListener("keydown", () => document.documentElement.classList.add("keyboard"), true);
document.addEventListener("pointerdown", () => document.documentElement.classList.remove("keyboard"), true);
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey) return;
  const target = event.target;
  if (section === "covers" && coversKey(event)) { event.preventDefault(); return; }
  const typing = target.closest("input:not([type=range]), textarea, select, [contenteditable]");
  if (typing) {
    if (target === queryInput && event.key === "Escape" && section === "search") { search(""); event.preventDefault(); }
    return;
  }
  if (event.ctrlKey || event.metaKey) return;
  const key = event.key;
  if (key === "/") { queryInput.focus(); queryInput.select(); }
  else if (key === " " && !native(target)) toggle();
  else if (event.shiftKey && key === "ArrowLeft" && !target.matches("input[type=range]")) seekBy(-10);
  else if (event.shiftKey && key === "ArrowRight" && !target.matches("input[type=range]")) seekBy(10);
  else if (key === "n" || key === "N") next();
  else if (key === "p" || key === "P") previous();
  else if (key === "l" || key === "L") openLyrics(!lyricsAreOpen());
  else return;
  event.preventDefault();
});

// MARK: Start

// Every change to the library, from anywhere, reaches the view shown (the scroller follows by itself).
let refreshTimer = 0;
onChange((change) => {
  if (change.kind === "select") return;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (section === "albums") refreshAlbums();
    else if (section === "groups") refreshGroups(remember);
    else if (section === "years") showYears(openDecade);
    else if (section === "album") refreshAlbum();
    else if (section === "search") refreshSearch();
    else if (section === "playlist") refreshPlaylist();
    else if (section === "playlists") showPlaylists();
  }, 150);
});

// A change to the person's own data (from their phone, or another of their pages) reaches the views that
// show it: their favourites and plays, their playlists (a smart one's tracks follow their plays), the
// playing track's star. A view with a control in focus is left as it is (drawn again, it would lose the
// focus), but a playlist's, which keeps the focus where it was; an album's page is not drawn again under
// the pointer (its stars and rating are read when it opens).
let mineTimer = 0;
onMine(() => {
  clearTimeout(mineTimer);
  mineTimer = setTimeout(() => {
    refreshPlayerStar();
    readStarredAlbums();
    const active = document.activeElement;
    const focused = $("view-" + section)?.contains(active) && active.matches("a, button, input, select, textarea");
    if (section === "playlist") refreshPlaylist();
    else if (focused) return;
    else if (section === "favourites") showFavourites();
    else if (section === "playlists") showPlaylists();
  }, 150);
});

// The queue panel sits above the dock, whatever its height (one row or two, with or without Undo).
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--dock-height", $("dock").offsetHeight + "px");
}).observe($("dock"));

// Off loopback nothing starts until someone has signed in (the sign-in form is open then).
startAccount().then((ready) => {
  if (!ready) return;
  startFavourites();
  startPlaylists();
  startToPlaylist();
  readStarredAlbums();
  addEventListener("popstate", () => render(false));
  addEventListener("hashchange", () => render(false));
  startPlayer();
  startQueuePanel();
  startLyrics();
  startAlbum();
  startCovers();
  listen();
  render(true);
  followQueue();
});
