// Small helpers for building SVG and HTML elements without markup strings: every text goes in
// through textContent, never through innerHTML, so nothing a player typed can become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

// An SVG element `tag` with attributes `attrs` (null and undefined skipped) and children
// (elements, or strings taken as text).
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  return fill(e, attrs, children);
}

// An HTML element, in the same way. `attrs.class` sets the class; `attrs.dataset` an object of
// data-* attributes; an attribute whose value is `true` is set empty, `false` is skipped.
export function html(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

function fill(e, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'dataset') {
      for (const [k, v] of Object.entries(value)) e.dataset[k] = String(v);
    } else {
      e.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

// Removes every child of `e`.
export function clear(e) {
  while (e.firstChild) e.firstChild.remove();
  return e;
}
