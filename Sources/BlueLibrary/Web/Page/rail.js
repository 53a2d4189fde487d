// A rail that jumps: one button per section of a long list ("#", "A" … "Z", or decades), each taking
// the list to where its section starts. Letters without albums stay in place, disabled, so the rail
// keeps its shape.
import { api } from "./api.js";
import { count, element, report } from "./dom.js";

export const LETTERS = ["#"].concat("ABCDEFGHIJKLMNOPQRSTUVWXYZ".split(""));

export class Rail {
  // `nav` is the rail's element; `jump(offset)` goes there; `noun` names what the list holds.
  constructor(nav, jump, noun) {
    this.nav = nav;
    this.jump = jump;
    this.noun = noun;
    this.load = 0;
  }

  // Asks the server for the sections (`url`) and draws them; `letters` shows the whole alphabet.
  async show(url, letters) {
    const load = ++this.load;
    this.nav.hidden = !url;
    if (!url) { this.nav.replaceChildren(); return; }
    try {
      const data = await api("GET", url);
      if (load === this.load) this.draw(data.sections, letters);
    } catch (error) {
      if (load === this.load) report(error);
    }
  }

  draw(sections, letters) {
    const byLabel = new Map(sections.map((section) => [section.label, section]));
    const labels = letters ? LETTERS : sections.map((section) => section.label);
    this.nav.replaceChildren(...labels.map((label) => {
      const section = byLabel.get(label);
      const jump = element("button", "rail-button", label);
      jump.type = "button";
      const what = label === "#" ? "digits and signs" : label;
      jump.setAttribute("aria-label", section ? what + ": " + count(section.count, this.noun[0], this.noun[1]) : what + ": none");
      jump.disabled = !section;
      if (section) jump.addEventListener("click", () => this.jump(section.offset));
      return jump;
    }));
    this.nav.hidden = labels.length === 0;
  }
}
