"""Terminal renderers, one module per game: ``render(view, console)`` draws a seat's view."""
