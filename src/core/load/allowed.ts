// Which keys the format allows at a path, for "unknown key" messages that suggest the right one.
import type { z } from 'zod';
import { Design } from '../model/schema';
import type { PathPart } from '../model/positions';

type AnySchema = z.ZodType;

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  valueType?: AnySchema;
  options?: AnySchema[];
  innerType?: AnySchema;
  getter?: () => AnySchema;
  discriminator?: string;
  in?: AnySchema;
}

const defOf = (s: AnySchema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(s: AnySchema): AnySchema {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if ((d.type === 'optional' || d.type === 'default' || d.type === 'nullable') && d.innerType) s = d.innerType;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
  return s;
}

/** The union option that fits `data` best: same discriminator, or most keys in common. */
function pick(options: AnySchema[], data: unknown, discriminator?: string): AnySchema[] {
  if (data === null || typeof data !== 'object') return options;
  const rec = data as Record<string, unknown>;
  if (discriminator) {
    const hit = options.filter((o) => {
      const shape = defOf(unwrap(o)).shape;
      const lit = shape?.[discriminator];
      return lit && (defOf(lit) as unknown as { values?: unknown[] }).values?.includes(rec[discriminator]);
    });
    if (hit.length) return hit;
    return options;
  }
  const keys = Object.keys(rec);
  let best: AnySchema[] = options;
  let bestScore = 0;
  for (const o of options) {
    const shape = defOf(unwrap(o)).shape ?? {};
    const score = keys.filter((k) => k in shape).length;
    if (score > bestScore) {
      best = [o];
      bestScore = score;
    }
  }
  return best;
}

export function allowedKeysAt(path: readonly PathPart[], root: unknown): string[] {
  let schemas: AnySchema[] = [Design];
  let data: unknown = root;
  for (const part of path) {
    const next: AnySchema[] = [];
    for (const raw of schemas) {
      const s = unwrap(raw);
      const d = defOf(s);
      const candidates = d.type === 'union' && d.options ? pick(d.options, data, d.discriminator) : [s];
      for (const c of candidates.map(unwrap)) {
        const cd = defOf(c);
        if (cd.type === 'object' && cd.shape?.[part as string]) next.push(cd.shape[part as string]!);
        else if (cd.type === 'array' && cd.element) next.push(cd.element);
        else if (cd.type === 'record' && cd.valueType) next.push(cd.valueType);
      }
    }
    schemas = next;
    data = data !== null && typeof data === 'object' ? (data as Record<PathPart, unknown>)[part] : undefined;
  }
  const keys = new Set<string>();
  for (const raw of schemas) {
    const s = unwrap(raw);
    const d = defOf(s);
    const candidates = d.type === 'union' && d.options ? pick(d.options, data, d.discriminator) : [s];
    for (const c of candidates.map(unwrap)) for (const k of Object.keys(defOf(c).shape ?? {})) keys.add(k);
  }
  return [...keys];
}
