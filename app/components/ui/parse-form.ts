import { parse, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

/*
 * Every form, on the server and in the browser, is read through here rather than through Conform's
 * parseWithZod directly. Conform turns each field name it is given into objects and arrays, used by
 * the schema or not: `x[999999999]=1` made an array a billion long, and a refused form echoed it
 * back, walking every entry (one anonymous post ran the server out of memory). Here a field name is
 * first checked against the schema's own shape: a name the schema does not know is dropped (never
 * built, validated or echoed), and an index past the list's own maximum refuses the form before
 * anything is built. docs/decisions/037-forms-read-by-their-schema.md says more.
 */

/** The form-level error of a refused form: a key of the `common` namespace (FormMessages falls back to it). */
export const FORM_OUT_OF_RANGE = "forms.outOfRange";

/** A list whose schema sets no maximum still takes no more rows than an operator form has fields. */
const UNBOUNDED_LIST_ROWS = 1000;
/** No field name of ours is near this long; a longer one is no field of the schema's. */
const MAX_NAME_LENGTH = 200;
/** Deeper than any form of ours; a recursive (lazy) schema stops here. */
const MAX_DEPTH = 12;

const INTENT = "__intent__";
const STATE = "__state__";

type Shape = {
  /** An object's fields by name. */
  fields?: Map<string, Shape>;
  /** A record's (or loose object's) value under any key. */
  anyKey?: Shape;
  /** A list's rows, and how many it may have. */
  items?: Shape;
  maxItems?: number;
};

const LEAF: Shape = {};

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  valueType?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  in?: $ZodType;
  innerType?: $ZodType;
  getter?: () => $ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function merge(shapes: Shape[]): Shape {
  const merged: Shape = {};
  for (const shape of shapes) {
    if (shape.fields) {
      merged.fields ??= new Map();
      for (const [name, field] of shape.fields) {
        const known = merged.fields.get(name);
        merged.fields.set(name, known ? merge([known, field]) : field);
      }
    }
    if (shape.anyKey) merged.anyKey = merged.anyKey ? merge([merged.anyKey, shape.anyKey]) : shape.anyKey;
    if (shape.items) {
      merged.items = merged.items ? merge([merged.items, shape.items]) : shape.items;
      merged.maxItems = Math.max(merged.maxItems ?? 0, shape.maxItems ?? 0);
    }
  }
  return merged;
}

function maxItemsOf(def: Def) {
  let max = UNBOUNDED_LIST_ROWS;
  for (const check of def.checks ?? []) {
    const { check: kind, maximum, length } = check._zod.def;
    if (kind === "max_length" && maximum !== undefined) max = Math.min(max, maximum);
    if (kind === "length_equals" && length !== undefined) max = Math.min(max, length);
  }
  return max;
}

/** The field names a schema reads, as the form posts them (its input side: before pipes and transforms). */
function shapeOf(schema: $ZodType, depth = 0): Shape {
  if (depth > MAX_DEPTH) return LEAF;
  const def = defOf(schema);
  const inner = (next: $ZodType | undefined) => (next ? shapeOf(next, depth + 1) : LEAF);
  switch (def.type) {
    case "object": {
      const fields = new Map(Object.entries(def.shape ?? {}).map(([name, field]) => [name, inner(field)]));
      const catchall = def.catchall && defOf(def.catchall).type !== "never" ? inner(def.catchall) : undefined;
      return { fields, anyKey: catchall };
    }
    case "record":
      return { anyKey: inner(def.valueType) };
    case "array":
      return { items: inner(def.element), maxItems: maxItemsOf(def) };
    case "tuple":
      return {
        items: merge([...(def.items ?? []), ...(def.rest ? [def.rest] : [])].map(inner)),
        maxItems: def.rest ? UNBOUNDED_LIST_ROWS : (def.items?.length ?? 0),
      };
    case "union":
      return merge((def.options ?? []).map(inner));
    case "intersection":
      return merge([inner(def.left), inner(def.right)]);
    case "pipe":
      return inner(def.in);
    case "lazy":
      return inner(def.getter?.());
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner(def.innerType);
    default:
      return LEAF;
  }
}

const shapes = new WeakMap<$ZodType, Shape>();

function cachedShapeOf(schema: $ZodType) {
  let shape = shapes.get(schema);
  if (!shape) shapes.set(schema, (shape = shapeOf(schema)));
  return shape;
}

/** The same grammar as Conform's paths: `a.b`, `a[0]`, `a[]`, `a[0].b`. */
const SEGMENT = /([^.[\]]+)|\[(\d*)\]/y;

type Reading = "known" | "unknown" | "out-of-range";

/** Whether a field name (a path into the form's value) is one the schema reads, walking its shape. */
function readName(shape: Shape, name: string): Reading {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return "unknown";
  let node: Shape | undefined = shape;
  let at = 0;
  while (at < name.length) {
    if (at > 0 && name[at] === ".") at++;
    SEGMENT.lastIndex = at;
    const match = SEGMENT.exec(name);
    if (!match) return "unknown";
    at = SEGMENT.lastIndex;
    const [, key, index] = match;
    if (key !== undefined) {
      node = node.fields?.get(key) ?? node.anyKey;
    } else {
      if (!node.items) return "unknown";
      // `a[]` appends one row: only as the last segment, as Conform allows it.
      if (index === "" && at !== name.length) return "unknown";
      if (index !== "" && (index!.length > 9 || Number(index) >= node.maxItems!)) return "out-of-range";
      node = node.items;
    }
    if (!node) return "unknown";
  }
  return "known";
}

type Intent = { type?: unknown; payload?: { name?: unknown; index?: unknown; from?: unknown; to?: unknown } };

const isIndex = (value: unknown) => value === undefined || (typeof value === "number" && Number.isInteger(value));

/** A form-kit intent (insert, remove, reorder, update, reset a field or a list row) names its field by path too. */
function readIntent(shape: Shape, serialized: string): Reading {
  let intent: Intent;
  try {
    intent = JSON.parse(serialized) as Intent;
  } catch {
    return "unknown";
  }
  const { name = "", index, from, to } = intent?.payload ?? {};
  if (typeof name !== "string" || ![index, from, to].every(isIndex)) return "unknown";
  if (name === "") return "known";
  const path = typeof index === "number" ? `${name}[${index}]` : name;
  const reading = readName(shape, path);
  if (reading !== "known") return reading;
  if (intent.type === "reorder") {
    return readName(shape, `${name}[${String(from)}]`) === "known" &&
      readName(shape, `${name}[${String(to)}]`) === "known"
      ? "known"
      : "out-of-range";
  }
  return "known";
}

type Screened = { form: FormData; refused: boolean };

/** The entries the schema reads, in their order; whether one of them is out of range, or the intent is. */
function screen(payload: FormData | URLSearchParams, schema: $ZodType): Screened {
  const shape = cachedShapeOf(schema);
  const form = new FormData();
  let refused = false;
  for (const [name, value] of payload.entries()) {
    if (name === STATE) {
      form.append(name, value);
      continue;
    }
    if (name === INTENT) {
      // An intent dropped would turn a validation or a list change into a real submit: one that names
      // no field of the schema's refuses the form instead.
      if (typeof value === "string" && readIntent(shape, value) === "known") form.append(name, value);
      else refused = true;
      continue;
    }
    const reading = readName(shape, name);
    if (reading === "out-of-range") refused = true;
    else if (reading === "known") form.append(name, value);
  }
  return { form, refused };
}

/** A refused or echoed form carries no intent to replay and no kit state that could fail to parse. */
const withoutKitFields = (form: FormData) => {
  form.delete(INTENT);
  form.delete(STATE);
  return form;
};

/** A refused form: the fields the schema reads, echoed as they came, and one form-level error. */
const refusal = <Schema extends $ZodType>(form: FormData) =>
  parse<input<Schema>, string[]>(withoutKitFields(form), {
    resolve: () => ({ error: { "": [FORM_OUT_OF_RANGE] } }),
  }) as Submission<input<Schema>, string[], output<Schema>>;

/**
 * Conform's parseWithZod over the fields the schema reads. A name it does not read is dropped; an
 * index past a list's maximum (or an intent pointing there) refuses the form with FORM_OUT_OF_RANGE.
 */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
  // Spelled out, not through an alias: through one, useForm typed a form's fields by its defaultValue.
): Submission<input<Schema>, string[], output<Schema>> {
  const { form, refused } = screen(payload, schema);
  if (refused) return refusal<Schema>(form);
  try {
    return parseWithZod(form, { schema });
  } catch {
    // A list intent (insert, remove, reorder) on a field posted as text throws inside Conform.
    return refusal<Schema>(form);
  }
}

/** A refused post (over a rate limit, say) as Conform's submission: the fields the schema reads, unvalidated. */
export function echoForm<Schema extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: Schema }) {
  return parse<input<Schema>, string[]>(withoutKitFields(screen(payload, schema).form), {
    resolve: () => ({ error: {} }),
  });
}
