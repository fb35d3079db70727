// A zod schema read by its definition beside the data it checks: the option of a union a value takes,
// the schema at a path of the data, an object's keys, a discriminated union's values.
import type { z } from 'zod';
import type { Path } from './locate.ts';
import type { Choice } from './suggest.ts';

type ZodDef = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  discriminator?: string;
  getter?: () => z.ZodType;
};
export const defOf = (schema: z.ZodType) => (schema as unknown as { def: ZodDef }).def;

/** The option of a union that a value takes: by its discriminator, else the first that accepts it. */
export function unionOption(def: ZodDef, value: unknown): z.ZodType | undefined {
  if (def.discriminator) {
    const want = value && typeof value === 'object' ? (value as Record<string, unknown>)[def.discriminator] : undefined;
    return def.options?.find((o) => (defOf(o).shape?.[def.discriminator!] as unknown as { value?: unknown } | undefined)?.value === want);
  }
  return def.options?.find((o) => o.safeParse(value).success);
}

/** The schema at a path of the data, following unions by the data (or stopping at a union at the end). */
function schemaAt(schema: z.ZodType, path: Path, data: unknown, keepUnion = false): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  let d: unknown = data;
  const unwrap = (t: z.ZodType | undefined, last: boolean): z.ZodType | undefined => {
    let cur = t;
    for (let i = 0; i < 10 && cur; i++) {
      const def = defOf(cur);
      if (def.innerType) cur = def.innerType;
      else if (def.type === 'pipe') cur = def.in;
      else if (def.type === 'union' && !(keepUnion && last)) cur = unionOption(def, d) ?? (def.discriminator ? undefined : def.options?.[0]);
      else return cur;
    }
    return cur;
  };
  for (const key of path) {
    s = unwrap(s, false);
    if (!s) return undefined;
    const def = defOf(s);
    if (def.type === 'array') s = def.element;
    else if (def.type === 'object') s = def.shape?.[key as string];
    else return undefined;
    d = d && typeof d === 'object' ? (d as Record<string | number, unknown>)[key] : undefined;
  }
  return unwrap(s, true);
}

/** The allowed keys of the object schema at a path. */
export function objectKeysAt(schema: z.ZodType, path: Path, data: unknown): string[] {
  const at = schemaAt(schema, path, data);
  const def = at && defOf(at);
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** The values a discriminated union at a path accepts for its discriminator (a block's types, an action's kinds), each with its branch. */
export function unionChoices(schema: z.ZodType, path: Path, data: unknown, disc: string): Choice[] {
  const union = schemaAt(schema, path, data, true);
  return (union ? defOf(union).options ?? [] : []).map((o) => ({ value: String((defOf(o).shape?.[disc] as unknown as { value?: unknown } | undefined)?.value), schema: o }));
}
