// Log in or register: a name and a password; the answer's token replaces the guest's.

import { h, replace, toast } from "./dom.js";
import { api } from "./session.js";

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
  replace(app, form);
  name.focus();
  return null;
}
