// A form for a game's options, generated from the options model's JSON Schema: one field per
// option (numbers with their bounds, choices, switches, optional values), so every engine option is
// offered without the client knowing the games. Only values changed from the default are sent.

import { h } from "./dom.js";

function resolve(schema, root) {
  if (schema && schema.$ref) {
    const name = schema.$ref.split("/").pop();
    return { ...root.$defs[name], ...schema, $ref: undefined };
  }
  return schema;
}

/** What kind of input a property needs: {kind, choices, min, max, nullable}. */
function shape(prop, root) {
  const p = resolve(prop, root);
  const variants = (p.anyOf || [p]).map((v) => resolve(v, root));
  const nullable = variants.some((v) => v.type === "null");
  const real = variants.filter((v) => v.type !== "null");
  const listed = (v) => v.enum || (v.const !== undefined ? [v.const] : null);
  const choices = real.flatMap((v) => listed(v) || []);
  const numeric = real.filter((v) => !listed(v) && (v.type === "integer" || v.type === "number"));
  if (real.length === 1 && real[0].type === "boolean") return { kind: "bool", nullable };
  if (choices.length && !numeric.length) return { kind: "choice", choices, nullable };
  if (choices.length && numeric.length) return { kind: "mixed", choices, nullable };
  if (numeric.length === 1 && real.length === 1) {
    return { kind: "number", min: numeric[0].minimum, max: numeric[0].maximum, nullable };
  }
  if (real.length === 1 && real[0].type === "string") return { kind: "text", nullable };
  return { kind: "json", nullable };
}

/** A field's label: a title the game gave the option, else its name in words ("Reveal order").
 * The schema's own titles are not labels: Pydantic titles each field "Reveal Order" and a
 * referenced type by its class ("RevealOrder"). */
function label(name, rawProp) {
  const words = name.replace(/_/g, " ");
  const automatic = words.replace(/\b\w/g, (c) => c.toUpperCase());
  const own = rawProp.title && rawProp.title !== automatic ? rawProp.title : null;
  return own || words.charAt(0).toUpperCase() + words.slice(1);
}

function prettyValue(v) {
  return v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
}

/**
 * Build the fields for `schema`; returns {el, values()} where values() gives the changed options
 * or throws Error naming the option whose text is not valid.
 */
export function optionsForm(schema, { idPrefix = "opt" } = {}) {
  const fields = [];
  const rows = [];
  for (const [name, rawProp] of Object.entries(schema.properties || {})) {
    const prop = resolve(rawProp, schema);
    const sh = shape(rawProp, schema);
    const id = `${idPrefix}-${name}`;
    const dflt = prop.default;
    let input;
    if (sh.kind === "bool") {
      input = h("input", { type: "checkbox", id, name, checked: Boolean(dflt) });
    } else if (sh.kind === "choice") {
      input = h("select", { id, name },
        sh.nullable ? h("option", { value: "" }, "default") : null,
        sh.choices.map((c) => h("option", { value: String(c), selected: c === dflt }, String(c))));
    } else if (sh.kind === "number") {
      input = h("input", { type: "number", id, name, min: sh.min, max: sh.max, step: 1,
        value: prettyValue(dflt), placeholder: sh.nullable ? "default" : "" });
    } else {
      input = h("input", { type: "text", id, name, value: prettyValue(dflt),
        placeholder: sh.kind === "mixed" ? `${sh.choices.join(", ")} or a number` : sh.kind === "json" ? "JSON" : "" });
    }
    const help = [prop.description, sh.kind === "number" && (sh.min !== undefined || sh.max !== undefined)
      ? `${sh.min ?? ""}–${sh.max ?? ""}` : null].filter(Boolean).join(" · ");
    rows.push(h("div", { class: "field" }, h("label", { for: id }, label(name, rawProp)), input,
      help ? h("small", {}, help) : null));
    fields.push({ name, sh, input, dflt });
  }
  const el = h("div", { class: "options-fields" }, rows);

  function read({ name, sh, input, dflt }) {
    if (sh.kind === "bool") return input.checked;
    const text = input.value.trim();
    if (text === "") return sh.nullable ? null : dflt;
    if (sh.kind === "number") return Number(text);
    if (sh.kind === "choice") {
      const choice = sh.choices.find((c) => String(c) === text);
      return choice === undefined ? text : choice;
    }
    if (sh.kind === "mixed") return /^-?\d+$/.test(text) ? Number(text) : text;
    if (sh.kind === "json") {
      try { return JSON.parse(text); } catch { throw new Error(`${name}: not valid JSON`); }
    }
    return text;
  }

  return {
    el,
    values() {
      const out = {};
      for (const f of fields) {
        const v = read(f);
        if (JSON.stringify(v) !== JSON.stringify(f.dflt ?? null)) out[f.name] = v;
      }
      return out;
    },
    set(name, value) {
      const f = fields.find((x) => x.name === name);
      if (!f) return;
      if (f.sh.kind === "bool") f.input.checked = Boolean(value);
      else f.input.value = prettyValue(value);
    },
    /** Every option back to its default, then ``options`` (a preset) set. */
    apply(options) {
      for (const f of fields) this.set(f.name, f.dflt ?? null);
      for (const [name, value] of Object.entries(options)) this.set(name, value);
    },
  };
}
