"""Making and changing events: random events, pairings, simulations of many events, and the forecast
before the last round (:mod:`.forecast`, :mod:`.conditions`, :mod:`.prize_forecast`)."""
