"""Event files in and out (TRF, our JSON, Chess-JSON, CSV wallcharts, PGN), share links and exports."""
