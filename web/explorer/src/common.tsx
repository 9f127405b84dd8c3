/** Small shared pieces: the copy button, the error box that shows the server's own words, a live status line. */
import { useState } from 'preact/hooks';
import { ApiCallError } from './api.js';

/** Copies text to the clipboard (with a selection fallback where the Clipboard API is refused) and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      setSaid(ok ? 'Copied' : 'Copy failed: select the text below');
    }
    setTimeout(() => setSaid(''), 3000);
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" class="copy-status">
        {said}
      </span>
    </span>
  );
}

/** The server's message verbatim, its code, and Junction's explanation from the ErrorInfo details. */
export function ErrorBox({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const e = error instanceof ApiCallError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div class="error" role="alert">
      <h3>{title}</h3>
      <p class="server-message">{message}</p>
      {e && e.status > 0 && (
        <p class="meta">
          HTTP {e.status}
          {e.code !== undefined ? `, code ${e.code}` : ''}
        </p>
      )}
      {e?.details.map((d, i) => (
        <div key={i} class="detail">
          {d.reason && <p class="meta">Reason: {d.reason}</p>}
          {d.metadata?.explanation && <p>Why: {d.metadata.explanation}</p>}
          {d.metadata &&
            Object.entries(d.metadata)
              .filter(([k]) => k !== 'explanation')
              .map(([k, v]) => (
                <p key={k} class="meta">
                  {k.replace(/_/g, ' ')}: {v}
                </p>
              ))}
        </div>
      ))}
    </div>
  );
}
