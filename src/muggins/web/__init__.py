"""The browser client: static HTML, CSS and ES modules (no build step), served at / by the server."""
