"""Here I Stand — the Action phase (seed 004): impulses, playing cards for CP or as events, passing."""
