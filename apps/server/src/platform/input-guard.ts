import type { z } from 'zod';

/**
 * Raw input checks that run before a call's schema (issue #13 item 8), so hostile values get a
 * clear 400 and never reach a parser, a coercion or the database:
 *  - no NUL character anywhere (PostgreSQL text cannot hold it: it was a 500);
 *  - no structure deeper than a call ever takes (a deeply nested array in a number field
 *    overflowed the stack while being coerced);
 *  - number fields take decimal digits only: `0x10`, `1e3`, ` 5`, `true`, `[1]` or `{}` are made
 *    invalid here so the field's own message answers them (zod's coercion would read 16, 1000, 1).
 */

const MAX_DEPTH = 6;
const DECIMAL = /^-?\d{1,16}(\.\d{1,8})?$/;
/** A value zod's number coercion fails on, so the field reports its own error. */
const INVALID = 'invalid';

type Def = { type: string; coerce?: boolean; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a field's schema reads its raw value as a number (through optional, default, preprocess…). */
function readsNumber(schema: z.ZodType, depth = 0): boolean {
  if (depth > 12) return false;
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      return true;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return def.innerType ? readsNumber(def.innerType, depth + 1) : false;
    case 'pipe':
      // A preprocess is pipe(transform, schema): the raw value goes to the transform, which for our
      // number fields only maps '' / null to missing; what it passes on is read as a number.
      return (def.in && readsNumber(def.in, depth + 1)) || (!!def.in && defOf(def.in).type === 'transform' && !!def.out && readsNumber(def.out, depth + 1));
    default:
      return false;
  }
}

/** The top-level fields of an input schema that read numbers. */
export function numberFields(input: z.ZodType): Set<string> {
  const fields = new Set<string>();
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
  for (const [key, field] of Object.entries(shape)) if (readsNumber(field)) fields.add(key);
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

/** Number fields keep numbers and decimal strings; anything else becomes a value their schema refuses. */
export function strictNumbers(input: Record<string, unknown>, fields: Set<string>) {
  for (const key of fields) {
    if (!(key in input)) continue;
    const v = input[key];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && DECIMAL.test(v)) continue;
    input[key] = INVALID;
  }
}
