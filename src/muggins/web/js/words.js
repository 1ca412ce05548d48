// The server tells each event in words (muggins.games.words, as the terminal does), naming seats
// "player N": the page puts each seat's name in their place.

const KINDS = { guest: "guest", bot_account: "bot account", bot: "bot" };

/** What kind of player a user is, as a page marks them beside their name ("" for a member):
 * a program plays a bot account, so it is marked wherever its name is shown. */
export function kindMark(user) {
  return KINDS[user?.kind] ? ` (${KINDS[user.kind]})` : "";
}

/** Whether a player may play rated games: members, and the bot accounts programs play. */
export function rates(user) {
  return user?.kind === "member" || user?.kind === "bot_account";
}

/** `text` with each "player N" replaced by `name(N)`: "player 1 pegs 2" -> "Bob pegs 2". */
export function named(text, name) {
  return text ? text.replace(/\bplayer (\d+)/g, (_, seat) => name(Number(seat))) : null;
}
