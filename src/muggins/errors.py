"""The base of errors a person can act on (a missing extra, an unreachable service, a file that
cannot be written): the command line says them in one line instead of a traceback."""


class UserError(Exception):
    """Something the person running muggins can fix; the message says what."""
