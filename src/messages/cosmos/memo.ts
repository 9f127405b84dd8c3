/**
 * Memos that make a packet keep going after it lands (execution-mechanics §2-3): a packet-forward `forward` object
 * per further hop, nested through `next`. Key order follows the middleware's documentation.
 */

/** What happens when funds arrive on a chain: who receives the packet there, and the memo it carries. */
export interface Arrival {
  receiver: string;
  memo: Record<string, unknown> | undefined;
}

export interface ForwardHop {
  /** Receiver on the chain the forwarded packet lands on. */
  receiver: string;
  port: string;
  channel: string;
  /** Relative timeout of the forwarded packet, as a Go duration string. */
  timeout: string;
  retries: number;
  next: Record<string, unknown> | undefined;
}

export function forwardMemo(f: ForwardHop): Record<string, unknown> {
  return {
    forward: {
      receiver: f.receiver,
      port: f.port,
      channel: f.channel,
      timeout: f.timeout,
      retries: f.retries,
      ...(f.next ? { next: f.next } : {}),
    },
  };
}
