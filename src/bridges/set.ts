/**
 * The bridges one instance routes over, as the engine receives them. context.ts hands the set assembled in
 * bridges/index.ts to the engine; nothing under routing/, messages/ or tx/ imports a concrete bridge list, so a test
 * or an operator can run the engine over any set (src/architecture.test.ts keeps it that way).
 */
import type { BridgeType } from '../wire/common.js';
import type { IbcBridge } from './ibc/bridge.js';
import type { BridgeInfo, LaneBridge } from './types.js';

export class BridgeSet {
  /** Every bridge, IBC first: the order /v2/info/bridges lists them in. */
  readonly all: readonly (IbcBridge | LaneBridge)[];
  /** What /v2/info/bridges lists: exactly the bridges that route. */
  readonly info: readonly BridgeInfo[];
  private readonly byKind: ReadonlyMap<string, LaneBridge>;

  /** `lanes` in the order their lanes are searched (the search is deterministic). */
  constructor(
    readonly ibc: IbcBridge,
    readonly lanes: readonly LaneBridge[],
  ) {
    this.all = [ibc, ...lanes];
    this.info = this.all.map(({ id, name, logoUri }) => ({ id, name, logoUri }));
    const byKind = new Map<string, LaneBridge>();
    const ids = new Set<BridgeType>([ibc.id]);
    for (const b of lanes) {
      // Two bridges under one id or one operation kind could not be told apart in an echoed record.
      if (ids.has(b.id) || byKind.has(b.operationKind) || b.operationKind === ibc.operationKind)
        throw new Error(`bridge set: ${b.id} (${b.operationKind}) is listed twice`);
      ids.add(b.id);
      byKind.set(b.operationKind, b);
    }
    this.byKind = byKind;
  }

  /** The lane bridge whose wire operation kind is `kind`, if this instance runs it. */
  ofKind(kind: string): LaneBridge | undefined {
    return this.byKind.get(kind);
  }
}
