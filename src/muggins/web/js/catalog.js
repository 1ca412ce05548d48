// What the server says of its games (GET /api/games), asked once per page load and shared.

import { api } from "./session.js";

let asked = null;

/** Every game the server hosts: names, seats, options' schemas, bots, whether it reviews them. */
export function games() {
  if (!asked) asked = api("/api/games").catch((e) => { asked = null; throw e; });
  return asked;
}

/** The names of the games whose finished games the server reviews (empty if it cannot be asked). */
export async function reviewedGames() {
  try {
    return new Set((await games()).filter((g) => g.reviewed).map((g) => g.name));
  } catch {
    return new Set();
  }
}
