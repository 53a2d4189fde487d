// The Radio view (`#/radio`): the internet radio stations music apps keep through the Subsonic API, each
// with a Play button that streams it from the station itself into the view's one <audio> element. One
// thing plays at a time: a station that starts pauses the queue's player, and the queue's player, or
// leaving the view, stops the station.
import { api } from "./api.js";
import { $, button, count, element, report, setIcon } from "./dom.js";
import { pause as pauseQueue } from "./player.js";

const list = $("radio-list");
const radio = $("radio-audio");
let playing = null;  // the station whose stream plays, by id

function label(station, on) { return (on ? "Stop " : "Play ") + station.name; }

function stop() {
  radio.pause();
  radio.removeAttribute("src");
  radio.load();
  playing = null;
  for (const control of list.querySelectorAll(".station-play")) {
    control.setAttribute("aria-pressed", "false");
    control.setAttribute("aria-label", control.dataset.play);
    control.title = control.dataset.play;
    setIcon(control, "play");
  }
}

function row(station) {
  const item = element("li", "station");
  const control = button(label(station, false), { icon: "play", className: "station-play" });
  control.dataset.play = label(station, false);
  control.setAttribute("aria-pressed", "false");
  control.addEventListener("click", () => {
    const again = playing === station.id;
    stop();
    if (again) return;
    pauseQueue();
    playing = station.id;
    control.setAttribute("aria-pressed", "true");
    control.setAttribute("aria-label", label(station, true));
    control.title = label(station, true);
    setIcon(control, "pause");
    radio.src = station.stream_url;
    radio.play().catch(() => { if (playing === station.id) { stop(); report(new Error(station.name + " cannot be played")); } });
  });
  item.append(control, element("p", "station-name", station.name));
  // Only an http(s) address is kept by the server; the link opens elsewhere, without this page's address.
  if (station.homepage_url && /^https?:\/\//i.test(station.homepage_url)) {
    const link = element("a", "station-home", "Home page");
    link.href = station.homepage_url;
    link.rel = "noopener noreferrer";
    link.target = "_blank";
    item.append(link);
  }
  return item;
}

export async function showRadio() {
  try {
    const data = await api("GET", "/api/radio");
    stop();
    list.replaceChildren(...data.stations.map(row));
    $("radio-count").textContent = count(data.stations.length, "station", "stations");
    $("radio-empty").hidden = data.stations.length > 0;
  } catch (error) {
    report(error);
  }
}

export function hideRadio() {
  stop();
}

// The queue's player starting stops the station.
for (const player of [$("audio"), $("audio-next")]) player.addEventListener("play", () => { if (playing) stop(); });
