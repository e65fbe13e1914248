"""Time Masters (seed 003): the mage's four-phase turn, timers, the chain and sphere access."""
