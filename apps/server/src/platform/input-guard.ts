import type { z } from 'zod';

/**
 * Raw input checks that run before a call's schema (issue #13 item 8), so hostile values get a
 * clear 400 and never reach a parser, a coercion or the database:
 *  - no NUL character anywhere (PostgreSQL text cannot hold it: it was a 500);
 *  - no structure deeper than a call ever takes (a deeply nested array in a number field
 *    overflowed the stack while being coerced);
 *  - number fields take decimal digits only: `0x10`, `1e3`, ` 5`, `true`, `[1]` or `{}` are made
 *    invalid here so the field's own message answers them (zod's coercion would read 16, 1000, 1);
 *  - integer fields (the contract says `.int()`) take whole numbers or digit strings only: `"2.0"`,
 *    `2.5` and an explicit `null` are refused too (issue #51 item 7: a gift `num` of null was sent
 *    as 1 and "2.0" as 2). Missing, or `''` from a form or query string, still means "not given".
 */

const MAX_DEPTH = 6;
const DECIMAL = /^-?\d{1,16}(\.\d{1,8})?$/;
const INTEGER = /^-?\d{1,16}$/;
/** A value zod's number coercion fails on, so the field reports its own error. */
const INVALID = 'invalid';

type Def = {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  checks?: Array<{ _zod: { def: { check?: string; format?: string } } }>;
};
/** How a number field reads its raw value: any decimal, or whole numbers only (`int?`: or an explicit null, where the contract says nullable). */
type NumberKind = 'number' | 'int' | 'int?';
const INT_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a field's schema reads its raw value as a number (through optional, default, preprocess…), and which kind. */
function kindOf(schema: z.ZodType, depth = 0): NumberKind | null {
  if (depth > 12) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      return def.checks?.some((c) => c._zod.def.check === 'number_format' && INT_FORMATS.has(c._zod.def.format ?? '')) ? 'int' : 'number';
    case 'nullable': {
      const inner = def.innerType ? kindOf(def.innerType, depth + 1) : null;
      return inner === 'int' ? 'int?' : inner;
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return def.innerType ? kindOf(def.innerType, depth + 1) : null;
    case 'pipe':
      // A preprocess is pipe(transform, schema): the raw value goes to the transform, which for our
      // number fields only maps '' / null to missing; what it passes on is read as a number.
      if (def.in) {
        const inner = kindOf(def.in, depth + 1);
        if (inner) return inner;
        if (defOf(def.in).type === 'transform' && def.out) return kindOf(def.out, depth + 1);
      }
      return null;
    default:
      return null;
  }
}

/** The top-level fields of an input schema that read numbers. */
export function numberFields(input: z.ZodType): Map<string, NumberKind> {
  const fields = new Map<string, NumberKind>();
  let s = input;
  // Unwrap refinements/pipes around the object (`z.object(…).refine(…)`).
  for (let i = 0; i < 6; i++) {
    const def = defOf(s);
    if (def.type === 'object') break;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return fields;
    s = next;
  }
  const shape = defOf(s).shape;
  if (!shape) return fields;
  for (const [key, field] of Object.entries(shape)) {
    const kind = kindOf(field);
    if (kind) fields.set(key, kind);
  }
  return fields;
}

/** 'nul' / 'deep' when the raw input must be refused outright; null when it may go on. */
export function hostile(value: unknown): 'nul' | 'deep' | null {
  const stack: Array<{ v: unknown; d: number }> = [{ v: value, d: 0 }];
  while (stack.length) {
    const { v, d } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
    } else if (v && typeof v === 'object') {
      if (d >= MAX_DEPTH) return 'deep';
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return 'nul';
        stack.push({ v: x, d: d + 1 });
      }
    }
  }
  return null;
}

/**
 * Number fields keep numbers and decimal strings, integer fields whole numbers and digit strings;
 * anything else becomes a value their schema refuses with the field's own message.
 */
export function strictNumbers(input: Record<string, unknown>, fields: Map<string, NumberKind>) {
  for (const [key, kind] of fields) {
    if (!(key in input)) continue;
    const v = input[key];
    if (v === undefined || v === '') continue;
    if (v === null) {
      // An explicit null is not "not given" for a whole number (it was read as the default).
      if (kind === 'int') input[key] = INVALID;
      continue;
    }
    const ok =
      kind !== 'number'
        ? typeof v === 'number'
          ? Number.isSafeInteger(v)
          : typeof v === 'string' && INTEGER.test(v)
        : typeof v === 'number'
          ? Number.isFinite(v)
          : typeof v === 'string' && DECIMAL.test(v);
    if (!ok) input[key] = INVALID;
  }
}
