"""Making and changing events: random events, pairings, simulations of many events."""
