// The server tells each event in words (muggins.games.words, as the terminal does), naming seats
// "player N": the page puts each seat's name in their place.

/** `text` with each "player N" replaced by `name(N)`: "player 1 pegs 2" -> "Bob pegs 2". */
export function named(text, name) {
  return text ? text.replace(/\bplayer (\d+)/g, (_, seat) => name(Number(seat))) : null;
}
