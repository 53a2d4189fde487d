// A signed-in person's own music: the Favourite toggles (albums and tracks), an album's rating, the
// plays the player counts, and the Favourites view (`#/favourites`): favourite albums and tracks,
// Recently played and Most played. All of it is the person's data on the server, the same their music
// apps see through the Subsonic API (a star given here is starred on their phone, and the other way
// round). Without a sign-in none of it shows.
import { api, path } from "./api.js";
import { signedIn } from "./account.js";
import { $, button, count, coverURL, element, report, routes, say, setIcon } from "./dom.js";
import * as queue from "./queue.js";
import { queued, trackRow } from "./tracks.js";

// Shows a toggle's state: ★ when starred, ☆ when not.
function showStar(control, starred, title) {
  control.setAttribute("aria-pressed", String(starred));
  control.title = (starred ? "No longer a favourite: " : "Favourite: ") + title;
}

// Stars or unstars `id` (an album's or a track's) and shows it on `control`; whether it worked.
export async function setStar(id, starred, control, title) {
  try {
    await api("PUT", "/api/mine/stars", { id, starred });
    showStar(control, starred, title);
    return true;
  } catch (error) {
    report(error);
    return false;
  }
}

// Makes `control` the Favourite toggle of `track`, showing whether it is `starred`.
function starToggle(control, track, starred) {
  setIcon(control, starred ? "star" : "starOutline");
  control.setAttribute("aria-label", "Favourite " + track.title);
  showStar(control, starred, track.title);
  control.onclick = async () => {
    const on = control.getAttribute("aria-pressed") !== "true";
    if (await setStar(track.id, on, control, track.title)) setIcon(control, on ? "star" : "starOutline");
  };
}

// A track row's Favourite toggle.
export function trackStar(track, starred) {
  const control = button("Favourite " + track.title, { icon: starred ? "star" : "starOutline", className: "icon-button favourite" });
  starToggle(control, track, starred);
  return control;
}

// Rates `id` (an album, a track, an artist called `title`) from the choice `rating` (0 takes it away).
async function rate(id, title, rating) {
  try {
    await api("PUT", "/api/mine/ratings", { id, rating: Number(rating.value) });
    say(rating.value === "0" ? "No rating for “" + title + "”" : "Rated “" + title + "” " + rating.value + " of 5");
  } catch (error) {
    report(error);
  }
}

// The player's Favourite toggle and rating, for the track playing (signed in only), once it knows what
// the person recorded about the track.
let playerTrack = null;
let playerLoad = 0;
export async function showPlayerStar(track) {
  const control = $("player-favourite"), rating = $("player-rating");
  const mine = ++playerLoad;
  playerTrack = track;
  if (!signedIn() || !track) { control.hidden = rating.hidden = true; return; }
  const album = await albumMine(track.album.id);
  if (mine !== playerLoad) return;
  const recorded = album && album.tracks.find((t) => t.id === track.id);
  control.hidden = rating.hidden = !recorded;
  if (!recorded) return;
  starToggle(control, track, recorded.starred);
  rating.setAttribute("aria-label", "Your rating of " + track.title);
  if (document.activeElement !== rating) rating.value = String(recorded.rating || 0);
  rating.onchange = () => rate(track.id, track.title, rating);
}

// Reads the playing track's star again (it may have changed on a phone).
export function refreshPlayerStar() { if (playerTrack) showPlayerStar(playerTrack); }

// A page's Favourite and rating (the elements `kind`-mine, -favourite and -rating) for an album or an
// artist (`id`, `title`), once it knows what the person recorded (`mine`).
function showMine(kind, id, title, mine) {
  const line = $(kind + "-mine");
  line.hidden = !signedIn() || !mine;
  if (line.hidden) return;
  const favourite = $(kind + "-favourite");
  favourite.textContent = mine.starred ? "★ Favourite" : "☆ Favourite";
  showStar(favourite, mine.starred, title);
  favourite.onclick = async () => {
    const on = favourite.getAttribute("aria-pressed") !== "true";
    if (await setStar(id, on, favourite, title)) {
      favourite.textContent = on ? "★ Favourite" : "☆ Favourite";
      say(on ? "“" + title + "” is a favourite" : "“" + title + "” is no longer a favourite");
    }
  };
  const rating = $(kind + "-rating");
  rating.value = String(mine.rating || 0);
  rating.onchange = () => rate(id, title, rating);
}

// The album page's Favourite and rating.
export function showAlbumMine(album, mine) { showMine("album", album.id, album.title, mine); }

// An artist's page's Favourite and rating (`name` undefined: not an artist's page, nothing shows).
let artistLoad = 0;
export async function showArtistMine(name) {
  const mine = ++artistLoad;
  $("artist-mine").hidden = true;
  if (!signedIn() || name === undefined) return;
  try {
    const artist = await api("GET", path("/api/mine/artist", { name }));
    if (mine === artistLoad) showMine("artist", artist.id, artist.name, artist);
  } catch (error) {
    // An artist whose albums all went: nothing to star.
  }
}

// What the person recorded about an album and its tracks, or null (not signed in, or not answered).
export async function albumMine(id) {
  if (!signedIn()) return null;
  try {
    return await api("GET", "/api/mine/albums/" + encodeURIComponent(id));
  } catch (error) {
    return null;
  }
}

// MARK: Stars on the album grid

// The ids of the person's favourite albums, for the grid's stars (null: no one signed in, or not read yet).
let starredAlbums = null;
const starredListeners = new Set();

// Reads the person's favourite albums (at the start, and when their data changes anywhere) and tells the
// grids.
export async function readStarredAlbums() {
  if (!signedIn()) return;
  try {
    const { albums } = await api("GET", "/api/mine/favourites");
    starredAlbums = new Set(albums.map((album) => album.id));
    for (const listener of starredListeners) listener();
  } catch (error) {
    // The stars stay as they were; the next change reads them again.
  }
}

// Calls `listener()` when the favourite albums are read anew; gives the function that stops it.
export function onStarredAlbums(listener) {
  starredListeners.add(listener);
  return () => starredListeners.delete(listener);
}

// A grid cell's Favourite: a pointer's target on the cover (Tab passes it by: the keyboard's way is the
// F key on the album, which the album's link announces).
export const gridStar = {
  make() {
    const control = button("Favourite", { icon: "starOutline", className: "icon-button favourite cell-star" });
    control.tabIndex = -1;
    control.hidden = true;
    return control;
  },
  show(control, album, link) {
    control.hidden = !album || !starredAlbums;
    if (link) { if (control.hidden) link.removeAttribute("aria-keyshortcuts"); else link.setAttribute("aria-keyshortcuts", "F"); }
    if (control.hidden) return;
    const on = starredAlbums.has(album.id);
    setIcon(control, on ? "star" : "starOutline");
    control.setAttribute("aria-label", "Favourite " + album.title);
    showStar(control, on, album.title + " (F)");
    control.onclick = () => gridStar.toggle(album, control);
  },
  async toggle(album, control) {
    if (!starredAlbums) return;
    const on = !starredAlbums.has(album.id);
    if (!(await setStar(album.id, on, control, album.title + " (F)"))) return;
    if (on) starredAlbums.add(album.id); else starredAlbums.delete(album.id);
    setIcon(control, on ? "star" : "starOutline");
    say(on ? "“" + album.title + "” is a favourite" : "“" + album.title + "” is no longer a favourite");
  },
};

// MARK: Plays

// The player counts a play once half the track, or 4 minutes, has played (Subsonic's reportPlayback rule):
// `played(track, seconds)` is told the position as it moves, `started()` when a new play begins.
let counted = false;
export function started() { counted = false; }
export function played(track, seconds) {
  if (counted || !signedIn() || !track) return;
  const length = Number(track.duration) || 0;
  const threshold = length > 0 ? Math.min(length / 2, 240) : 240;
  if (seconds < threshold) return;
  counted = true;
  api("POST", "/api/mine/plays", { id: track.id }).catch(() => { /* not counted: the server was away */ });
}

// MARK: The Favourites view

function card(album) {
  const item = element("li");
  const link = element("a");
  link.href = routes.album(album.id);
  const cover = element("img");
  cover.src = coverURL(album);
  cover.alt = "";
  cover.width = cover.height = 140;
  link.append(cover, element("span", "card-title", album.title), element("span", "card-artist", album.artist));
  item.append(link);
  return item;
}

// Shows `albums` as cards in the list `list` (its note `empty`, if any, when there are none).
export function fill(list, empty, albums) {
  $(list).replaceChildren(...albums.map(card));
  if (empty) $(empty).hidden = albums.length > 0;
}

let load = 0;
export async function showFavourites() {
  const mine = ++load;
  try {
    const [favourites, recent, most] = await Promise.all([
      api("GET", "/api/mine/favourites"), api("GET", "/api/mine/played?order=recent"), api("GET", "/api/mine/played?order=most"),
    ]);
    if (mine !== load) return;
    $("favourite-artists").replaceChildren(...favourites.artists.map((artist) => {
      const item = element("li");
      const link = element("a", null, artist.name);
      link.href = routes.artist(artist.name);
      item.append(link, element("span", "playlist-facts", " · " + count(artist.albums, "album", "albums")));
      return item;
    }));
    $("favourite-artists-empty").hidden = favourites.artists.length > 0;
    fill("favourite-albums", "favourite-albums-empty", favourites.albums);
    const tracks = favourites.tracks;
    $("favourite-tracks").tBodies[0].replaceChildren(...tracks.map((track, index) => {
      const row = trackRow(track, { album: null, play: () => queued(queue.play(tracks, index)) });
      row.querySelector(".track-actions").prepend(trackStar(track, true));
      return row;
    }));
    $("favourite-tracks-empty").hidden = tracks.length > 0;
    fill("recent-albums", "recent-empty", recent.albums);
    fill("most-albums", null, most.albums);
  } catch (error) {
    if (mine === load) report(error);
  }
}

export function hideFavourites() { load += 1; }

// Shows the Favourites link once someone is signed in.
export function startFavourites() { $("favourites-link").hidden = !signedIn(); }
