// Signing in, and the signed-in person's queue kept on the server.
//
// Off loopback the server lets nobody in without a session (or the token it printed): the page then asks
// for a user name and password before anything else starts, and reloads once signed in. On loopback
// signing in is optional, offered when the library has users. The session is an HttpOnly cookie, so no
// script here ever sees it; the browser sends it with every request, audio, covers and events included.
//
// Signed in, the queue the page plays is the person's play queue on the server — the one a phone's
// Subsonic app saves and resumes (`savePlayQueue`). Each change, and the position every few seconds while
// it moves, is saved there; a queue saved elsewhere (a phone, another browser) is offered once, at start,
// to resume where it was left. Nothing is saved until the page's own queue changes, so opening the page
// never overwrites what a phone saved.
import { api } from "./api.js";
import { $, clock, say } from "./dom.js";
import * as queue from "./queue.js";

let user = null;
let lastSent = "";      // the queue as last saved (or found), to save only what changed
let basedOn = 0;        // when the server's queue was saved as this page last saw it: a newer one is not overwritten
let saveTimer = 0;

// Who is signed in (`{name, admin, listener}`), or null.
export function signedIn() { return user; }

// Asks the server who is signed in and shows it. Resolves to whether the page may start: false while a
// sign-in is needed first (the form is open then, and the page reloads once it succeeds).
export async function startAccount() {
  let session = null;
  try {
    session = await api("GET", "/api/session");
  } catch (error) {
    // An older server, or none answering: the page starts as it would without accounts.
    return true;
  }
  user = session.user;
  // A listener browses and plays: the page offers them no edit (the server refuses one anyway).
  if (user && user.listener) {
    document.documentElement.classList.add("listener");
    for (const field of document.querySelectorAll("#details input")) field.readOnly = true;
  }
  $("account-name").textContent = user ? user.name + (user.listener ? " (listener)" : "") : "";
  $("account-name").hidden = !user;
  $("sign-out").hidden = !user;
  $("sign-in-open").hidden = Boolean(user) || !session.available;
  $("sign-in-open").addEventListener("click", () => openSignIn(false));
  $("sign-out").addEventListener("click", signOut);
  $("sign-in-form").addEventListener("submit", (event) => { event.preventDefault(); signIn(); });
  $("sign-in-cancel").addEventListener("click", () => $("sign-in").close());
  if (session.required && !user) {
    openSignIn(true);
    return false;
  }
  return true;
}

function openSignIn(required) {
  const dialog = $("sign-in");
  $("sign-in-cancel").hidden = required;
  // Required, it cannot be dismissed: there is nothing behind it to use. (A browser may close it on a
  // second Escape whatever the page says: it opens again.)
  dialog.addEventListener("cancel", (event) => { if (required) event.preventDefault(); });
  dialog.addEventListener("close", () => { if (required) dialog.showModal(); });
  $("sign-in-error").textContent = "";
  dialog.showModal();
  dialog.querySelector("input[name=name]").focus();
}

async function signIn() {
  const form = $("sign-in-form");
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    await api("POST", "/api/session", { name: form.elements.name.value, password: form.elements.password.value });
    location.reload();
  } catch (error) {
    $("sign-in-error").textContent = error.offline ? "The server does not answer." : error.message;
    form.elements.password.select();
    button.disabled = false;
  }
}

async function signOut() {
  try {
    await api("DELETE", "/api/session");
    location.reload();
  } catch (error) {
    say(error.message, true);
  }
}

// MARK: The queue on the server

// The queue as the server keeps it: track ids, the current one's place, the position in whole seconds.
function snapshot() {
  const current = queue.current();
  return {
    tracks: queue.items().map((i) => i.track.id),
    current: current ? queue.index() : null,
    position: current ? Math.floor(queue.savedTime()) : 0,
  };
}

function save(now) {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(async () => {
    const wanted = snapshot();
    const text = JSON.stringify(wanted);
    if (text === lastSent) return;
    try {
      const saved = await api("PUT", "/api/queue", Object.assign({ basedOn }, wanted));
      lastSent = text;
      basedOn = saved.changed;
    } catch (error) {
      // Another player saved since (409: theirs stays, and the next visit offers it), a track deleted
      // meanwhile, or the server away: nothing is overwritten, and the next change tries again.
    }
  }, now ? 0 : 1000);
}

// Once the player has started: offers the queue saved elsewhere, then keeps this page's queue saved.
export async function followQueue() {
  if (!user) return;
  lastSent = JSON.stringify(snapshot());
  let saved = null;
  try { saved = await api("GET", "/api/queue"); } catch (error) { saved = null; }
  basedOn = saved && saved.changed ? saved.changed : 0;
  if (saved && saved.tracks.length) {
    const theirs = { tracks: saved.tracks.map((t) => t.id), current: saved.current, position: Math.floor(saved.position) };
    if (JSON.stringify({ ...theirs, position: 0 }) !== JSON.stringify({ ...snapshot(), position: 0 })) offer(saved);
  }
  queue.subscribe(() => save(false));
  // The position moves while playing: saved every 10 s when it has.
  setInterval(() => save(true), 10000);
  addEventListener("pagehide", () => {
    const text = JSON.stringify(snapshot());
    if (text === lastSent) return;
    // Sent as the page goes away: kept alive past its unloading.
    const body = JSON.stringify(Object.assign({ basedOn }, snapshot()));
    fetch("/api/queue", { method: "PUT", headers: { "Content-Type": "application/json" }, body, keepalive: true });
  });
}

function offer(saved) {
  const at = saved.current === null ? 0 : saved.current;
  const track = saved.tracks[at];
  const where = saved.current === null ? "" : " at " + clock(Math.floor(saved.position));
  $("resume-text").textContent = "Resume the queue saved by " + (saved.changedBy || "another player")
    + ": “" + track.title + "”" + where + " (" + saved.tracks.length + " track" + (saved.tracks.length === 1 ? "" : "s") + ")";
  $("resume").hidden = false;
  $("resume-yes").onclick = () => {
    $("resume").hidden = true;
    queue.resume(saved.tracks, at, saved.current === null ? 0 : saved.position);
    lastSent = JSON.stringify(snapshot());
  };
  $("resume-no").onclick = () => { $("resume").hidden = true; };
}
