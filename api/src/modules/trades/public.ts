// The trades area's public interface: what other areas may import (the boundary check enforces it).

// For the workflows (api/src/workflows/): the trades area's steps of recording a trade.
export * as tradeSteps from './trade-steps.ts';
