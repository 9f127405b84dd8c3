import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised ahead of time (pre-rendered listings), as text or UTF-8 bytes. Fastify passes a
 * string or a Buffer through unchanged when the content type is JSON, so the response schema only documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/**
 * Whether an Accept-Encoding header allows gzip: `gzip` listed without `q=0`, or else `*` without `q=0` (an
 * explicit `gzip;q=0` wins over `*`).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const q = new Map<string, boolean>();
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((x) => x.trim());
    q.set(coding, !params.some((p) => /^q\s*=\s*0(\.0*)?$/.test(p)));
  }
  return q.get('gzip') ?? q.get('*') ?? false;
}
