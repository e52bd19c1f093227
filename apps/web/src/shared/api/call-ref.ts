import type { CallDef } from '@livesports/contracts/call';

/** The method and path of a contract call, without its schemas (call-refs.ts); `request` accepts it like the call. */
export interface CallRef<C extends CallDef<any, any>> {
  readonly method: C['method'];
  readonly path: string;
  /** Type only: which contract call this names. */
  readonly __call?: C;
}
