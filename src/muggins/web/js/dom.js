// Tiny DOM helpers: build elements (HTML and SVG) from tag, attributes and children.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "style") {
      el.style.cssText = value; // through the CSSOM: the CSP refuses style attributes
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "Go"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace every child of el. */
export function replace(el, ...children) {
  el.replaceChildren();
  fill(el, {}, children);
  return el;
}

/** A short transient message in the status area (errors from the server, notices). */
export function toast(message, kind = "info") {
  const area = document.getElementById("toasts");
  if (!area) return;
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status", title: "click to close",
    onclick: () => item.remove() }, message);
  area.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}
