"""Playing whole matches with bots: one match, batches, benchmarks."""
