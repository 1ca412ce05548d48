// The service worker: a push message from the server (your turn in a correspondence game, sent
// while no page of yours is open) becomes a notification; clicking it opens that table.

const TITLES = { cribbage: "Cribbage", skalborg: "Skalborg", cribist: "Cribist", squares: "Cribbage Squares" };

self.addEventListener("push", (event) => {
  let told;
  try {
    told = event.data ? event.data.json() : null;
  } catch {
    return; // not the server's: nothing to show
  }
  if (!told || told.type !== "your_turn") return;
  const game = TITLES[told.game] || told.game;
  event.waitUntil(self.registration.showNotification("muggins", {
    body: `Your turn in ${game}`, tag: told.table_id, data: { url: `/#/table/${told.table_id}` },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "/";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((open) => {
    const page = open.find((c) => new URL(c.url).origin === self.location.origin);
    if (page) return page.focus().then(() => page.navigate(url));
    return self.clients.openWindow(url);
  }));
});
