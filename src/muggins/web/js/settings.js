// Your settings: kept in this browser (localStorage) and, for a member, on their account (the
// server keeps them, so they follow you to another browser); applied at once; and the page that
// edits them. They change how the table looks and sounds, never what the rules allow.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";

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

/** The known settings of `saved` (anything else, or a choice no longer offered, is the default). */
function known(saved) {
  const out = {};
  for (const [name, { options }] of Object.entries(CHOICES)) {
    out[name] = Object.hasOwn(options, saved?.[name]) ? saved[name] : Object.keys(options)[0];
  }
  return out;
}

function load() {
  try { return known(JSON.parse(localStorage.getItem(KEY) || "{}")); } catch { return known({}); }
}

export const settings = load();

const isMember = () => session.user?.kind === "member";

/** A member's settings from their account, once signed in (an account with none saved yet takes
 * this browser's). True if they changed what this page shows. */
export async function loadAccountSettings() {
  if (!isMember()) return false;
  const saved = (await api("/api/me/settings")).settings;
  if (!Object.keys(saved).length) {
    await api("/api/me/settings", { method: "PUT", body: { settings } });
    return false;
  }
  const before = JSON.stringify(settings);
  Object.assign(settings, known(saved));
  localStorage.setItem(KEY, JSON.stringify(settings));
  applySettings();
  return JSON.stringify(settings) !== before;
}

/** Put the settings that are pure looks on the page: CSS reads them from <html data-...>. */
export function applySettings() {
  const root = document.documentElement.dataset;
  root.cards = settings.cardSize;
  root.suits = settings.fourColour === "on" ? "four" : "two";
  root.motion = settings.motion;
}

/** The latest PUT of the account's settings: the next one waits for it. */
let lastPut = Promise.resolve();

export function saveSetting(name, value) {
  settings[name] = value;
  localStorage.setItem(KEY, JSON.stringify(settings));
  applySettings();
  if (isMember()) {
    // One PUT at a time, each sending every setting as it is then: two changes in quick succession
    // could otherwise arrive out of order, and the older would overwrite the newer.
    lastPut = lastPut.then(() => api("/api/me/settings", { method: "PUT", body: { settings } })
      .catch((err) => toast(`Your settings were kept in this browser only: ${err.message}`, "error")));
    return lastPut;
  }
  return Promise.resolve();
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
  let saving = 0; // changes not yet stored: "Saved" only once every one is
  const fields = Object.entries(CHOICES).map(([name, { label, options }]) => {
    const select = h("select", { id: `set-${name}`, name },
      Object.entries(options).map(([value, text]) => h("option", { value, selected: settings[name] === value }, text)));
    select.addEventListener("change", async () => {
      saving += 1;
      saved.textContent = "Saving…";
      const stored = saveSetting(name, select.value);
      if (name === "notify" && select.value === "on" && window.Notification && Notification.permission === "default") {
        Notification.requestPermission();
      }
      try {
        await stored;
      } finally {
        saving -= 1;
      }
      if (!saving) saved.textContent = isMember() ? "Saved on your account." : "Saved in this browser.";
    });
    return h("div", { class: "field" }, h("label", { for: `set-${name}` }, label), select);
  });
  const saved = h("p", { class: "muted", id: "settings-saved", "aria-live": "polite" });
  replace(app, h("section", { class: "panel", id: "settings-page" }, h("h2", {}, "Settings"),
    h("p", { class: "muted", id: "settings-where" }, isMember()
      ? "Kept on your account: they follow you to any browser where you log in."
      : "Kept in this browser, for every table you open here. Register to keep them on an account."),
    fields, saved, h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
  return null;
}
