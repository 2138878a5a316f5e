"""The tie-breaks: the per-round contributions table and one module per family of systems."""
