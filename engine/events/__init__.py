"""Making and changing events: random events, editing at the wallchart, an event's own settings, and
simulations of many events (pairing is :mod:`engine.pairing`, the forecast :mod:`engine.forecast`)."""
