"""Push: a player's browsers told of their turn while no page of theirs is open (Web Push).

Owns the server's VAPID key (kept in the store), each player's subscriptions (bounded, at the push
services the settings name only) and the sending (``service``), and their routes (``routes``). It
builds on the accounts, the bus and the store; the tables tell it of turns."""

from muggins.server.push.service import MOST_BROWSERS, Pusher, PushError, allowed

__all__ = ["MOST_BROWSERS", "PushError", "Pusher", "allowed"]
