"""The core: the event model, exact numbers, tie-break codes, rule sets, presets and traces (no tie-break logic)."""
