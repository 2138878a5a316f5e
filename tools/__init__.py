"""Developer tools: benchmarks, the hostile-corpus builder and the golden-output recorder (not tests)."""
