// What every part of the page draws with. Text from the library only ever goes in as textContent (or an
// input's value, or an attribute), never as HTML.
import { withToken } from "./api.js";

export const $ = (id) => document.getElementById(id);
export const numbers = new Intl.NumberFormat("en-US");

// An element with a class and text.
export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined && text !== null) made.textContent = text;
  return made;
}

// The icons, drawn in a 24 × 24 box in the text's colour (no font need have the glyphs).
const ICONS = {
  play: "M8 5v14l11-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  previous: "M6 6h2v12H6zm3.5 6 8.5 6V6z",
  next: "M16 6h2v12h-2zM6 18l8.5-6L6 6z",
  lyrics: "M4 5h16v2H4zm0 4h16v2H4zm0 4h10v2H4zm13 0h2v5.2a2.5 2.5 0 1 1-2-2.45z",
  volume: "M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  muted: "M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z",
  queue: "M3 6h13v2H3zm0 5h13v2H3zm0 5h9v2H3zm14-1v-4h2v4h4v2h-4v4h-2v-4h-4v-2z",
  shuffle: "M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2H20v-5.5l-2 2z",
  repeat: "M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z",
  repeatOne: "M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2zm-4-2V9h-1l-2 1v1h1.5v4z",
  up: "M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z",
  down: "M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z",
  remove: "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z",
  add: "M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z",
  toPlaylist: "M3 6h11v2H3zm0 4h11v2H3zm0 4h7v2H3zm13-8h6v2h-4v8.5a2.5 2.5 0 1 1-2-2.45z",
  playNext: "M3 10h11v2H3zm0-4h11v2H3zm0 8h7v2H3zm13-1v8l6-4z",
  star: "M12 17.3 18.2 21l-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.4 14l-1.6 7z",
  starOutline: "M22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.4 14l-1.6 7 6.2-3.7 6.2 3.7-1.6-7zM12 15.4l-3.8 2.3 1-4.3-3.3-2.9 4.4-.4L12 6.1l1.7 4 4.4.4-3.3 2.9 1 4.3z",
};

export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("icon");
  const shape = document.createElementNS("http://www.w3.org/2000/svg", "path");
  shape.setAttribute("d", ICONS[name]);
  svg.append(shape);
  return svg;
}

// Replaces a button's icon.
export function setIcon(control, name) {
  const old = control.querySelector("svg.icon");
  const made = icon(name);
  if (old) old.replaceWith(made); else control.prepend(made);
}

// A button with an accessible name; `iconName` draws it, `text` (if any) shows beside the icon.
export function button(label, options) {
  const settings = options || {};
  const made = element("button", settings.className);
  made.type = "button";
  if (settings.icon) made.append(icon(settings.icon));
  if (settings.text) made.append(element("span", "label", settings.text));
  if (!settings.text || settings.text !== label) made.setAttribute("aria-label", label);
  made.title = settings.title || label;
  return made;
}

// A length as a clock shows it: 3:07, or 1:02:45 from an hour on.
export function clock(seconds) {
  const total = Math.round(Math.max(Number(seconds) || 0, 0));
  const hours = Math.floor(total / 3600), minutes = Math.floor(total / 60) % 60, rest = total % 60;
  const mm = hours > 0 && minutes < 10 ? "0" + minutes : String(minutes);
  return (hours > 0 ? hours + ":" : "") + mm + ":" + (rest < 10 ? "0" : "") + rest;
}

// "1 album", "2,345 albums".
export function count(number, one, many) {
  return numbers.format(number) + " " + (number === 1 ? one : many);
}

// An album's cover URL. It names the fields generated artwork is drawn from, so an edit shows a new one.
export function coverKey(album) { return album.id + "\n" + album.title + "\n" + album.artist + "\n" + album.cover_url; }

export function coverURL(album) {
  let hash = 0;
  const text = coverKey(album);
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return withToken("/covers/" + encodeURIComponent(album.id) + "?v=" + (hash >>> 0).toString(36));
}

// One line of status under the page: what the last action did, or what went wrong. The next
// successful action replaces or clears it.
export function say(text, isError) {
  const status = $("status");
  status.textContent = text || "";
  status.classList.toggle("error", Boolean(isError && text));
}

export function report(error) {
  if (!error.offline) say(error.message, true);
}

// Routes, as the address bar shows them (see app.js).
export const routes = {
  album: (id) => "#/album/" + encodeURIComponent(id),
  artist: (name) => "#/artist/" + encodeURIComponent(name),
  genre: (name) => "#/genre/" + encodeURIComponent(name),
};
