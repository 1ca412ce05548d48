// Log in or register: a name and a password; the answer's token replaces the guest's.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";

let made = null; // the bot account just made here, {id, token}: its token is shown on this page until it is reloaded

export function mountAccount(app, ctx) {
  const name = h("input", { id: "account-name", name: "name", maxlength: 32, required: true, autocomplete: "username" });
  const password = h("input", { id: "account-password", name: "password", type: "password", required: true,
    autocomplete: "current-password" });
  const submit = (path) => async (e) => {
    e.preventDefault();
    if (!name.value.trim() || !password.value) return;
    try {
      const answer = await api(path, { method: "POST", body: { name: name.value.trim(), password: password.value } });
      ctx.relogin(answer.token);
      ctx.navigate("#/");
    } catch (err) {
      toast(err.message, "error");
    }
  };
  const form = h("form", { class: "panel options-form", id: "account-form" },
    h("h2", {}, "Log in or register"),
    h("div", { class: "field" }, h("label", { for: "account-name" }, "Name"), name),
    h("div", { class: "field" }, h("label", { for: "account-password" }, "Password"), password),
    h("div", { class: "row" },
      h("button", { class: "btn", type: "submit", id: "login-btn" }, "Log in"),
      h("button", { class: "btn secondary", type: "button", id: "register-btn", onclick: submit("/api/register") },
        "Register")),
    h("p", { class: "muted" }, "Registered players keep their results and a rating per game. ",
      h("a", { href: "#/" }, "Back")));
  form.addEventListener("submit", submit("/api/login"));
  const member = session.user?.kind === "member";
  replace(app, form, member ? passwordForm(ctx) : null, member ? botForm(ctx) : null,
    session.user?.kind === "bot_account" ? botTokenPanel(made && made.id === session.user.id ? made.token : null) : null);
  name.focus();
  return null;
}

/** A member's new password: the old one is asked again; every other session ends. */
function passwordForm(ctx) {
  const field = (id, label) => {
    const input = h("input", { id, name: id, type: "password", required: true, autocomplete: id === "old-password"
      ? "current-password" : "new-password" });
    return [input, h("div", { class: "field" }, h("label", { for: id }, label), input)];
  };
  const [old, oldField] = field("old-password", "Old password");
  const [fresh, freshField] = field("new-password", "New password (8 characters or more)");
  const form = h("form", { class: "panel options-form", id: "password-form" },
    h("h2", {}, `Change ${session.user.name}'s password`), oldField, freshField,
    h("button", { class: "btn", type: "submit", id: "password-btn" }, "Change password"),
    h("p", { class: "muted" }, "Your other sessions (other browsers and devices) end."));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    ctx.conn.renewing = true; // this session ends too: the answer brings the next one
    try {
      const answer = await api("/api/password", { method: "POST",
        body: { old_password: old.value, new_password: fresh.value } });
      ctx.relogin(answer.token);
      toast("Password changed; your other sessions have ended.");
      old.value = fresh.value = "";
    } catch (err) {
      toast(err.message, "error");
    } finally {
      ctx.conn.renewing = false;
    }
  });
  return form;
}

/** Turn a member's account into a bot account (docs/engines.md, "Bot accounts"): the password is
 * asked again; the answer's token is the bot's, shown once to give to `muggins bot connect`. */
function botForm(ctx) {
  const password = h("input", { id: "bot-password", name: "bot-password", type: "password", required: true,
    autocomplete: "current-password" });
  const form = h("form", { class: "panel options-form", id: "bot-form" },
    h("h2", {}, "Make this a bot account"),
    h("p", {}, "A program plays a bot account: it accepts challenges and plays through ",
      h("code", {}, "muggins bot connect"), ". It is marked as a bot wherever its name is shown, never seeks a game ",
      "or enters a tournament, and cannot become a person's account again. Only an account without a rating can."),
    h("div", { class: "field" }, h("label", { for: "bot-password" }, "Password"), password),
    h("button", { class: "btn danger", type: "submit", id: "bot-btn" }, "Make it a bot account"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    ctx.conn.renewing = true; // the member's sessions end: the answer brings the bot's
    try {
      const answer = await api("/api/me/bot", { method: "POST", body: { password: password.value } });
      made = { id: answer.user.id, token: answer.token };
      ctx.relogin(answer.token); // the page is drawn again for the bot account, with its token
    } catch (err) {
      toast(err.message, "error");
    } finally {
      ctx.conn.renewing = false;
    }
  });
  return form;
}

/** A bot account's token (when just made) and how to connect its program. */
function botTokenPanel(token) {
  const command = `MUGGINS_BOT_TOKEN=TOKEN muggins bot connect --server ${location.origin} --engine "COMMAND"`;
  return h("section", { class: "panel", id: "bot-token" },
    h("h2", {}, "A bot account"),
    token ? h("p", {}, "Its token (keep it secret; it does not expire; logging out revokes it):") : h("p", {},
      "Log in with its name and password for a new token; log out to revoke every token."),
    token ? h("pre", { id: "bot-token-text", class: "wrap" }, token) : null,
    h("p", {}, "Connect an engine (docs/engines.md) with the token in place of TOKEN:"),
    h("pre", { class: "wrap" }, command));
}
