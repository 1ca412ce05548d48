// A table: seats and scores, the game's felt (drawn by the game's own renderer), the turn clocks,
// moves sent with the view's state_id (the server's refusals shown with their reason), the hint
// button, the show counted item by item, chat, the game log, leaving, rematch and invite link.

import { h, replace, toast } from "./dom.js";
import { session } from "./session.js";
import { ShowCounter } from "./show.js";
import { installKeys } from "./keyboard.js";
import { kindMark, named } from "./words.js";
import { beep, settings } from "./settings.js";
import { cardPlaces, gatherDepartures, markArrivals } from "./motion.js";
import { RENDERERS } from "./games/index.js";
import { reviewedGames } from "./catalog.js";
import { ratingText } from "./leaderboard.js";

const LOG_LINES = 200;
const LOG_EVENTS = 200; // the events a table state carries at most (server: table.LOG_EVENTS)
const HINT_ASK = "Ask for a hint on your turn.";
const TITLE = document.title;
const CALLOUT_MS = 1800;
const DROP_BACK_MS = 2000; // how long "back" shows after a dropped connection returns

function seatName(table, seat) {
  const info = table && table.seats[seat];
  if (!info) return `Seat ${seat + 1}`;
  if (info.bot) return `${info.bot} bot ${seat + 1}`;
  if (info.user) return info.user.name + (info.user.kind === "bot_account" ? kindMark(info.user) : "");
  return `Seat ${seat + 1} (open)`;
}

function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 3600) { // a correspondence clock: days and hours, or hours and minutes
    const hours = Math.floor(whole / 3600);
    return hours >= 24 ? `${Math.floor(hours / 24)}d ${hours % 24}h` : `${hours}h ${Math.floor((whole % 3600) / 60)}m`;
  }
  return `${whole}s`;
}

/** What a seat's running clock is for, beside its seat and on the player's own line. */
const SEAT_CLOCK = { turn: "turn", count: "counting", grace: "away" };
const MY_CLOCK = { turn: "Your turn", count: "Your count" };

/** A view's match (best of more than one game), or null for a single game. */
function matchOf(view) {
  return view && view.match && view.match.games > 1 ? view.match : null;
}

/** "Game 2 of 3 · Yara: 1, Zeb: 0": the game being played and every seat's match points. */
function matchText(match, view, name) {
  const number = match.number ?? view.game_number; // cribbage's own match numbers its games in the view
  const points = match.points.map((p, seat) => `${name(seat)}: ${p}`).join(", ");
  return `${view.result ? `Best of ${match.games}` : `Game ${number} of ${match.games}`} · ${points}`;
}

/** Minutes and seconds, for a timed game's clock. */
function gameClockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function mountTable(app, ctx, tableId) {
  const st = {
    table: null, seat: null, view: null, clocks: [], clocksAt: 0, hint: null,
    selected: new Set(), kept: new Map(), leaving: false, chatSeen: new Set(), showsDealtOver: false,
    handEvents: [], // this deal's events so far: its points by seat once it is counted
    log: null, // the game's log held: { game, seat, from, events }, so joining again asks for the rest only
    rated: null, // the last rated game's rating changes ({ game_number, changes }), shown with its result
  };
  const shows = new ShowCounter();
  const title = h("h2", { id: "table-title" }, `Table ${tableId}`);
  const myClock = h("span", { class: "clock", id: "my-clock", hidden: true });
  const gameClock = h("span", { class: "clock game-clock", id: "game-clock", hidden: true,
    title: "time left in this timed game: when it runs out, the hand in progress is the last" });
  const hintBtn = h("button", { class: "btn secondary", type: "button", id: "hint-btn", "data-key": "h",
    onclick: () => ctx.conn.send({ type: "hint", table_id: tableId }) }, "Hint (h)");
  const leaveBtn = h("button", { class: "btn danger", type: "button", id: "leave-btn", onclick: leave }, "Leave");
  const resignBtn = h("button", { class: "btn secondary", type: "button", id: "resign-btn", onclick: resign,
    title: "concede this game (a loss) and stay at the table for a rematch" }, "Resign");
  const matchLine = h("span", { class: "muted", id: "match-line", hidden: true });
  const toolbar = h("div", { class: "row", id: "toolbar" }, title, matchLine, gameClock, myClock, hintBtn, resignBtn, leaveBtn);
  const seatsEl = h("div", { class: "seats", id: "seats" });
  const feltBody = h("div", { class: "felt-body", id: "felt-body" });
  const callout = h("div", { class: "callout", id: "callout", hidden: true, "aria-hidden": "true" }); // the log says it too
  // the callout has a strip of its own: it never covers the player's cards or a show being counted
  const calloutStrip = h("div", { class: "callout-strip" }, callout);
  const drop = h("div", { class: "drop", id: "drop", role: "status", hidden: true });
  const felt = h("div", { class: "felt", id: "felt" }, seatsEl, calloutStrip, shows.el, feltBody, drop);
  const resultEl = h("section", { class: "panel", id: "result", hidden: true });
  const lastError = h("div", { class: "muted", id: "last-error", "aria-live": "polite" });
  const hintBox = h("div", { class: "hint-box", id: "hint-box" }, HINT_ASK);
  const logEl = h("div", { class: "event-log", id: "event-log", "aria-live": "off", tabindex: 0, role: "log",
    "aria-label": "game log" }); // focusable: it scrolls, and a keyboard must reach what is scrolled away
  const announcer = h("div", { class: "sr-only", "aria-live": "polite" }); // the latest line, for screen readers
  const chatLog = h("div", { class: "chat-log", id: "chat-log" });
  const chatInput = h("input", { id: "chat-input", maxlength: 500, placeholder: "say something", "aria-label": "chat message" });
  const chatForm = h("form", { class: "row", id: "chat-form" }, chatInput, h("button", { class: "btn", type: "submit" }, "Send"));
  const moveInput = h("input", { id: "move-input", maxlength: 200, placeholder: "e.g. play 5H, go, claim 6",
    "aria-label": "type a move" });
  const moveForm = h("form", { class: "row", id: "move-form" }, moveInput, h("button", { class: "btn", type: "submit" }, "Move"));
  const invite = h("input", { id: "invite-link", readonly: true, value: `${location.origin}/?table=${tableId}`,
    "aria-label": "invite link", style: "flex:1;min-width:0" });
  const side = h("aside", { class: "side" },
    h("section", { class: "panel", id: "hint-panel" }, h("h2", {}, "Hint"), hintBox, lastError),
    h("section", { class: "panel" }, h("h2", {}, "Chat"), chatLog, chatForm),
    h("section", { class: "panel" }, h("h2", {}, "Game"), logEl, announcer, h("details", {},
      h("summary", {}, "Type a move"), moveForm),
    h("p", { class: "muted", id: "keys-help" },
      "Keys: 1–9 pick a card, ← → and Enter; the letter a button shows presses it (d discard, g go, "
      + "r ready, h hint …); c chat, Esc leaves a box.")),
    h("section", { class: "panel" }, h("h2", {}, "Invite"), h("div", { class: "row" }, invite,
      h("button", { class: "btn secondary", type: "button", onclick: () => {
        invite.select();
        navigator.clipboard?.writeText(invite.value).catch(() => {});
      } }, "Copy"))));
  replace(app, h("div", { class: "table-view" },
    // the result comes above the felt: a finished game's ranks and Rematch are in view at once
    h("div", {}, h("div", { class: "panel" }, toolbar), resultEl, felt), side));

  // --- what the game renderers may use ------------------------------------------------------
  const ui = {
    get seat() { return st.seat; },
    get selected() { return st.selected; },
    get hinted() { return new Set(st.hint && st.hint.state_id === st.view?.state_id ? hintCards(st.hint.move) : []); },
    name: (seat) => seatName(st.table, seat),
    move: sendMove,
    /** Pick or unpick ``card``, at most ``max`` picked: a pick past it drops the oldest pick that
     * is not ``kept`` (cards the game requires, which stay picked), and is refused when all are. */
    toggle(card, max, kept = []) {
      if (kept.includes(card)) return;
      if (st.selected.has(card)) st.selected.delete(card);
      else {
        if (st.selected.size >= max) {
          const dropped = [...st.selected].find((c) => !kept.includes(c));
          if (dropped === undefined) return; // every pick is required: the hand is full
          st.selected.delete(dropped);
        }
        st.selected.add(card);
      }
      render();
    },
    keep(key, factory) {
      if (!st.kept.has(key)) st.kept.set(key, factory());
      return st.kept.get(key);
    },
    amountMove(verb, label, max = null) {
      // A stepper over the amount's range (− and + keep it within 0..max; the phone's keypad is
      // numeric). Its controls are kept across re-renders, so another player's update never resets
      // what is typed nor loses a press that the redraw caught between the button's down and up.
      const input = ui.keep(`${verb}-amount`, () => h("input", { type: "number", min: 0, step: 1, id: `${verb}-amount`,
        inputmode: "numeric", class: "amount", "aria-label": `${label} amount` }));
      const range = ui.keep(`${verb}-range`, () => h("span", { class: "muted range" }));
      if (max !== null) input.max = String(max);
      range.hidden = max === null;
      range.textContent = max === null ? "" : `0–${max}`;
      return ui.keep(`${verb}-stepper`, () => {
        const step = (by) => {
          const top = input.max === "" ? null : Number(input.max);
          const now = input.value === "" ? (by > 0 ? -1 : 1) : Number(input.value);
          const next = Math.max(0, top === null ? now + by : Math.min(top, now + by));
          input.value = String(next);
          input.dispatchEvent(new Event("input"));
        };
        return h("span", { class: "row stepper" },
          h("button", { class: "btn secondary step", type: "button", id: `${verb}-less`, "aria-label": `${label}: one less`,
            onclick: () => step(-1) }, "−"),
          input,
          h("button", { class: "btn secondary step", type: "button", id: `${verb}-more`, "aria-label": `${label}: one more`,
            onclick: () => step(1) }, "+"),
          range,
          h("button", { class: "btn", type: "button", id: `${verb}-btn`, onclick: () => {
            if (input.value !== "") { sendMove(`${verb} ${input.value}`); return; }
            // an empty box is no claim: say so where the player looks, never nothing at all
            lastError.textContent = `Type a number first (0 if there is nothing), then ${label.toLowerCase()}.`;
            toast(lastError.textContent, "error");
            input.focus();
          } }, label));
      });
    },
    readyButton() {
      return h("button", { class: "btn", type: "button", id: "ready-btn", "data-key": "r", onclick: () => sendMove("ready") },
        "Ready (r)");
    },
  };

  function hintCards(move) {
    return move.split(" ").slice(1).filter((w) => /^(10|[2-9AJQKT])[CDHS]$|^JK[BR]$/i.test(w));
  }

  function sendMove(text) {
    if (!st.view) return;
    if (!ctx.conn.ready) { // never queued: by the time the connection is back the game has moved on
      lastError.textContent = `Not sent (${text}): the connection is down. Choose again when it is back.`;
      toast("Not connected: your move was not sent", "error");
      return;
    }
    if (text === "ready") shows.finish(); // ready for the next deal: the count is done with
    if (st.showsDealtOver) shows.clear();
    st.showsDealtOver = false;
    lastError.textContent = "";
    ctx.conn.send({ type: "move", table_id: tableId, text, state_id: st.view.state_id });
  }

  /** Concede the game, asked twice: the player keeps the seat (and the rematch). */
  function resign() {
    if (!st.resigning) {
      st.resigning = true;
      resignBtn.textContent = "Really resign?";
      setTimeout(() => { st.resigning = false; resignBtn.textContent = "Resign"; }, 4000);
      return;
    }
    st.resigning = false;
    resignBtn.textContent = "Resign";
    sendMove("resign");
  }

  function leave() {
    if (!st.leaving && st.seat !== null && st.view && !st.view.result) {
      st.leaving = true;
      leaveBtn.textContent = "Really leave?";
      setTimeout(() => { st.leaving = false; leaveBtn.textContent = "Leave"; }, 4000);
      return;
    }
    ctx.conn.send({ type: "leave", table_id: tableId });
    ctx.navigate("#/");
  }

  // --- drawing ---------------------------------------------------------------------------------
  function renderSeats() {
    const table = st.table;
    if (!table) return;
    const view = st.view;
    const renderer = RENDERERS[table.game];
    const waiting = new Set(view ? view.to_move : []);
    const amSeated = st.seat !== null;
    replace(seatsEl, table.seats.map((info) => {
      const seat = info.seat;
      const score = view ? view.scores[seat] : table.scores[seat];
      const empty = !info.user && !info.bot;
      return h("div", { class: `seat${waiting.has(seat) ? " to-move" : ""}${seat === st.seat ? " me" : ""}`,
        "data-seat": seat },
      score !== undefined ? h("span", { class: "score" }, String(score)) : null,
      h("div", { class: "name" }, seatName(table, seat), seat === st.seat ? " (you)" : ""),
      h("div", { class: "meta" },
        info.bot ? "bot" : info.user ? (info.connected ? "here" : "away") : "",
        info.left ? ((view && (view.resigned || []).includes(seat)) ? " · resigned" : " · left") : "",
        info.rematch ? " · rematch" : "",
        " ", h("span", { class: "clock", "data-clock": seat, hidden: true })),
      view && renderer ? renderer.seatExtra(view, seat) : null,
      empty && !amSeated && table.status === "waiting"
        ? h("button", { class: "btn sit-btn", type: "button", "data-seat": seat,
          onclick: () => ctx.conn.send({ type: "sit", table_id: tableId, seat }) }, "Sit here")
        : null,
      seat === st.seat && table.status === "waiting"
        ? h("button", { class: "btn secondary", type: "button", onclick: () => ctx.conn.send({ type: "stand", table_id: tableId }) },
          "Stand up")
        : null);
    }));
  }

  /** A game's text with its seats ("player 1") named as the table names them. */
  function byName(text) {
    return named(text, (seat) => seatName(st.table, seat));
  }

  /** Before a game: the seated are asked to share the invite; one who came by it, to sit down. */
  function waitingLine(table) {
    const open = table.seats.find((info) => !info.user && !info.bot);
    if (st.seat !== null || !open) return "Waiting for players: share the invite link, or sit in an open seat.";
    const host = table.seats.find((info) => info.user && info.user.id === table.created_by);
    return h("span", {}, host ? `${host.user.name} invited you: ` : "A seat is open: ",
      h("button", { class: "btn", type: "button", id: "take-seat",
        onclick: () => ctx.conn.send({ type: "sit", table_id: tableId, seat: open.seat }) }, "Take the seat"));
  }

  /** A player's rating change after a rated game: "Ann: 1500 → 1523? (+23)", or their first rating. */
  function ratingChange(c) {
    const after = ratingText({ rating: c.after, provisional: c.provisional });
    if (c.before === null) return `${c.user.name}: rated ${after} (a first rated game)`;
    const diff = c.after - c.before;
    return `${c.user.name}: ${c.before} → ${after} (${diff < 0 ? "−" : "+"}${Math.abs(diff)})`;
  }

  function renderResult() {
    const result = st.view && st.view.result;
    resultEl.hidden = !result;
    if (!result) return;
    const order = result.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank);
    const me = st.seat;
    const won = me !== null && result.ranks[me] === 1;
    const resigned = st.view.resigned || [];
    const gone = (st.view.left || []).filter((seat) => seat !== me && !resigned.includes(seat)); // a rematch needs them back
    const match = matchOf(st.view);
    const over = match ? "Match over" : "Game over";
    // a match ranks by match points; the last game's score beside them
    const standing = (seat) => match
      ? `${result.match_points[seat]} of ${match.games} (last game ${result.scores[seat]})`
      : `${result.scores[seat]}${result.skunks && result.skunks[seat] ? ` (${result.skunks[seat]})` : ""}`;
    replace(resultEl, h("h2", {}, me === null ? over : won ? (match ? "You won the match!" : "You won!") : over),
      h("ol", { id: "ranks" }, order.map(({ rank, seat }) => h("li", { value: rank }, `${seatName(st.table, seat)}: ${standing(seat)}`))),
      h("p", { class: "muted", id: "end-reason" }, byName(result.reason)),
      st.rated && st.table && st.rated.game_number === st.table.game_number
        ? h("ul", { id: "rating-changes" }, st.rated.changes.map((c) => h("li", { "data-seat": String(c.seat) }, ratingChange(c))))
        : null,
      h("div", { class: "row" },
        me !== null && !gone.length ? h("button", { class: "btn", type: "button", id: "rematch-btn",
          onclick: () => ctx.conn.send({ type: "rematch", table_id: tableId }) }, "Rematch") : null,
        me !== null && gone.length
          ? h("span", { class: "muted", id: "no-rematch" }, `No rematch: ${gone.map((s) => seatName(st.table, s)).join(", ")} left`)
          : null,
        st.table && st.table.game_id ? h("a", { href: `#/replay/${st.table.game_id}`, id: "replay-link" }, "Replay this game") : null,
        st.table && st.table.game_id && reviewed.has(st.table.game)
          ? [" · ", h("a", { href: `#/review/${st.table.game_id}`, id: "review-link" }, "Review")] : null,
        h("a", { href: "#/" }, "Back to the lobby")));
  }

  function render() {
    const active = document.activeElement;
    const focusKey = active && (active.dataset.card || active.id);
    renderSeats();
    const table = st.table;
    const view = st.view;
    const renderer = table && RENDERERS[table.game];
    title.textContent = table ? `${table.game} · table ${table.id} · ${table.status}` : `Table ${tableId}`;
    hintBtn.hidden = !(table && table.hints && st.seat !== null && view && !view.result);
    resignBtn.hidden = !(st.seat !== null && view && !view.result && !(view.left || []).includes(st.seat));
    const match = matchOf(view);
    resignBtn.title = `concede ${match ? "the match" : "this game"} (a loss) and stay at the table for a rematch`;
    matchLine.hidden = !(match && table);
    if (match && table) matchLine.textContent = matchText(match, view, (seat) => seatName(table, seat));
    document.getElementById("hint-panel").hidden = st.seat === null;
    if (!st.leaving) leaveBtn.textContent = st.seat === null ? "Stop watching" : "Leave";
    felt.dataset.game = table ? table.game : "";
    felt.dataset.phase = view ? view.phase : "";
    felt.dataset.stateId = view ? String(view.state_id) : "";
    if (!view) {
      replace(feltBody, h("div", { class: "status-line", id: "status" },
        table ? (table.status === "waiting" ? waitingLine(table) : "…") : "Joining…"));
    } else if (renderer) {
      const before = cardPlaces(feltBody);
      replace(feltBody, renderer.felt(view, ui));
      markArrivals(feltBody, before);
      gatherDepartures(feltBody, before, felt);
    } else {
      replace(feltBody, h("pre", {}, JSON.stringify(view, null, 1)));
    }
    renderResult();
    alertTurn();
    tickClocks();
    if (focusKey) {
      const again = felt.querySelector(`[data-card="${focusKey}"]`) || document.getElementById(focusKey);
      if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    }
  }

  /** Your turn while the tab is in the background: the title says so (and a notification, if the
   * browser allows them), once per turn; coming back to the tab puts the title back. */
  function alertTurn() {
    const view = st.view;
    const turn = st.seat !== null && view && !view.result && (view.to_move || []).includes(st.seat);
    if (!turn || !document.hidden) {
      st.alerted = false;
      document.title = TITLE;
    } else if (!st.alerted) {
      st.alerted = true;
      document.title = `● Your turn · ${TITLE}`;
      if (settings.notify === "on" && window.Notification && Notification.permission === "granted") {
        new Notification("muggins: your turn", { body: feltBody.querySelector("#status")?.textContent || "",
          tag: "muggins-turn" });
      }
    }
  }

  function tickClocks() {
    const elapsed = (performance.now() - st.clocksAt) / 1000;
    const running = new Map(st.clocks.filter((c) => c.kind !== "game").map((c) => [c.seat, c]));
    const game = st.clocks.find((c) => c.kind === "game");
    const called = Boolean(st.view && st.view.time_called && !st.view.result);
    gameClock.hidden = !game && !called;
    if (game) {
      const left = game.remaining - elapsed;
      gameClock.textContent = `Game time ${gameClockText(left)}`;
      gameClock.classList.toggle("low", left < 60);
    } else if (called) {
      gameClock.textContent = "Time is up: last hand";
      gameClock.classList.add("low");
    }
    for (const el of seatsEl.querySelectorAll("[data-clock]")) {
      const c = running.get(Number(el.dataset.clock));
      el.hidden = !c;
      if (c) {
        const left = c.remaining - elapsed;
        el.textContent = `${SEAT_CLOCK[c.kind] || "pause"} ${clockText(left)}`;
        el.classList.toggle("low", left < 6);
      }
    }
    const mine = st.seat !== null ? running.get(st.seat) : null;
    myClock.hidden = !mine;
    if (mine) {
      const left = mine.remaining - elapsed;
      myClock.textContent = `${MY_CLOCK[mine.kind] || "Pause"}: ${clockText(left)}`;
      myClock.classList.toggle("low", left < 6);
    }
  }

  /** A line in the game log, tagged with the table's game it tells of. */
  function log(text, game = st.table?.game_number) {
    if (!text) return;
    logEl.append(h("div", { "data-game": game ?? "" }, text));
    announcer.textContent = text;
    while (logEl.childElementCount > LOG_LINES) logEl.firstElementChild.remove();
    logEl.scrollTop = logEl.scrollHeight;
  }

  function setClocks(clocks) {
    st.clocks = clocks || [];
    st.clocksAt = performance.now();
  }

  /** The game's recent events, as a table's state gives them (joining, reloading, reconnecting):
   * this game's log lines are written again from them, earlier games' lines stay, and the counts
   * of the current deal are shown finished. */
  function restoreLog(events) {
    const game = st.table.game_number;
    for (const line of logEl.querySelectorAll(`[data-game="${game}"]`)) line.remove();
    const renderer = RENDERERS[st.table.game];
    for (const e of events) log(byName(e.text), game);
    const dealt = events.findLastIndex((e) => e.type === "new_hand");
    st.handEvents = events.slice(Math.max(0, dealt));
    const counted = renderer && st.view ? renderer.shows(st.handEvents, ui, st.view) : [];
    shows.showAll(counted);
    if (counted.length && renderer.summary) shows.summarise(renderer.summary(st.handEvents, ui, st.view));
  }

  /** The log a state brings: the rest of the log held when it carries on from it (a join that
   * said what it held), else the state's own; either way the latest LOG_EVENTS are kept. */
  function holdLog(m) {
    const held = st.log;
    const carriesOn = held && held.game === m.table.game_number && held.seat === m.seat
      && held.from + held.events.length === m.log_from;
    st.log = keptLog(m.table.game_number, m.seat, m.log_from + m.log.length, carriesOn ? [...held.events, ...m.log] : m.log);
    return st.log.events;
  }

  /** Events heard after the state: the log held grows. */
  function extendLog(m) {
    const held = st.log;
    if (!held || held.game !== m.game_number) return;
    const end = held.from + held.events.length + m.events.length;
    st.log = keptLog(held.game, held.seat, end, [...held.events, ...m.events]);
  }

  /** The log held: the latest LOG_EVENTS of ``events``, which end at the game's ``end``th event. */
  function keptLog(game, seat, end, events) {
    const kept = events.slice(-LOG_EVENTS);
    return { game, seat, from: end - kept.length, events: kept };
  }

  /** Join the table, saying what log is held (after a lost connection only the rest comes). */
  function join() {
    const held = st.log;
    const since = held && { game_number: held.game, seat: held.seat, events: held.from + held.events.length };
    ctx.conn.send({ type: "join", table_id: tableId, ...(since ? { since } : {}) });
  }

  /** A new view; the cards picked so far stay picked only while others move in the same phase. */
  function newView(view, mover = null) {
    const before = st.view;
    st.view = view;
    if (!before || before.phase !== view.phase || mover === st.seat || !(view.to_move || []).includes(st.seat)) {
      st.selected.clear();
    }
    if (st.hint && (!before || before.phase !== view.phase || mover === st.seat)) {
      st.hint = null; // a hint answers one decision: gone once it is made or the game moves on
      replace(hintBox, HINT_ASK);
    }
  }

  /** With sound on: a tone when your turn comes, when you score, and at the end. */
  function sounds(events, view) {
    const mineSide = st.seat === null ? [] : (view.sides || [[st.seat]]).find((side) => side.includes(st.seat)) || [];
    if (view.result) beep("end");
    else if (events.some((e) => e.type === "scored" && e.points > 0 && mineSide.includes(e.player))) beep("score");
    const turn = st.seat !== null && (view.to_move || []).includes(st.seat);
    if (turn && !st.turnBefore && !view.result) beep("turn");
    st.turnBefore = turn;
  }

  /** With "say ready for me" on: a pause between hands is passed at once. A window that is passed
   * by saying ready (muggins, a count by hand) is a decision: always left to you. */
  function readyForMe(view) {
    const pause = RENDERERS[st.table?.game]?.pauses?.has(view.phase);
    if (settings.autoReady === "on" && pause && (view.legal_moves || []).includes("ready") && !view.result) {
      setTimeout(() => { if (st.view === view) sendMove("ready"); }, 0);
    }
  }

  /** Say what the play scored on the felt for a moment ("Bob: fifteen for 2"). */
  function callOut(lines) {
    if (!lines.length) return;
    clearTimeout(st.calloutTimer);
    callout.textContent = lines.join(" · ");
    callout.hidden = false;
    callout.classList.remove("fresh");
    void callout.offsetWidth; // restart the animation
    callout.classList.add("fresh");
    st.calloutTimer = setTimeout(() => { callout.hidden = true; }, CALLOUT_MS);
  }

  /** The show follows the game: a new deal clears the last one's counts; counts that arrive with
   * the next deal (no pause between hands) are shown finished until this player's next move; the
   * game's end finishes whatever is still being counted. */
  function followShows(counted, events, view) {
    const cut = events.findIndex((e) => e.type === "new_hand");
    const dealt = cut >= 0;
    const hand = [...st.handEvents, ...(dealt ? events.slice(0, cut) : events)]; // the hand these counts end
    st.handEvents = dealt ? events.slice(cut) : hand;
    if (dealt) shows.clear();
    for (const show of counted) shows.push(show);
    const renderer = RENDERERS[st.table?.game];
    if (counted.length && renderer?.summary) shows.summarise(renderer.summary(hand, ui, view));
    if (dealt) st.showsDealtOver = counted.length > 0;
    if ((dealt && counted.length) || view.result) shows.finish();
  }

  /** A dropped connection shows on the table itself: greyed, input off, until it is back. */
  function connection(m) {
    clearTimeout(st.dropTimer);
    felt.inert = !m.connected;
    felt.classList.toggle("offline", !m.connected);
    moveInput.disabled = hintBtn.disabled = resignBtn.disabled = !m.connected;
    if (!m.connected) {
      st.dropped = true;
      drop.classList.remove("back");
      replace(drop, h("strong", {}, "Connection lost — reconnecting…"),
        h("span", {}, "Nothing you click is sent until it is back; the clocks keep running on the server."));
      drop.hidden = false;
    } else if (st.dropped) {
      st.dropped = false;
      drop.classList.add("back");
      replace(drop, h("strong", {}, "Back: connected again"));
      st.dropTimer = setTimeout(() => { drop.hidden = true; }, DROP_BACK_MS);
    }
  }

  // --- messages ----------------------------------------------------------------------------------
  const mine = (m) => m.table_id === tableId || (m.table && m.table.id === tableId);
  const offs = [
    ctx.conn.on("status", connection),
    ctx.conn.on("welcome", join),
    ctx.conn.on("table_state", (m) => {
      if (!mine(m)) return;
      st.table = m.table;
      st.seat = m.seat;
      if (m.view) newView(m.view);
      else st.view = null;
      setClocks(m.clocks);
      const events = holdLog(m);
      if (m.view) restoreLog(events);
      if (ctx.pendingSit === tableId) {
        if (st.seat === null && m.table.status === "waiting") {
          ctx.conn.send({ type: "sit", table_id: tableId, seat: ctx.pendingSeat ?? null });
        }
        ctx.pendingSit = null;
        ctx.pendingSeat = null;
      }
      render();
    }),
    ctx.conn.on("table_update", (m) => {
      if (!mine(m)) return;
      st.table = m.table;
      if (m.table.status === "waiting") {
        // before a game the seat list says where we sit (sitting down, standing up)
        const me = session.user && m.table.seats.find((s) => !s.bot && s.user && s.user.id === session.user.id);
        st.seat = me ? me.seat : null;
      }
      render();
    }),
    ctx.conn.on("events", (m) => {
      if (!mine(m)) return;
      const renderer = RENDERERS[st.table?.game];
      newView(m.view, m.seat);
      setClocks(m.clocks);
      extendLog(m);
      if (m.by === "timeout") log(`Time ran out for ${seatName(st.table, m.seat)}: "${m.move}" was made for them`, m.game_number);
      for (const e of m.events) log(byName(e.text), m.game_number);
      followShows(renderer?.shows(m.events, ui, m.view) || [], m.events, m.view);
      callOut(renderer?.callouts?.(m.events, ui) || []);
      sounds(m.events, m.view);
      readyForMe(m.view);
      render();
    }),
    ctx.conn.on("clock", (m) => {
      if (!mine(m)) return;
      setClocks(m.clocks);
      tickClocks();
    }),
    ctx.conn.on("chat", (m) => {
      if (!mine(m)) return;
      const key = `${m.user.id}:${m.at}`; // joining again replays the table's recent chat
      if (st.chatSeen.has(key)) return;
      st.chatSeen.add(key);
      chatLog.append(h("div", {}, h("strong", {}, `${m.user.name}: `), m.text));
      chatLog.scrollTop = chatLog.scrollHeight;
    }),
    ctx.conn.on("rated", (m) => {
      if (!mine(m)) return;
      st.rated = m;
      renderResult();
    }),
    ctx.conn.on("hint", (m) => {
      if (!mine(m)) return;
      st.hint = m;
      replace(hintBox, h("strong", { id: "hint-move" }, m.move), h("div", { id: "hint-reason" }, m.reason),
        m.details && m.details.length
          ? h("ul", { class: "hint-details", id: "hint-details" }, m.details.map((line) => h("li", {}, line)))
          : null);
      render();
    }),
    ctx.conn.on("error", (m) => {
      if (m.table_id && m.table_id !== tableId) return;
      if (m.request === "join" && !st.table) { // no such table: say so once, with no table around it
        side.hidden = true;
        toolbar.replaceChildren(title);
        replace(feltBody, h("div", { class: "status-line", id: "status" }, m.reason, " ",
          h("a", { href: "#/" }, "Back to the lobby")));
        return;
      }
      if (m.code === "stale") { // the game moved on before the move arrived: its news is on the way
        toast("The game moved on before your move arrived: choose again.");
        return;
      }
      const reason = byName(m.reason); // "it is not player 0's turn" -> "it is not Alice's turn"
      lastError.textContent = reason;
      toast(reason, "error");
    }),
  ];
  chatForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    ctx.conn.send({ type: "chat", table_id: tableId, text });
    chatInput.value = "";
  });
  moveForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = moveInput.value.trim();
    if (text) sendMove(text);
    moveInput.value = "";
  });
  const offKeys = installKeys(felt, app);
  document.addEventListener("visibilitychange", alertTurn);
  const ticker = setInterval(tickClocks, 250);
  if (ctx.conn.ready) join();
  let reviewed = new Set(); // the games the server reviews: their end offers a review
  reviewedGames().then((names) => { reviewed = names; renderResult(); }); // only the end offers a review
  render();

  return () => {
    offs.forEach((off) => off());
    offKeys();
    document.removeEventListener("visibilitychange", alertTurn);
    document.title = TITLE;
    clearInterval(ticker);
    clearTimeout(st.calloutTimer);
    clearTimeout(st.dropTimer);
    shows.clear();
  };
}
