"""Streamlit-facing helpers: session state, persistence, grids and pairing."""
