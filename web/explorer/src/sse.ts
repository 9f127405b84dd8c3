/**
 * Server-sent events read with fetch, not EventSource: EventSource cannot send the API key header. Parses the
 * text/event-stream framing (event, id, data lines; comment lines ignored).
 */

export interface SseEvent {
  event: string;
  id: string;
  data: string;
}

/** Splits a growing buffer into complete events; returns them and the unfinished rest. */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  let start = 0;
  let end: number;
  while ((end = text.indexOf('\n\n', start)) >= 0) {
    const block = text.slice(start, end);
    start = end + 2;
    const ev: SseEvent = { event: 'message', id: '', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') ev.event = value;
      else if (field === 'id') ev.id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ ...ev, data: data.join('\n') });
  }
  return { events, rest: text.slice(start) };
}
