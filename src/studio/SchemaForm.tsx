// A form made from a document's JSON Schema: one generic field per kind of schema (object, list,
// union, text, number, switch), so a block type added to the union is editable with no code here.
// Every input carries its JSON path (data-path="blocks.0.title"), which problems point at.
import { ActionIcon, Autocomplete, Box, Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Paper, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, Fragment, memo, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { StudioContext } from './api';
import { PictureField } from './PictureField';
import {
  branchName, branchOf, discriminator, humanize, initialValue, isFreeText, isObject, itemLabel, itemsOf, joinPath, type Json, type JsonObject, type JsonSchema, optionsOf, singular,
} from './schema';

export interface FormContext {
  options: StudioContext['options'];
  labels?: StudioContext['labels'];
  /** The problem lines (as validate prints them) of each data-path. */
  problems: ReadonlyMap<string, string[]>;
  /**
   * Sets the value at a path (`typed`: a keystroke in a text field); undefined removes an object's key.
   * Given a function, it is applied to the value as it is then: two clicks before the form has drawn
   * the first (a busy machine) both count. Stable across renders.
   */
  change(path: string, value: Json | undefined | ((current: Json | undefined) => Json | undefined), typed?: boolean): void;
  /** Tells the author what an edit did (a block removed, and how to get it back). */
  notify(message: string): void;
  /** Items of the document's top-level lists fold: these paths are open. */
  open: ReadonlySet<string>;
  setOpen(path: string, open: boolean): void;
  /** Reads the choices of the reference fields again (files added under public/). */
  refreshOptions(): void;
  /** The document being edited (pages-data/ relative): an upload's name is made from it. */
  document: string;
  /** The value at a path as it is now (stable across renders). */
  read(path: string): Json | undefined;
  /** An item was just added at this path: its problems wait until the author edits in it (or saves). */
  added?(path: string): void;
  /** In a page's blocks: the types that may be added before item `at`, and where the new block goes. */
  blockChoice?(at: number, list: readonly Json[]): { at: number; types: ReadonlySet<string> };
}

export const Form = createContext<FormContext | null>(null);
export const useForm = () => useContext(Form)!;

export interface FieldProps {
  schema: JsonSchema;
  path: string;
  value: Json | undefined;
  label: string;
  required: boolean;
}

/**
 * A field's problems, each in the author's words and, in the developer's view, with the line `npm run
 * validate` prints under it: the map's entries are `words` or `words\u0000line`.
 */
export const PROBLEM_LINE = '\u0000';
const linesOf = (problems: ReadonlyMap<string, string[]>, ...paths: (string | false | undefined)[]) => paths.flatMap((p) => (p !== false && p !== undefined ? (problems.get(p) ?? []) : []));
const errorOf = (problems: ReadonlyMap<string, string[]>, path: string) => {
  const lines = linesOf(problems, path);
  return lines.length > 0 ? <ProblemLines lines={lines} /> : undefined;
};

function ProblemLines({ lines }: { lines: string[] }) {
  return lines.map((entry) => {
    const [words, line] = entry.split(PROBLEM_LINE);
    return (
      <Fragment key={entry}>
        <span style={{ display: 'block' }}>{words}</span>
        {line && <span style={{ display: 'block', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)', opacity: 0.85 }}>{line}</span>}
      </Fragment>
    );
  });
}

/** What every input says of its field: label, help, problems and JSON path. */
export const inputProps = ({ schema, path, label }: FieldProps, problems: ReadonlyMap<string, string[]>) => ({
  label,
  description: schema.description,
  error: errorOf(problems, path),
  'data-path': path,
});

/** One field of the document, of whatever kind its schema says. */
export const Field = memo(function Field(props: FieldProps): ReactNode {
  const { schema } = props;
  if (schema.const !== undefined) return null; // the branch's own tag: chosen by the union's switch
  if (optionsOf(schema)) return <UnionField {...props} />;
  if (schema.enum) return <EnumField {...props} />;
  switch (schema.type) {
    case 'object':
      return <ObjectField {...props} />;
    case 'array':
      return <ArrayField {...props} />;
    case 'string':
      return <StringField {...props} />;
    case 'number':
    case 'integer':
      return <NumberField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    default:
      return <JsonField {...props} />;
  }
});

/** What a reference field asks for, in the author's words (the schemas' descriptions name files, for developers). */
const REFERENCE_HELP: Partial<Record<string, string>> = {
  partner: 'One of the partner brands (type its name).',
  supplier: 'One of the water-testing suppliers (type its name).',
  brand: 'The brand: a partner or a supplier (type its name).',
  category: 'One of the product categories (type its name).',
  product: 'One of the products (type its name or model).',
};

function StringField(props: FieldProps) {
  const { schema, path, value, required } = props;
  const { change, options, labels, problems } = useForm();
  const kind = schema['x-reference'];
  const help = kind && REFERENCE_HELP[kind];
  const common = { ...inputProps(props, problems), ...(help && { description: help }), withAsterisk: required };
  // An optional text left empty is left out of the document, as if never written.
  const set = (text: string) => change(path, text === '' && !required ? undefined : text, true);
  const text = typeof value === 'string' ? value : '';
  if (kind === 'picture') return <PictureField {...props} />;
  if (kind) {
    const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
    const data = options[kind].filter((o) => !pattern || pattern.test(o));
    const names = labels?.[kind];
    if (!names) return <Autocomplete {...common} value={text} onChange={set} data={data} limit={30} />;
    // A record by the name the site shows (Palintest), found by name or id; the field keeps the id.
    return (
      <Autocomplete
        {...common}
        value={text}
        onChange={set}
        data={data}
        limit={30}
        renderOption={({ option }) => (names[option.value] ? `${names[option.value]} (${option.value})` : option.value)}
        filter={({ options: all, search }) => {
          const q = search.trim().toLowerCase();
          return (all as { value: string }[]).filter((o) => !q || o.value.includes(q) || names[o.value]?.toLowerCase().includes(q)) as typeof all;
        }}
        rightSection={names[text] ? <Text size="xs" c="dimmed" pr={4} style={{ whiteSpace: 'nowrap' }}>{names[text]}</Text> : undefined}
        rightSectionWidth={names[text] ? 'auto' : undefined}
      />
    );
  }
  // A growing box so long text wraps in view, but one line of text: the site's copy has no line breaks.
  if (isFreeText(schema)) {
    return (
      <Textarea
        {...common}
        value={text}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        onChange={(e) => set(e.currentTarget.value.replace(/\s*[\r\n]+\s*/g, ' '))}
        autosize
        minRows={1}
      />
    );
  }
  return <TextInput {...common} value={text} onChange={(e) => set(e.currentTarget.value)} />;
}

function NumberField(props: FieldProps) {
  const { schema, path, value, required } = props;
  const { change, problems } = useForm();
  return (
    <NumberInput
      {...inputProps(props, problems)}
      withAsterisk={required}
      value={typeof value === 'number' ? value : ''}
      placeholder={schema.default !== undefined ? `${String(schema.default)} (default)` : undefined}
      allowDecimal={schema.type !== 'integer'}
      onChange={(n) => change(path, typeof n === 'number' ? n : required ? 0 : undefined)}
    />
  );
}

function BooleanField(props: FieldProps) {
  const { schema, path, value, required } = props;
  const { change, problems } = useForm();
  const checked = typeof value === 'boolean' ? value : schema.default === true;
  return (
    <Checkbox
      {...inputProps(props, problems)}
      checked={checked}
      onChange={(e) => change(path, e.currentTarget.checked || required ? e.currentTarget.checked : undefined)}
    />
  );
}

/** A choice among fixed values: an enum, or a union of constants (columns: 2, 3 or 4). */
function Choice({ values, ...props }: FieldProps & { values: unknown[] }) {
  const { schema, path, value, required } = props;
  const { change, problems } = useForm();
  const fallback = schema.default !== undefined ? `${String(schema.default)} (default)` : '(none)';
  const absent = value === undefined;
  const data = [...(absent || !required ? [{ value: '', label: absent ? fallback : '(none)' }] : []), ...values.map((v) => ({ value: String(v), label: String(v) }))];
  return (
    <NativeSelect
      {...inputProps(props, problems)}
      withAsterisk={required}
      data={data}
      value={absent ? '' : String(value)}
      onChange={(e) => {
        const picked = values.find((v) => String(v) === e.currentTarget.value);
        change(path, picked === undefined ? undefined : (picked as Json));
      }}
    />
  );
}

function EnumField(props: FieldProps) {
  return <Choice {...props} values={props.schema.enum ?? []} />;
}

function UnionField(props: FieldProps) {
  const { schema, path, value, label, required } = props;
  const { change, problems } = useForm();
  const options = optionsOf(schema)!;
  if (options.every((o) => o.const !== undefined)) return <Choice {...props} values={options.map((o) => o.const)} />;
  const key = discriminator(options);
  const index = branchOf(options, value);
  const branch = options[index]!;
  const switchPath = key ? joinPath(path, key) : path;
  return (
    <Fieldset legend={label} data-path-group={path}>
      <Stack gap="xs">
        {schema.description && <Text size="sm" c="dimmed">{schema.description}</Text>}
        <NativeSelect
          label={key ? humanize(key) : `${label}: which kind`}
          description={branch.description}
          withAsterisk={required}
          error={errorOf(problems, switchPath)}
          data-path={switchPath}
          data={options.map((o, i) => ({ value: String(i), label: branchName(o, i, key) }))}
          value={String(index)}
          onChange={(e) => {
            const next = options[Number(e.currentTarget.value)]!;
            // The fields both kinds have keep their values; the rest start as the new kind's.
            const fresh = initialValue(next);
            const kept = isObject(value) && isObject(fresh) ? Object.fromEntries(Object.entries(value).filter(([k]) => k in (next.properties ?? {}) && k !== key)) : {};
            change(path, isObject(fresh) ? { ...fresh, ...kept } : fresh);
          }}
        />
        <BranchFields schema={branch} path={path} value={value} />
      </Stack>
    </Fieldset>
  );
}

function BranchFields({ schema, path, value }: { schema: JsonSchema; path: string; value: Json | undefined }) {
  if (schema.type === 'object') return <Properties schema={schema} path={path} value={isObject(value) ? value : {}} />;
  return <Field schema={schema} path={path} value={value} label="Value" required />;
}

function ObjectField({ schema, path, value, label, required }: FieldProps) {
  const { change, problems } = useForm();
  const error = errorOf(problems, path);
  if (!isObject(value)) {
    return (
      <Box data-path={path}>
        <Button variant="light" size="xs" onClick={() => change(path, initialValue(schema))}>
          Add {label.toLowerCase()}
        </Button>
        {schema.description && <Text size="xs" c="dimmed">{schema.description}</Text>}
        {error && <Problems>{error}</Problems>}
      </Box>
    );
  }
  if (path === '') return <Properties schema={schema} path={path} value={value} />;
  return (
    <Fieldset legend={label} data-path-group={path}>
      <Stack gap="xs">
        {schema.description && <Text size="sm" c="dimmed">{schema.description}</Text>}
        {error && <Problems>{error}</Problems>}
        <Properties schema={schema} path={path} value={value} />
        {!required && (
          <Group>
            <Button variant="subtle" color="red" size="xs" onClick={() => change(path, undefined)}>
              Remove {label.toLowerCase()}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

function Properties({ schema, path, value }: { schema: JsonSchema; path: string; value: JsonObject }) {
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).filter(([key]) => !key.startsWith('$'));
  // Keys the schema does not know (a typo made in a code editor): shown so the author can see and remove them.
  const unknown = Object.keys(value).filter((key) => !key.startsWith('$') && !(key in (schema.properties ?? {})));
  return (
    <Stack gap="sm">
      {props.map(([key, s]) => (
        <Field key={key} schema={s} path={joinPath(path, key)} value={value[key]} label={s.title ?? humanize(key)} required={required.has(key)} />
      ))}
      {unknown.map((key) => (
        <JsonField key={key} schema={{ description: 'Not a field of this schema.' }} path={joinPath(path, key)} value={value[key]} label={`Unknown field "${key}"`} required={false} />
      ))}
    </Stack>
  );
}

function ArrayField({ schema, path, value, label, required }: FieldProps) {
  const { change, problems, open, setOpen, notify, blockChoice, added } = useForm();
  const list = Array.isArray(value) ? value : [];
  const items = itemsOf(schema);
  const noun = singular(path.split('.').pop() ?? 'item');
  // The items of a document's top-level list (a page's blocks) fold, so a long page stays quick to edit.
  const folds = !path.includes('.') && (items.type === 'object' || optionsOf(items) !== undefined);
  const options = optionsOf(items);
  const key = options && discriminator(options);
  const error = errorOf(problems, path);
  const full = schema.maxItems !== undefined && list.length >= schema.maxItems;
  const names = list.map((item, i) => itemLabel(items, item, i, noun));
  // A folded or opened item stays so when it moves, and so do the ones after an added or removed item.
  const openState = () => list.map((_, i) => open.has(joinPath(path, i)));
  const reopen = (state: boolean[]) => state.forEach((isOpen, i) => setOpen(joinPath(path, i), isOpen));
  /** Keyboard focus follows a moved item: to the same button in its new place. */
  const focusAfter = (to: number, control: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-item="${joinPath(path, to)}"] [data-control="${control}"]:not(:disabled)`)?.focus());
  const move = (from: number, to: number, control?: string) => {
    const state = openState();
    const order = list.map((_, i) => i);
    order.splice(to, 0, order.splice(from, 1)[0]!);
    change(path, order.map((i) => list[i]!));
    reopen([...order.map((i) => state[i]!), ...state.slice(order.length)]);
    if (control) focusAfter(to, control);
  };
  const remove = (at: number) => {
    const state = openState();
    // An optional list emptied goes away, as if never written.
    change(path, (current) => {
      const now = Array.isArray(current) ? current : [];
      return now.length === 1 && !required ? undefined : now.filter((_, i) => i !== at);
    });
    reopen([...state.slice(0, at), ...state.slice(at + 1), false]);
    notify(`Removed ${names[at]}. Undo (Ctrl+Z) brings it back.`);
  };
  /** `end`: at the end of the list as it is when the change applies (before a page's closing block). */
  const insert = (at: number, item: Json, end = false) => {
    const state = openState();
    added?.(joinPath(path, at));
    change(path, (current) => {
      const now = Array.isArray(current) ? current : [];
      const i = end ? (path === 'blocks' && blockChoice ? blockChoice(now.length, now).at : now.length) : at;
      return [...now.slice(0, i), item, ...now.slice(i)];
    });
    // A folding list opens its new item, ready to fill in.
    reopen([...state.slice(0, at), folds, ...state.slice(at)]);
    focusAfter(at, folds ? 'fold' : 'first');
  };
  const ids = list.map((_, i) => joinPath(path, i));
  const moveRef = useRef(move);
  moveRef.current = move;
  const drops = useContext(Drops);
  useEffect(() => {
    drops.set(path, (from, to) => moveRef.current(from, to));
    return () => void drops.delete(path);
  }, [drops, path]);
  const addHere = (at: number) => {
    if (!folds || !options || !key) return null;
    // A page's blocks: only the types that may stand there, added where they may (before the closing block).
    const choice = path === 'blocks' && blockChoice ? blockChoice(at, list) : undefined;
    const offered = choice ? options.filter((o) => choice.types.has(String(o.properties?.[key]?.const ?? ''))) : options;
    if (offered.length === 0) return null;
    const place = choice?.at ?? at;
    return <AddOfKind key={offered.length} noun={noun} options={offered} discriminatorKey={key} disabled={full} onAdd={(item) => insert(place, item, at >= list.length)} between={at < list.length} where={place < list.length ? names[place]! : undefined} />;
  };
  return (
    <Fieldset legend={label} data-path-group={path}>
      <Stack gap="xs">
        {schema.description && <Text size="sm" c="dimmed">{schema.description}</Text>}
        {error && <Problems>{error}</Problems>}
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {list.map((item, i) => {
              const itemPath = ids[i]!;
              const name = names[i]!;
              const isOpen = !folds || open.has(itemPath);
              // Problems of the item as a whole, or of its kind (a block out of place), show under its name.
              const itemProblems = linesOf(problems, itemPath, key && joinPath(itemPath, key));
              const buttons = (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="default" aria-label={`Move ${name} up`} data-control="up" disabled={i === 0} onClick={() => move(i, i - 1, 'up')}>↑</ActionIcon>
                  <ActionIcon variant="default" aria-label={`Move ${name} down`} data-control="down" disabled={i === list.length - 1} onClick={() => move(i, i + 1, 'down')}>↓</ActionIcon>
                  <ActionIcon variant="default" color="red" aria-label={`Remove ${name}`} onClick={() => remove(i)}>✕</ActionIcon>
                </Group>
              );
              // A list of plain values (keywords, paragraphs): one input per item, its buttons beside it.
              if (!isObject(item) && items.type !== 'object' && !options) {
                return (
                  <SortableItem key={i} id={itemPath} name={name} count={list.length}>
                    <Group align="end" wrap="nowrap" gap="xs" data-item={itemPath} style={{ flex: 1 }}>
                      <Box style={{ flex: 1 }} data-control="first">
                        <Field schema={items} path={itemPath} value={item} label={`${humanize(noun)} ${i + 1}`} required />
                      </Box>
                      {buttons}
                    </Group>
                  </SortableItem>
                );
              }
              return (
                <Fragment key={i}>
                  {i > 0 && addHere(i)}
                  <SortableItem id={itemPath} name={name} count={list.length}>
                    <Paper withBorder p="xs" data-item={itemPath} style={{ flex: 1 }}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        {folds ? (
                          <UnstyledButton onClick={() => setOpen(itemPath, !isOpen)} aria-expanded={isOpen} fw={600} style={{ flex: 1 }} data-control="fold">
                            <span aria-hidden>{isOpen ? '▾ ' : '▸ '}</span>
                            {name}
                            {hasProblems(problems, itemPath) && <Text span c="red.9" ml="xs">(has problems)</Text>}
                          </UnstyledButton>
                        ) : (
                          <Text fw={600} size="sm" style={{ flex: 1 }} data-control="first" tabIndex={-1}>{name}</Text>
                        )}
                        {buttons}
                      </Group>
                      {itemProblems.length > 0 && <Problems>{<ProblemLines lines={itemProblems} />}</Problems>}
                      {isOpen && (
                        <Box mt="xs">
                          {isObject(item) && options ? (
                            <UnionItem items={items} path={itemPath} value={item} />
                          ) : isObject(item) && items.type === 'object' ? (
                            <Properties schema={items} path={itemPath} value={item} />
                          ) : (
                            <Field schema={items} path={itemPath} value={item} label={name} required />
                          )}
                        </Box>
                      )}
                    </Paper>
                  </SortableItem>
                </Fragment>
              );
            })}
        </SortableContext>
        {options && key ? (
          folds ? addHere(list.length) : <AddOfKind noun={noun} options={options} discriminatorKey={key} disabled={full} onAdd={(item) => insert(list.length, item, true)} between={false} />
        ) : (
          <Group>
            <Button variant="light" size="xs" disabled={full} onClick={() => insert(list.length, initialValue(items), true)}>
              Add {noun} to {label}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** The lists of the form by path, each with how it moves an item: where a drag ends. */
const Drops = createContext(new Map<string, (from: number, to: number) => void>());

/**
 * The document's form: its fields, and dragging list items to another place in their list (one drag
 * context for the whole form; an item dropped on another list's stays where it was).
 */
export function DocumentForm(props: FieldProps) {
  const [drops] = useState(() => new Map<string, (from: number, to: number) => void>());
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const listOf = (id: string) => id.slice(0, id.lastIndexOf('.'));
  const indexOf = (id: string) => Number(id.slice(id.lastIndexOf('.') + 1));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const [from, to] = [String(active.id), over ? String(over.id) : ''];
    if (!over || from === to || listOf(from) !== listOf(to)) return;
    drops.get(listOf(from))?.(indexOf(from), indexOf(to));
  };
  return (
    <Drops.Provider value={drops}>
      {/* Its announcements go to the end of the page, away from the studio's own status line. */}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ container: document.body }}>
        <Field {...props} />
      </DndContext>
    </Drops.Provider>
  );
}

/** A list item that can be dragged to another place by its handle (the arrow buttons do the same from the keyboard). */
function SortableItem({ id, name, count, children }: { id: string; name: string; count: number; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: CSS.Translate.toString(transform), transition, position: 'relative' as const, zIndex: isDragging ? 2 : undefined };
  return (
    <Group ref={setNodeRef} style={style} gap={4} wrap="nowrap" align="stretch">
      {count > 1 && (
        // For a pointer only: keyboard users have the arrow buttons, so the handle takes no focus.
        <Box
          ref={setActivatorNodeRef}
          {...listeners}
          {...attributes}
          role={undefined}
          tabIndex={-1}
          aria-hidden
          title={`Drag ${name} to another place`}
          data-drag-handle={id}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', display: 'flex', alignItems: 'center', color: 'var(--mantine-color-gray-6)', touchAction: 'none' }}
        >
          ⠿
        </Box>
      )}
      {children}
    </Group>
  );
}

/** A list item of a tagged union (a block): its kind is fixed once added, so only its own fields show. */
function UnionItem({ items, path, value }: { items: JsonSchema; path: string; value: JsonObject }) {
  const options = optionsOf(items)!;
  const key = discriminator(options);
  if (!key) return <UnionField schema={items} path={path} value={value} label="Item" required />;
  const branch = options[branchOf(options, value)]!;
  return (
    <Stack gap="xs">
      {branch.description && <Text size="sm" c="dimmed">{branch.description}</Text>}
      <Properties schema={branch} path={path} value={value} />
    </Stack>
  );
}

/**
 * Adds an item of a kind chosen from a union (a block of a type). At the end of the list it stands open;
 * between two items it is a small "Add block here" that opens it there.
 */
function AddOfKind({ noun, options, discriminatorKey, disabled, onAdd, where, between }: {
  noun: string; options: JsonSchema[]; discriminatorKey: string; disabled: boolean; onAdd(item: Json): void;
  /** The item it adds before (at the end of a page: its closing block); the end of the list when absent. */
  where?: string;
  /** Between two items, folded until asked for; at the end of the list, open. */
  between: boolean;
}) {
  const [kind, setKind] = useState('0');
  const [opened, setOpened] = useState(!between);
  if (!opened) {
    return (
      <Group justify="center">
        <Button variant="subtle" size="compact-xs" disabled={disabled} onClick={() => setOpened(true)} aria-label={`Add ${noun} here, before ${where}`}>
          + Add {noun} here
        </Button>
      </Group>
    );
  }
  return (
    <Group align="end">
      <NativeSelect
        label={`New ${noun} type${between ? ` (before ${where})` : ''}`}
        data={options.map((o, i) => ({ value: String(i), label: `${branchName(o, i, discriminatorKey)}${o.title ? ` (${o.title})` : ''}` }))}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value)}
        disabled={disabled}
      />
      <Button
        variant="light"
        disabled={disabled}
        onClick={() => {
          onAdd(initialValue(options[Number(kind)]!));
          if (between) setOpened(false);
        }}
        title={!between && where ? `Added before ${where}, which closes the page` : undefined}
      >
        {between ? `Add ${noun} here` : `Add ${noun}`}
      </Button>
      {between && (
        <Button variant="subtle" onClick={() => setOpened(false)}>
          Cancel
        </Button>
      )}
    </Group>
  );
}

/** A value no field kind fits: edited as JSON. */
function JsonField(props: FieldProps) {
  const { path, value, label } = props;
  const { change, problems } = useForm();
  return (
    <Group align="end" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        {...inputProps(props, problems)}
        defaultValue={JSON.stringify(value, null, 2)}
        autosize
        minRows={1}
        onBlur={(e) => {
          try {
            change(path, JSON.parse(e.currentTarget.value) as Json);
          } catch {
            // left as typed until it is JSON
          }
        }}
      />
      <Button variant="subtle" color="red" size="xs" onClick={() => change(path, undefined)}>
        Remove {label}
      </Button>
    </Group>
  );
}

function hasProblems(problems: ReadonlyMap<string, string[]>, path: string): boolean {
  for (const key of problems.keys()) if (key === path || key.startsWith(`${path}.`)) return true;
  return false;
}

function Problems({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="red.9" component="div">
      {children}
    </Text>
  );
}
