// Talking to the server: JSON requests and the stream of change events. Whether the server answers is
// one fact the whole page shares (a banner says when it does not, and changes are off meanwhile).

// Off loopback the page's URL carries the token; every request sends it (audio and covers in the URL,
// since an element's request carries no headers of ours).
export const token = new URLSearchParams(location.search).get("token");

const connectionListeners = new Set();
let connected = true;

export function isConnected() { return connected; }

// Calls `listener(connected)` whenever the server goes away or comes back.
export function onConnection(listener) { connectionListeners.add(listener); }

export function setConnected(value) {
  if (connected === value) return;
  connected = value;
  document.getElementById("connection").hidden = value;
  for (const listener of connectionListeners) listener(value);
}

// A JSON request; an error carries the server's message and status, or `offline` when nothing answered.
export async function api(method, url, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-BlueLibrary-Token"] = token;
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (failure) {
    setConnected(false);
    const error = new Error("the server does not answer");
    error.offline = true;
    throw error;
  }
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error ? data.error.message : response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

// A path with query parameters, leaving out those not given (an empty text is given: `genre=` names the
// albums without a genre).
export function path(base, parameters) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? base + "?" + text : base;
}

// A URL an element loads by itself (audio, images), with the token when the page has one.
export function withToken(url) {
  return token ? url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : url;
}

const changeListeners = new Set();
const mineListeners = new Set();

// Calls `listener(change)` for every change to the library, from any page, face or process.
export function onChange(listener) { changeListeners.add(listener); }

// Calls `listener()` whenever the signed-in person's own stars, ratings, plays or playlists change, on
// this page, another page of theirs or their phone.
export function onMine(listener) { mineListeners.add(listener); }

// Server-sent events: when the stream breaks the server is gone, and the browser reconnects by itself
// (a stream the server refused is opened again here).
export function listen() {
  const events = new EventSource(withToken("/events"));
  events.addEventListener("open", () => setConnected(true));
  events.addEventListener("change", (event) => {
    const change = JSON.parse(event.data);
    for (const listener of changeListeners) listener(change);
  });
  events.addEventListener("mine", () => { for (const listener of mineListeners) listener(); });
  events.addEventListener("error", () => {
    setConnected(false);
    if (events.readyState === EventSource.CLOSED) {
      events.close();
      setTimeout(listen, 2000);
    }
  });
}
