"""The web table: HTTP API, WebSocket live play, the move-log store and the pages."""
