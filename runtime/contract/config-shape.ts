/**
 * A small declarative description of config values, typed: one shape gives the TypeScript type a user writes
 * (`ConfigOf`), the checks the compiler runs (compiler/config/validate.ts), the defaults (`fillDefaults`) and the
 * config map's kinds. JSDoc written on a field of `s.object({...})` reaches the inferred type, so editors show it.
 */

export interface ShapeBase<T> {
  /** Phantom: the TypeScript type of values of this shape. Never set at run time. */
  readonly _type?: T;
}

export interface ScalarShape<T> extends ShapeBase<T> {
  readonly kind: "string" | "boolean" | "number" | "function" | "unknown";
  readonly default?: T;
}
export interface EnumShape<T> extends ShapeBase<T> {
  readonly kind: "enum";
  readonly values: readonly T[];
  readonly default?: T;
}
export interface ArrayShape<T> extends ShapeBase<T[]> {
  readonly kind: "array";
  readonly of: Shape;
  readonly default?: T[];
}
export interface RecordShape<T> extends ShapeBase<Record<string, T>> {
  readonly kind: "record";
  readonly of: Shape;
  readonly default?: Record<string, T>;
}
export interface ObjectShape<F extends Fields, Open extends boolean = false>
  extends ShapeBase<Open extends true ? ConfigOf<F> & Record<string, unknown> : ConfigOf<F>> {
  readonly kind: "object";
  readonly fields: F;
  readonly open?: Open;
}
/** The `enabled` switch every object form of a toggle accepts. */
export interface ToggleSwitch {
  /** Turns the feature off with `false`; giving the object alone turns it on. */
  enabled?: boolean;
}

/** `boolean | {...}`: `true`/`false` or an object that is on unless `enabled: false`. */
export interface ToggleShape<F extends Fields, Open extends boolean = false>
  extends ShapeBase<boolean | (ToggleSwitch & ConfigOf<F> & (Open extends true ? Record<string, unknown> : {}))> {
  readonly kind: "toggle";
  readonly fields: F;
  /** Other keys are accepted too (a type the spec leaves "not shown"). */
  readonly open?: Open;
  /** Whether the feature is on when the key is absent. */
  readonly default: boolean;
}
export interface UnionShape<T> extends ShapeBase<T> {
  readonly kind: "union";
  readonly of: readonly Shape[];
  readonly default?: T;
}

export type Shape =
  | ScalarShape<any>
  | EnumShape<any>
  | ArrayShape<any>
  | RecordShape<any>
  | ObjectShape<any, boolean>
  | ToggleShape<any, boolean>
  | UnionShape<any>;

export type Fields = Record<string, Shape>;

/** The type a value of shape `S` has. */
export type Infer<S> = S extends ShapeBase<infer T> ? T : never;

/** The user-facing object type of a set of fields; every field is optional (required ones are checked by code). */
export type ConfigOf<F extends Fields> = Expand<{ [K in keyof F]?: Infer<F[K]> }>;
/** Shows an object type by its fields in editors instead of by the alias that built it. */
type Expand<T> = T extends object ? { [K in keyof T]: T[K] } : never;

/** A field after `fillDefaults`: present when it has a default, objects always present and filled. */
export type Filled<S> =
  S extends ToggleShape<infer F, boolean>
    ? FilledFields<F> & { enabled: boolean }
    : S extends ObjectShape<infer F, infer Open>
      ? Open extends true
        ? keyof F extends never
          ? Record<string, unknown> | undefined
          : FilledFields<F> & Record<string, unknown>
        : FilledFields<F>
      : S extends { default: infer D }
        ? Infer<S> | ([D] extends [undefined] ? undefined : never)
        : Infer<S> | undefined;
export type FilledFields<F extends Fields> = { -readonly [K in keyof F]-?: Filled<F[K]> };

type WithDefault<S, T> = S & { readonly default: T };

function scalar<T>(kind: ScalarShape<T>["kind"]) {
  function make(): ScalarShape<T>;
  function make(defaultValue: T): WithDefault<ScalarShape<T>, T>;
  function make(defaultValue?: T): ScalarShape<T> {
    return defaultValue === undefined ? { kind } : { kind, default: defaultValue };
  }
  return make;
}

function oneOf<const T extends string | boolean>(values: readonly T[]): EnumShape<T>;
function oneOf<const T extends string | boolean>(
  values: readonly T[],
  defaultValue: NoInfer<T>,
): WithDefault<EnumShape<T>, T>;
function oneOf<T extends string | boolean>(values: readonly T[], defaultValue?: T): EnumShape<T> {
  return defaultValue === undefined ? { kind: "enum", values } : { kind: "enum", values, default: defaultValue };
}

function array<S extends Shape>(of: S): ArrayShape<Infer<S>>;
function array<S extends Shape>(of: S, defaultValue: Infer<S>[]): WithDefault<ArrayShape<Infer<S>>, Infer<S>[]>;
function array<S extends Shape>(of: S, defaultValue?: Infer<S>[]): ArrayShape<Infer<S>> {
  return defaultValue === undefined ? { kind: "array", of } : { kind: "array", of, default: defaultValue };
}

export const s = {
  string: scalar<string>("string"),
  boolean: scalar<boolean>("boolean"),
  number: scalar<number>("number"),
  /** A function; `T` is the signature users see. */
  fn: <T extends (...args: never[]) => unknown>(): ScalarShape<T> => ({ kind: "function" }),
  /** Any value (elements, components); `T` is what users see. */
  unknown: <T = unknown>(): ScalarShape<T> => ({ kind: "unknown" }),
  oneOf,
  array,
  record: <S extends Shape>(of: S): RecordShape<Infer<S>> => ({ kind: "record", of }),
  object: <F extends Fields>(fields: F): ObjectShape<F> => ({ kind: "object", fields }),
  /** An object whose fields the spec leaves "not shown": any other key is accepted too. */
  openObject: <F extends Fields = {}>(fields: F = {} as F): ObjectShape<F, true> => ({
    kind: "object",
    fields,
    open: true,
  }),
  toggle: <F extends Fields>(defaultValue: boolean, fields: F): ToggleShape<F> => ({
    kind: "toggle",
    fields,
    default: defaultValue,
  }),
  /** `toggle` whose object form also accepts keys it does not declare. */
  openToggle: <F extends Fields>(defaultValue: boolean, fields: F): ToggleShape<F, true> => ({
    kind: "toggle",
    fields,
    default: defaultValue,
    open: true,
  }),
  or: <const M extends readonly Shape[]>(...of: M): UnionShape<Infer<M[number]>> => ({ kind: "union", of }),
  /** `or(...)` with a default value. */
  orDefault: <const M extends readonly Shape[]>(defaultValue: Infer<M[number]>, ...of: M) =>
    ({ kind: "union", of, default: defaultValue }) as WithDefault<UnionShape<Infer<M[number]>>, Infer<M[number]>>,
  /** Gives a shape the TypeScript type users see where inference cannot (recursive shapes, callbacks in unions). */
  typed:
    <T>() =>
    <S extends Shape>(shape: S) =>
      shape as unknown as Omit<S, "_type"> & ShapeBase<T>,
  stringOrList: (): UnionShape<string | string[]> => ({
    kind: "union",
    of: [{ kind: "string" }, { kind: "array", of: { kind: "string" } }],
  }),
};

/**
 * Applies the defaults a shape declares: absent fields with a default get it, objects are always present and filled,
 * toggles become `{ enabled, ...fields }`. Values already given are kept as they are (validation ran before).
 */
export function fillDefaults<S extends Shape>(shape: S, value: unknown): Filled<S> {
  return fill(shape, value) as Filled<S>;
}

function fill(shape: Shape, value: unknown): unknown {
  switch (shape.kind) {
    case "object":
      // An open object that declares nothing is the user's own data (a JSON schema, a task): absent stays absent.
      if (shape.open === true && Object.keys(shape.fields).length === 0) return value;
      return fillFields(shape.fields, isObject(value) ? value : {}, shape.open === true);
    case "toggle": {
      const given = isObject(value) ? value : {};
      const enabled =
        typeof value === "boolean" ? value : value === undefined ? shape.default : given.enabled !== false;
      return { ...fillFields(shape.fields, given, shape.open === true), enabled };
    }
    default:
      return value === undefined ? shape.default : value;
  }
}

function fillFields(fields: Fields, value: Record<string, unknown>, open: boolean): Record<string, unknown> {
  const filled: Record<string, unknown> = open ? { ...value } : {};
  for (const [key, field] of Object.entries(fields)) filled[key] = fill(field, value[key]);
  return filled;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Human name of what a shape accepts, for "expected X" messages. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case "enum":
      return shape.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array":
      return `${describeShape(shape.of)}[]`;
    case "record":
    case "object":
      return "object";
    case "toggle":
      return "boolean | object";
    case "union":
      return shape.of.map(describeShape).join(" | ");
    default:
      return shape.kind;
  }
}

export function kindOfValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
