/**
 * A value derived from a registry once and kept for as long as the registry lives: a bridge's lanes, the lane graph.
 * Keyed weakly, so a test that builds a registry of its own gets its own value and leaves nothing behind.
 */
import type { Registry } from './registry.js';

export function perRegistry<T>(derive: (registry: Registry) => T): (registry: Registry) => T {
  const memo = new WeakMap<Registry, T>();
  return (registry) => {
    if (memo.has(registry)) return memo.get(registry) as T;
    const value = derive(registry);
    memo.set(registry, value);
    return value;
  };
}
