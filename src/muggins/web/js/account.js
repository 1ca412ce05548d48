// Log in or register: a name and a password; the answer's token replaces the guest's.

import { h, replace, toast } from "./dom.js";
import { api, session } from "./session.js";

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
  replace(app, form, session.user?.kind === "member" ? passwordForm(ctx) : null);
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
