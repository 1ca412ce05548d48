"""Accounts: who a client is and what each player may spend.

Owns sign-in and sessions (``auth``: tokens, argon2 hashes, ``user_info`` as messages show a
player), the throttle on guessed passwords (``throttle``), each account's and address's token
buckets (``limits``), ratings (``ratings``), player-page statistics (``player_page``), a member's
saved settings and their routes (``preferences``), and what an HTTP request carries (``deps``: the
store, the client's address, the user its token names). It builds on the store and the bus; the
tables and everything above use it, never the other way round."""
