// Web Push: this browser told of your turns in correspondence games while no page of muggins is
// open. The service worker (/sw.js) shows what the server sends; the subscription is made with the
// server's key and given to the server (POST /api/me/push). A browser with no push service (or a
// refusal) keeps the notices of an open page.

import { toast } from "./dom.js";
import { api } from "./session.js";

/** The service worker, registered once (null where the browser has none). */
export async function serviceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

function keyBytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** Ask to be told of turns with no page open: permission, the subscription, the server told.
 * Returns whether it is on; says why not in a notice. */
export async function tellMeOfTurns() {
  try {
    if (!window.Notification || !window.PushManager) throw new Error("this browser has no push messages");
    if (Notification.permission !== "granted" && (await Notification.requestPermission()) !== "granted") {
      throw new Error("notifications are not allowed");
    }
    const registration = await serviceWorker();
    const { key } = await api("/api/push");
    const subscription = await registration.pushManager.getSubscription()
      || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    await api("/api/me/push", { method: "POST", body: subscription.toJSON() });
    return true;
  } catch (err) {
    toast(`Your turns are told while a page is open (${err.message || err})`);
    return false;
  }
}
