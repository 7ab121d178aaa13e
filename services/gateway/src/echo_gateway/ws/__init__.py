"""The live-game WebSocket: protocol v1 (see services/gateway/PROTOCOL.md)."""
