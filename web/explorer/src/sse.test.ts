import { describe, expect, it } from 'vitest';
import { parseSse } from './sse.js';

describe('server-sent events framing', () => {
  it('splits complete events, skips comments, keeps the unfinished rest for the next chunk', () => {
    const first = parseSse(
      ': keep-alive\n\nevent: status\nid: 3\ndata: {"state":"STATE_PENDING"}\n\nevent: status\nid: 4\nda',
    );
    expect(first.events).toEqual([{ event: 'status', id: '3', data: '{"state":"STATE_PENDING"}' }]);
    const second = parseSse(`${first.rest}ta: {"state":"STATE_COMPLETED_SUCCESS"}\r\n\r\n`);
    expect(second.events).toEqual([{ event: 'status', id: '4', data: '{"state":"STATE_COMPLETED_SUCCESS"}' }]);
    expect(second.rest).toBe('');
  });
  it('joins multi-line data and defaults the event name', () => {
    expect(parseSse('data: a\ndata: b\n\n').events).toEqual([{ event: 'message', id: '', data: 'a\nb' }]);
  });
});
