// Your settings: kept in this browser (localStorage), applied at once, and the page that edits
// them. Nothing here is sent to the server: they change how the table looks and sounds, never
// what the rules allow.

import { h, replace } from "./dom.js";

const KEY = "muggins.settings";

/** Each setting: its choices (the first is the default) and how it reads on the settings page. */
export const CHOICES = {
  showSpeed: { label: "Show: counting speed", options: { normal: "normal", fast: "fast", slow: "slow", skip: "skip the recitation" } },
  motion: { label: "Animations", options: { normal: "on", reduced: "off" } },
  cardSize: { label: "Card size", options: { normal: "normal", large: "large", small: "small" } },
  sortHand: { label: "Sort your hand", options: { game: "by rank (by suit in Cribist)", rank: "by rank", suit: "by suit" } },
  fourColour: { label: "Suit colours", options: { off: "two colours", on: "four colours (♦ blue, ♣ green)" } },
  autoReady: { label: "Pauses between hands", options: { off: "wait for me to say ready", on: "say ready for me" } },
  sound: { label: "Sound (your turn, your points, the end)", options: { off: "off", on: "on" } },
  notify: { label: "Notify me when it is my turn in another tab", options: { off: "no", on: "yes" } },
};

function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  const out = {};
  for (const [name, { options }] of Object.entries(CHOICES)) {
    out[name] = Object.hasOwn(options, saved[name]) ? saved[name] : Object.keys(options)[0];
  }
  return out;
}

export const settings = load();

/** Put the settings that are pure looks on the page: CSS reads them from <html data-...>. */
export function applySettings() {
  const root = document.documentElement.dataset;
  root.cards = settings.cardSize;
  root.suits = settings.fourColour === "on" ? "four" : "two";
  root.motion = settings.motion;
}

export function saveSetting(name, value) {
  settings[name] = value;
  localStorage.setItem(KEY, JSON.stringify(settings));
  applySettings();
}

/** A short tone (Web Audio): your turn, your points, the end; only with sound on. */
export function beep(kind) {
  if (settings.sound !== "on" || !window.AudioContext) return;
  const audio = beep.audio || (beep.audio = new AudioContext());
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = { turn: 660, score: 880, end: 440 }[kind] || 600;
  gain.gain.setValueAtTime(0.08, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.25);
}

/** The settings page (#/settings): one select per setting, saved as soon as it changes. */
export function mountSettings(app) {
  const fields = Object.entries(CHOICES).map(([name, { label, options }]) => {
    const select = h("select", { id: `set-${name}`, name },
      Object.entries(options).map(([value, text]) => h("option", { value, selected: settings[name] === value }, text)));
    select.addEventListener("change", () => {
      saveSetting(name, select.value);
      if (name === "notify" && select.value === "on" && window.Notification && Notification.permission === "default") {
        Notification.requestPermission();
      }
      saved.textContent = "Saved in this browser.";
    });
    return h("div", { class: "field" }, h("label", { for: `set-${name}` }, label), select);
  });
  const saved = h("p", { class: "muted", id: "settings-saved", "aria-live": "polite" });
  replace(app, h("section", { class: "panel", id: "settings-page" }, h("h2", {}, "Settings"),
    h("p", { class: "muted" }, "Kept in this browser, for every table you open here."),
    fields, saved, h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
  return null;
}
