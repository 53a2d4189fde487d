// "Add to a playlist" for any tracks — a track row's, the queue's, an album's: the signed-in person's
// playlists of chosen tracks (a smart one's are its query's), or a new one. Adding sends the playlist's whole
// list of tracks with these at its end (PATCH /api/mine/playlists/ID), as every change to a playlist does.
import { api } from "./api.js";
import { $, count, element, report, say } from "./dom.js";

let adding = null;   // { tracks, what, opener } while the dialog is open

// The person's playlists that take tracks by hand.
export async function choosablePlaylists() {
  return (await api("GET", "/api/mine/playlists")).playlists.filter((p) => !p.smart);
}

// Puts `tracks` at the end of the playlist `id`; gives the playlist as saved.
export async function addToPlaylist(id, tracks) {
  const playlist = await api("GET", "/api/mine/playlists/" + encodeURIComponent(id));
  return api("PATCH", "/api/mine/playlists/" + encodeURIComponent(id),
    { tracks: playlist.tracks.map((t) => t.id).concat(tracks.map((t) => t.id)) });
}

// Opens the dialog that adds `tracks` (named `what`, "“Venus as a Boy”") to a playlist.
export async function offerToPlaylist(tracks, what) {
  if (!tracks.length) return;
  adding = { tracks, what, opener: document.activeElement };
  let playlists = [];
  try {
    playlists = await choosablePlaylists();
  } catch (error) {
    report(error);
    return;
  }
  const choice = $("to-playlist-choice");
  const fresh = element("option", null, "A new playlist");
  fresh.value = "";
  choice.replaceChildren(...playlists.map((p) => { const o = element("option", null, p.name); o.value = p.id; return o; }), fresh);
  $("to-playlist-what").textContent = "Add " + what + " (" + count(tracks.length, "track", "tracks") + ") to:";
  $("to-playlist-new").value = "";
  $("to-playlist-name").hidden = playlists.length > 0;
  $("to-playlist").showModal();
  choice.focus();
}

function close() {
  $("to-playlist").close();
  if (adding && adding.opener && document.contains(adding.opener)) adding.opener.focus();
  adding = null;
}

async function add() {
  if (!adding) return;
  const { tracks, what } = adding;
  const id = $("to-playlist-choice").value;
  try {
    if (id) {
      const saved = await addToPlaylist(id, tracks);
      say("Added " + what + " to “" + saved.name + "”");
    } else {
      const field = $("to-playlist-new");
      const name = field.value.trim();
      if (!name) { field.focus(); say("A new playlist needs a name", true); return; }
      const made = await api("POST", "/api/mine/playlists", { name, tracks: tracks.map((t) => t.id) });
      say("Made the playlist “" + made.name + "” with " + what);
    }
    close();
  } catch (error) {
    report(error);
  }
}

export function startToPlaylist() {
  $("to-playlist-choice").addEventListener("change", () => { $("to-playlist-name").hidden = $("to-playlist-choice").value !== ""; });
  $("to-playlist-form").addEventListener("submit", (event) => { event.preventDefault(); add(); });
  $("to-playlist-cancel").addEventListener("click", close);
  $("to-playlist").addEventListener("cancel", (event) => { event.preventDefault(); close(); });
}
