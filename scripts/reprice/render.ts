/**
 * How the pool data files are written (data/pools/*.json): header fields first, then one pool per line, so that a
 * re-pricing or an import shows in a diff pool by pool.
 */
export function renderPoolsFile(file: Record<string, unknown>, listKey: string): string {
  const head = Object.entries(file)
    .filter(([k]) => k !== listKey)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  const items = (file[listKey] as unknown[]).map((p) => JSON.stringify(p));
  return `{${head.join(',\n')},\n${JSON.stringify(listKey)}:[\n${items.join(',\n')}\n]}\n`;
}
