"""What the Chart shows for a player: his callsign, or a stable generated one until he takes one."""

from echo_events.callsigns import display_callsign, generated_callsign

__all__ = ["display_callsign", "generated_callsign"]
