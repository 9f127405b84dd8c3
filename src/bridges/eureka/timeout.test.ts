/**
 * The Eureka packet timeout rule (timeout.ts) on its own: for every lane duration of the data file and for default,
 * small and extreme timeout_seconds, the timeout covers the expected delivery plus the stated margin and never passes
 * the one day IBC v2 accepts on either side. The transactions that carry it are checked in evm.test.ts (anvil) and
 * hub.test.ts (protobuf).
 */
import { describe, expect, it } from 'vitest';
import { eurekaConfig } from './config.js';
import {
  EUREKA_MAX_PACKET_SECONDS,
  IBC_V2_MAX_TIMEOUT_SECONDS,
  MIN_RELAY_MARGIN_SECONDS,
  SKIP_GO_EUREKA_WINDOW_SECONDS,
  eurekaPacketTimeoutSeconds,
  relayMarginSeconds,
} from './timeout.js';

/** timeout_seconds when the caller gives none (wire format). */
const DEFAULT_TIMEOUT_SECONDS = 300;
const CALLER_TIMEOUTS = [1, 60, DEFAULT_TIMEOUT_SECONDS, 600, 3_600, 86_280, 86_400, 86_401, 604_800];

describe('Eureka packet timeout', () => {
  const durations = [...eurekaConfig().seconds.entries()];

  it('the data file has a duration for both directions, Ethereum the slower', () => {
    expect(eurekaConfig().seconds.get('1')).toBeGreaterThan(eurekaConfig().seconds.get('cosmoshub-4')!);
  });

  it.each(durations)('from %s (expected %i s): at least expected + margin, at most the accepted day', (_, expected) => {
    for (const t of CALLER_TIMEOUTS) {
      const packet = eurekaPacketTimeoutSeconds(expected, t);
      expect(packet, `timeout_seconds ${t}`).toBeGreaterThanOrEqual(expected + relayMarginSeconds(expected));
      expect(packet, `timeout_seconds ${t}`).toBeLessThanOrEqual(EUREKA_MAX_PACKET_SECONDS);
      // The caller's own window is kept whenever the day allows it.
      expect(packet).toBeGreaterThanOrEqual(Math.min(t, EUREKA_MAX_PACKET_SECONDS));
    }
  });

  it('the default 300 s becomes the twelve hours Skip Go gives its Eureka packets, in both directions', () => {
    expect(eurekaPacketTimeoutSeconds(1_140, DEFAULT_TIMEOUT_SECONDS)).toBe(SKIP_GO_EUREKA_WINDOW_SECONDS);
    expect(eurekaPacketTimeoutSeconds(300, DEFAULT_TIMEOUT_SECONDS)).toBe(SKIP_GO_EUREKA_WINDOW_SECONDS);
    // A caller's longer window is kept; an expected delivery beyond the window still gets its margin.
    expect(eurekaPacketTimeoutSeconds(300, 50_000)).toBe(50_000);
    expect(eurekaPacketTimeoutSeconds(30_000, DEFAULT_TIMEOUT_SECONDS)).toBe(30_000 + 30_000);
    expect(eurekaPacketTimeoutSeconds(300, DEFAULT_TIMEOUT_SECONDS)).toBeGreaterThan(300 + MIN_RELAY_MARGIN_SECONDS);
  });

  it('more than a day is capped below it, with the clock allowance kept back', () => {
    expect(eurekaPacketTimeoutSeconds(1_140, 604_800)).toBe(EUREKA_MAX_PACKET_SECONDS);
    expect(EUREKA_MAX_PACKET_SECONDS).toBeLessThan(IBC_V2_MAX_TIMEOUT_SECONDS);
  });

  it('in a later transaction: the window counts from when it can be sent, the day from the request', () => {
    // The Hub → Ethereum packet of a route whose first transaction takes ~1,000 s to reach the Hub, say.
    const opensAfter = 2_000;
    for (const [, expected] of durations)
      for (const t of CALLER_TIMEOUTS) {
        const packet = eurekaPacketTimeoutSeconds(expected, t, opensAfter);
        expect(packet).toBe(Math.min(EUREKA_MAX_PACKET_SECONDS, opensAfter + eurekaPacketTimeoutSeconds(expected, t)));
        // Sent as early as the request, the sending side still accepts it.
        expect(packet).toBeLessThanOrEqual(EUREKA_MAX_PACKET_SECONDS);
      }
    expect(eurekaPacketTimeoutSeconds(300, DEFAULT_TIMEOUT_SECONDS, opensAfter)).toBe(
      opensAfter + SKIP_GO_EUREKA_WINDOW_SECONDS,
    );
  });
});
