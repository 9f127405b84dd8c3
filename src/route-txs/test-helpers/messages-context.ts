/**
 * The context of the engine's /msgs and /msgs_direct entries as the tests call them without HTTP: the app's registry,
 * bridges, market, safety thresholds and revenue share, quotes made at `nowMs`, and a fixed seed for Solana event
 * keypairs (so transactions are reproducible); the test gives the Solana blockhash source and, if it needs them, the
 * gas settings.
 */
import type { AppContext } from '../../context.js';
import type { QuoteContext } from '../../routing/quote.js';
import type { MessagesContext } from '../msgs.js';

export function testMessagesContext(
  app: AppContext,
  nowMs: number,
  extra: Pick<MessagesContext, 'solanaBlockhash'> & Partial<Pick<MessagesContext, 'gas'>>,
): MessagesContext {
  const { registry } = app;
  return {
    registry,
    bridges: app.bridges,
    quoteContext: (): QuoteContext => ({
      registry,
      market: app.market(),
      bridges: app.bridges,
      thresholds: app.safety,
      nowMs,
    }),
    revenueShare: app.revenueShare,
    newKeypairSeed: () => new Uint8Array(32).fill(7),
    ...extra,
  };
}
