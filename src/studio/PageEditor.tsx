// The studio's page editor: a document of pages-data/ in a form made from its JSON Schema, the page
// beside it as the site shows it, its problems as `npm run validate` reports them, undo and redo of
// every edit since it was opened, and the page operations (new, move, delete).
import { Alert, Box, Button, Group, Loader, Select, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { partner as partnerSchema, productDocument, supplier as supplierSchema, type Partner, type Supplier } from '../../schemas/records';
import { canonicalPath, isRecordFile, productIdOfFile, RECORD_FILES, routeOfFile } from '../../schemas/routes';
import { siteDocument } from '../../schemas/site';
import { redirectTarget } from '../lib/redirects';
import type { RecordData } from '../page/resolve';
import { blockChoice } from './block-places';
import { api, recordData, type SaveConflict, type StudioContext, type StudioDocument, type StudioProblem } from './api';
import { server } from './server/api';
import { DocumentHistory } from './server/DocumentHistory';
import { MergeChoices } from './server/MergeChoices';
import { SERVER } from './server/session';
import { type History, record, redo, startHistory, undo } from './history';
import { PageActions, type PageDialog } from './PageActions';
import { Preview } from './PreviewPane';
import { previewView } from './preview-entry';
import type { ViewProps } from './Studio';
import { previewRouteOf } from './preview-route';
import { DocumentForm, Form, type FormContext, PROBLEM_LINE } from './SchemaForm';
import { dataPathOf, getAt, isObject, type Json, type JsonSchema, setAt } from './schema';

/**
 * Problems are checked once the author pauses (the check reloads the whole content in the dev server,
 * which would compete with the preview for the CPU); the preview follows every keystroke.
 */
const VALIDATE_AFTER_MS = 300;
const CONTENT_CHANGED = 'acacia:content-changed';
const DEVELOPER_VIEW = 'studio:developer-view';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `seen`: under the studio server, every version of the document the editor has seen (a save over another is refused). */
type Opened = { file: string; version: string; schema: JsonSchema; saved: Json; seen: string[] } | { file: string; broken: string };
/** What the address asks for: a document, or an address no page answers (and where it redirects, if it does). */
type Target = { file: string } | { missing: string; redirect: string | undefined };
interface Status {
  text: string;
  actions?: { label: string; run(): void }[];
}

/** A field where typing goes: there, Ctrl+Z is the field's own undo. */
const isTextField = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type)));

function targetOf(wanted: string, docs: StudioDocument[], context: StudioContext): Target {
  const doc = docs.find((d) => d.file === wanted || d.route === wanted || (d.route !== undefined && canonicalPath(d.route) === wanted));
  if (doc) return { file: doc.file };
  return { missing: wanted, redirect: wanted.startsWith('/') ? redirectTarget(context.redirects, wanted) : undefined };
}

/** The records as the preview resolves blocks with: the edited ones where a record document is open and reads. */
function previewData(context: StudioContext, file: string | undefined, value: Json): RecordData {
  const edited = <T extends { id: string }>(key: string, schema: { safeParse(v: unknown): { data?: T } }, saved: T[]): T[] => {
    const list = isObject(value) && Array.isArray(value[key]) ? (value[key] as Json[]) : [];
    const parsed = list.flatMap((item) => schema.safeParse(item).data ?? []);
    return [...parsed, ...saved.filter((s) => !parsed.some((p) => p.id === s.id))];
  };
  const partners: Partner[] = file === RECORD_FILES.partners ? edited('partners', partnerSchema, context.records.partners) : context.records.partners;
  const suppliers: Supplier[] = file === RECORD_FILES.suppliers ? edited('suppliers', supplierSchema, context.records.suppliers) : context.records.suppliers;
  // A product record (its id is its file's name), where it reads.
  const productId = file && productIdOfFile(file);
  const product = productId ? productDocument.safeParse(value).data : undefined;
  const products = product ? context.records.products.map((p) => (p.id === productId ? { ...product, id: productId } : p)) : context.records.products;
  return recordData({ ...context.records, partners, suppliers, products });
}

export function PageEditor({ active, openRequest }: ViewProps) {
  const [documents, setDocuments] = useState<StudioDocument[]>();
  const [context, setContext] = useState<StudioContext>();
  const [target, setTarget] = useState<Target>();
  const [opened, setOpened] = useState<Opened>();
  const [history, setHistory] = useState<History>(() => startHistory(null));
  const value = history.present;
  const [problems, setProblems] = useState<StudioProblem[]>([]);
  const [status, setStatus] = useState<Status>();
  const [open, setOpenPaths] = useState<ReadonlySet<string>>(new Set());
  /** The field last focused in the form (which record a record document's preview shows). */
  const [focus, setFocus] = useState<string>();
  const [reveal, setReveal] = useState<{ path: string; n: number }>();
  /** A field to go to once its document is open. */
  const [pending, setPending] = useState<string>();
  /** Bumped whenever the content on disk changes: check again. */
  const [checks, setChecks] = useState(0);
  const [dialog, setDialog] = useState<PageDialog>();
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string>();
  /** Under the studio server: a save refused for a newer version, to merge; the document's history shown; who else has it open. */
  const [merge, setMerge] = useState<{ conflict: SaveConflict; message: string }>();
  const [showHistory, setShowHistory] = useState(false);
  const [others, setOthers] = useState<string[]>([]);
  /** The developer's view of problems (validate's file:line:column line under each): always under npm run dev, on request under the studio server. */
  const [developer, setDeveloper] = useState(() => !SERVER || localStorage.getItem(DEVELOPER_VIEW) === '1');
  const showLines = useCallback((on: boolean) => {
    localStorage.setItem(DEVELOPER_VIEW, on ? '1' : '0');
    setDeveloper(on);
  }, []);

  const file = target && 'file' in target ? target.file : undefined;
  const editing = opened && opened.file === file && 'saved' in opened ? opened : undefined;
  const dirty = editing !== undefined && !same(value, editing.saved);
  const document = documents?.find((d) => d.file === file);

  const refresh = useCallback(async () => {
    const [docs, ctx] = await Promise.all([api.documents(), api.context()]);
    setDocuments(docs);
    setContext(ctx);
    return [docs, ctx] as const;
  }, []);

  useEffect(() => {
    refresh().then(([docs, ctx]) => setTarget(targetOf(new URLSearchParams(location.search).get('page') ?? '/', docs, ctx)), (err: Error) => setFailure(err.message));
  }, [refresh]);

  const loading = useRef<string>(undefined);
  /** What to tell the author once the next document is open (what a page operation did). */
  const announce = useRef<string>(undefined);
  const load = useCallback(async (next: string) => {
    loading.current = next;
    const doc = await api.open(next);
    if (loading.current !== next) return;
    let saved: Json;
    try {
      saved = JSON.parse(doc.text) as Json;
    } catch (err) {
      setOpened({ file: next, broken: (err as Error).message });
      return;
    }
    setOpened({ file: next, version: doc.version, schema: doc.schema, saved, seen: doc.seen ?? [] });
    setMerge(undefined);
    setFresh(new Set());
    setHistory(startHistory(saved));
    setProblems([]);
    setStatus(announce.current ? { text: announce.current } : undefined);
    announce.current = undefined;
    setOpenPaths(new Set());
    setFocus(undefined);
  }, []);

  useEffect(() => {
    if (file) load(file).catch((err: Error) => setFailure(err.message));
  }, [file, load]);

  // The content on disk changed (a save, a move, an edit in another editor): the lists and the problems
  // are read again; a document that was not JSON is tried again, and one changed elsewhere and not
  // edited here is opened as it is now.
  useEffect(() => {
    const hot = import.meta.hot;
    const onChange = () => {
      void refresh().catch(() => undefined);
      setChecks((n) => n + 1);
    };
    hot?.on(CONTENT_CHANGED, onChange);
    return () => hot?.off(CONTENT_CHANGED, onChange);
  }, [refresh]);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const fileNow = useRef(file);
  fileNow.current = file;
  useEffect(() => {
    // Not a document being left (moved or deleted, perhaps): only the one the author is on.
    if (checks === 0 || !opened || opened.file !== fileNow.current) return;
    if ('broken' in opened) return void load(opened.file).catch(() => undefined);
    if (dirtyNow.current) return;
    api.open(opened.file).then(
      (doc) => void (doc.version !== opened.version && load(opened.file)),
      () => undefined,
    );
    // Only a change on disk calls for this, not a change of what is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checks]);

  /** May the editor leave the document it has open: yes, or the author says so. */
  const mayLeave = useCallback(() => !dirtyNow.current || window.confirm('Leave this document? Its unsaved changes are lost.'), []);

  /** Opens another document (or an address no page answers), at a field if one is given. */
  const go = useCallback(
    (next: Target, field?: string, asked = false) => {
      if ('file' in next && next.file === file) {
        if (field) setPending(field);
        return true;
      }
      if (!asked && !mayLeave()) return false;
      // A page by its address (a document just made is not in the list yet), any other document by its file.
      const shown = 'file' in next ? (isRecordFile(next.file) ? next.file : routeOfFile(next.file)) : next.missing;
      window.history.replaceState(null, '', `?page=${encodeURIComponent(shown)}`);
      setTarget(next);
      setPending(field);
      return true;
    },
    [file, mayLeave],
  );

  // Another view asks for a document at a field (a picture's use, in the Pictures view).
  useEffect(() => {
    if (openRequest) go({ file: openRequest.file }, openRequest.field);
    // Each request once, when it comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openRequest]);

  const choices = useMemo(() => (documents ?? []).map((d) => ({ value: d.file, label: d.label })), [documents]);
  const label = document?.label ?? '';
  useEffect(() => setSearch(label), [label]);

  // What `npm run validate` would say of the text a save would write.
  useEffect(() => {
    if (!editing) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api.validate(editing.file, value, abort.signal).then(
        (found) => setProblems((before) => (same(before, found) ? before : found)),
        (err: Error) => err.name !== 'AbortError' && setStatus({ text: `Could not check: ${err.message}` }),
      );
    }, VALIDATE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [editing, value, checks]);

  // Who else has this document open (studio server): said beside Save, asked again every 15 s.
  useEffect(() => {
    if (!SERVER || !file || !active) return setOthers([]);
    const ask = () => void server.post<{ others: string[] }>('presence', { file }).then((a) => a.ok && setOthers((before) => (same(before, a.value.others) ? before : a.value.others)));
    ask();
    const timer = setInterval(ask, 15_000);
    return () => clearInterval(timer);
  }, [file, active]);

  const change = useCallback<FormContext['change']>((path, next, typed = false) => {
    // An edit inside an item just added: its problems show from now on.
    setFresh((f) => ([...f].some((x) => path.startsWith(`${x}.`)) ? new Set([...f].filter((x) => !path.startsWith(`${x}.`))) : f));
    setHistory((h) => record(h, setAt(h.present, path, typeof next === 'function' ? next(getAt(h.present, path)) : next), path, typed, Date.now()));
    setStatus(undefined);
  }, []);
  const notify = useCallback((text: string) => setStatus({ text }), []);
  const setOpen = useCallback<FormContext['setOpen']>((path, isOpen) => {
    setOpenPaths((paths) => {
      if (paths.has(path) === isOpen) return paths;
      const next = new Set(paths);
      if (isOpen) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  const own = `pages-data/${file}`;
  // Items just added (a card, a block) are not red before the author has typed in them.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const isFresh = useCallback((path: string) => [...fresh].some((f) => path === f || path.startsWith(`${f}.`)), [fresh]);
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) if (p.file === own && !isFresh(dataPathOf(p.path))) map.set(dataPathOf(p.path), [...(map.get(dataPathOf(p.path)) ?? []), developer ? `${p.said}${PROBLEM_LINE}${p.text}` : p.said]);
    return map;
  }, [problems, own, developer, isFresh]);
  const added = useCallback((path: string) => setFresh((f) => new Set([...f, path])), []);
  const shownProblems = useMemo(() => (fresh.size === 0 ? problems : problems.filter((p) => p.file !== own || !isFresh(dataPathOf(p.path)))), [problems, fresh, own, isFresh]);
  const refreshOptions = useCallback(() => void refresh().catch(() => undefined), [refresh]);
  const valueNow = useRef(value);
  valueNow.current = value;
  const read = useCallback((path: string) => getAt(valueNow.current, path), []);
  const isPageFile = file !== undefined && !isRecordFile(file);
  const blockChoiceOf = useCallback((at: number, list: readonly Json[]) => blockChoice(valueNow.current, list, at), []);
  const form = useMemo<FormContext | undefined>(
    () =>
      context && file !== undefined
        ? { options: context.options, labels: context.labels, problems: byPath, change, notify, open, setOpen, refreshOptions, document: file, read, added, ...(isPageFile && { blockChoice: blockChoiceOf }) }
        : undefined,
    [context, file, byPath, change, notify, open, setOpen, refreshOptions, read, added, isPageFile, blockChoiceOf],
  );

  /** Takes the author to a field (a data path): opens its block, then focuses the nearest input there. */
  const goTo = useCallback(
    (path: string) => {
      const parts = path.split('.');
      if (parts.length > 1 && /^\d+$/.test(parts[1]!)) setOpen(`${parts[0]}.${parts[1]}`, true);
      const find = (at: string) => window.document.querySelector<HTMLElement>(`[data-path="${at}"], [data-path-group="${at}"], [data-item="${at}"]`);
      let frames = 0;
      const attempt = () => {
        // The field itself once its block has opened; after a few frames, the nearest of its parents there is.
        let n = parts.length;
        let target = find(path);
        if (!target && ++frames < 8) return void requestAnimationFrame(attempt);
        while (!target && --n > 0) target = find(parts.slice(0, n).join('.'));
        if (!target) return;
        target.scrollIntoView({ block: 'center' });
        (target.matches('input, textarea, select, button') ? target : target.querySelector<HTMLElement>('input, textarea, select, button'))?.focus();
      };
      requestAnimationFrame(attempt);
    },
    [setOpen],
  );
  useEffect(() => {
    if (pending === undefined || !editing || !form) return;
    goTo(pending);
    setPending(undefined);
  }, [pending, editing, form, goTo]);

  const save = async (replace = false, saving: Json = value, seen = editing?.seen) => {
    if (!editing) return;
    setFresh(new Set());
    setStatus({ text: 'Saving…' });
    const answer = await api.save(editing.file, saving, editing.version, replace, SERVER ? seen : undefined);
    if (answer.outcome === 'saved') {
      setOpened({ ...editing, version: answer.version, saved: saving, seen: [...new Set([...(seen ?? []), ...(answer.seen ?? [])])] });
      setMerge(undefined);
      setStatus({ text: 'Saved' });
      void refresh();
    } else if (answer.outcome === 'invalid') {
      setProblems(answer.problems);
      setStatus({ text: `Not saved: ${answer.problems.length} problem${answer.problems.length === 1 ? '' : 's'} to fix first (listed above the form)` });
    } else if (answer.outcome === 'conflict' && answer.conflict) {
      setStatus({ text: 'Not saved yet: someone saved a newer version (below)' });
      setMerge({ conflict: answer.conflict, message: answer.error });
    } else if (answer.outcome === 'conflict') {
      setStatus({
        text: `Not saved: ${answer.error}`,
        actions: [
          { label: 'Replace the file with my version', run: () => void save(true) },
          { label: 'Open the file as it is now', run: () => void load(editing.file) },
        ],
      });
    } else {
      setStatus({ text: `Not saved: ${answer.error}` });
    }
  };
  const saveNow = useRef(save);
  saveNow.current = save;

  const doUndo = useCallback(() => {
    setHistory(undo);
    setStatus(undefined);
  }, []);
  const doRedo = useCallback(() => {
    setHistory(redo);
    setStatus(undefined);
  }, []);
  // Ctrl/Cmd+S saves anywhere in this view; Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) undo and redo, outside text fields.
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        if (dirtyNow.current) void saveNow.current();
        else setStatus({ text: 'Nothing to save: no change since the document was opened or saved' });
      } else if (isTextField(e.target) || (key !== 'z' && key !== 'y')) {
        return;
      } else {
        e.preventDefault();
        if (key === 'z' && !e.shiftKey) doUndo();
        else doRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, doUndo, doRedo]);

  // Reloading, going back or closing the tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onFocusIn = (e: React.FocusEvent) => {
    const path = (e.target as HTMLElement).closest('[data-path], [data-item]')?.getAttribute('data-path') ?? (e.target as HTMLElement).closest('[data-item]')?.getAttribute('data-item');
    if (!path) return;
    setFocus(path);
    setReveal((r) => ({ path, n: (r?.n ?? 0) + 1 }));
  };

  // The preview: the page itself, or for a record document the page that shows what is edited.
  const recordRoute = file && context && editing && document?.route === undefined ? previewRouteOf(file, focus, value, context) : undefined;
  const [shown, setShown] = useState<{ route: string; doc: Json }>();
  useEffect(() => {
    // A product's page is the products' template's.
    const productPage = file && productIdOfFile(file) ? context?.records.templates.products : undefined;
    const pageFile = recordRoute && documents?.find((d) => d.route === (productPage ?? recordRoute))?.file;
    if (!pageFile) return setShown(undefined);
    api.open(pageFile).then((doc) => setShown({ route: recordRoute, doc: JSON.parse(doc.text) as Json }), () => setShown(undefined));
  }, [recordRoute, documents, checks, file, context]);
  const data = useMemo(() => context && previewData(context, file, value), [context, file, value]);
  const base = document?.route !== undefined ? (editing ? { route: document.route, doc: value } : undefined) : shown;
  const view = useMemo(() => data && base && previewView(base.route, base.doc, data, documents ?? []), [data, base?.route, base?.doc, documents]);
  const site = useMemo(() => (file === RECORD_FILES.site ? siteDocument.safeParse(value).data : context?.site), [file, value, context]);
  const isPage = document?.route !== undefined;
  // On a tablet (768 px) the form and the preview do not both fit: one at a time, each a button away.
  const narrow = useMediaQuery('(max-width: 1099px)') === true;
  const [pane, setPane] = useState<'both' | 'form' | 'preview'>('both');
  const panes = pane === 'both' && narrow ? 'form' : pane;
  /** A click in the preview chose a field: the form comes back if it was hidden, at that field. */
  const select = useCallback((path: string) => {
    setPane((p) => (p === 'preview' ? 'both' : p));
    goTo(path);
  }, [goTo]);
  const selectSite = useCallback((path: string) => {
    setPane((p) => (p === 'preview' ? 'both' : p));
    if (file === RECORD_FILES.site) goTo(path);
    else go({ file: RECORD_FILES.site }, path);
  }, [file, goTo, go]);

  if (failure) return <Alert color="red" title="The studio could not start">{failure}</Alert>;
  const current = isPage && editing ? { file: editing.file, route: document!.route!, version: editing.version } : undefined;
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: panes === 'both' ? 'minmax(360px, 560px) minmax(0, 1fr)' : 'minmax(0, 1fr)', height: '100%', minHeight: 0 }}>
      <Box component="main" style={{ overflowY: 'auto', borderRight: '1px solid var(--mantine-color-gray-3)', display: panes === 'preview' ? 'none' : undefined }} onFocus={onFocusIn}>
        <Stack gap="xs" p="md" pb="xs" style={{ position: 'sticky', top: 0, zIndex: 5, background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Select
            label="Page"
            description="A page of the site, the site document, the records or the redirects (pages-data/)."
            data={choices}
            value={file ?? null}
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(next) => {
              // Staying (the author kept unsaved changes): the box shows the page still open.
              if (next && !go({ file: next })) setSearch(label);
            }}
            placeholder={target && 'missing' in target ? target.missing : undefined}
            searchable
            nothingFoundMessage="No page or document by that name. The menus (header, footer) are in the Site document."
            allowDeselect={false}
            maxDropdownHeight={400}
          />
          <PageActions
            dialog={dialog}
            setDialog={setDialog}
            documents={documents ?? []}
            current={current}
            dirty={dirty}
            mayLeave={mayLeave}
            done={(next, message) => {
              // The page was made, moved or deleted: nothing unsaved is left to lose (the dialogs asked).
              refresh().then(
                () => {
                  announce.current = message;
                  go({ file: next }, undefined, true);
                  if (next === file) setStatus({ text: message });
                },
                // Done on disk, but the list of pages could not be read again: say both, never nothing.
                (err: Error) => setStatus({ text: `${message.replace(/\.$/, '')}. The list of pages could not be read again (${err.message}): reload the studio to see it.` }),
              );
            }}
            open={(next, field) => go({ file: next }, field)}
          />
          <Group gap="xs">
            <Button onClick={() => void save()} disabled={!editing || !dirty} title={dirty ? 'Ctrl+S' : 'Nothing to save: no change since the document was opened or saved'}>Save</Button>
            <Button variant="default" onClick={doUndo} disabled={history.past.length === 0} title="Ctrl+Z">Undo</Button>
            <Button variant="default" onClick={doRedo} disabled={history.future.length === 0} title="Shift+Ctrl+Z">Redo</Button>
            {SERVER && editing && <Button variant="default" onClick={() => setShowHistory(true)}>History</Button>}
            {panes === 'form' && <Button variant="default" onClick={() => setPane('preview')}>Show the preview</Button>}
            <Text role="status" size="sm" style={{ flex: 1 }}>
              {status?.text ?? (dirty ? 'Unsaved changes' : '')}
            </Text>
          </Group>
          {others.length > 0 && <Text size="sm" c="orange.9" data-presence>Also open by {others.join(', ')}: their saves and yours are merged field by field.</Text>}
          {merge && editing && (
            <MergeChoices
              key={merge.conflict.blob}
              conflict={merge.conflict}
              value={value}
              message={merge.message}
              cancel={() => setMerge(undefined)}
              merge={(taken) => {
                let next = value;
                for (const t of taken) next = setAt(next, t.path, t.theirs as Json | undefined);
                if (next !== value) change('', next);
                void save(true, next, [...editing.seen, merge.conflict.blob]);
              }}
            />
          )}
          {status?.actions && (
            <Group gap="xs">
              {status.actions.map((a) => (
                <Button key={a.label} size="xs" variant="light" onClick={a.run}>{a.label}</Button>
              ))}
            </Group>
          )}
        </Stack>
        <Stack gap="md" p="md">
          {target && 'missing' in target ? (
            <Missing target={target} open={(route) => go(targetOf(route, documents ?? [], context!))} create={(address) => setDialog({ kind: 'new', address })} />
          ) : opened && 'broken' in opened && opened.file === file ? (
            <Alert color="red" title={`pages-data/${opened.file} is not valid JSON`}>
              {opened.broken}. Fix it in your editor (npm run validate names the line): the studio opens it as soon as it reads.
            </Alert>
          ) : editing && form ? (
            <>
              <ProblemList problems={shownProblems} own={own} developer={developer} showLines={SERVER ? showLines : undefined} open={(p) => go({ file: p.file.replace(/^pages-data\//, '') }, dataPathOf(p.path))} />
              <Form.Provider value={form}>
                <DocumentForm schema={editing.schema} path="" value={value} label={label || (file ?? '')} required />
              </Form.Provider>
            </>
          ) : (
            <Loader aria-label="Loading" />
          )}
        </Stack>
      </Box>
      {SERVER && file && (
        <DocumentHistory
          file={file}
          opened={showHistory}
          close={() => setShowHistory(false)}
          restored={(message) => {
            announce.current = message;
            void load(file);
          }}
        />
      )}
      <Box style={{ display: panes === 'form' ? 'none' : 'contents' }}>
      <Preview
        formShown={panes !== 'preview'}
        showForm={(on) => setPane(on ? (narrow ? 'form' : 'both') : 'preview')}
        route={view?.route}
        doc={view?.doc}
        records={view?.records}
        site={site}
        empty={
          target && 'missing' in target
            ? 'No page to show.'
            : 'No page shows this document yet: the preview shows the page that shows the record being edited (choose one of its fields).'
        }
        onSelect={isPage ? select : undefined}
        onSelectSite={selectSite}
        reveal={isPage ? reveal : undefined}
      />
      </Box>
    </Box>
  );
}

/** An address no page answers (an old bookmark, a mistyped link): said so, with where it redirects or the way to make the page. */
function Missing({ target, open, create }: { target: { missing: string; redirect: string | undefined }; open(route: string): void; create(address: string): void }) {
  return (
    <Alert title={`No page answers at ${target.missing}`}>
      <Stack gap="xs">
        {target.redirect ? (
          <Text size="sm">It redirects to {target.redirect} (pages-data/redirects.json): the page moved there.</Text>
        ) : (
          <Text size="sm">There is no document for this address in pages-data/. Choose a page above, or make one here.</Text>
        )}
        <Group gap="xs">
          {target.redirect && <Button size="xs" onClick={() => open(target.redirect!)}>Open {target.redirect}</Button>}
          {target.missing.startsWith('/') && !target.redirect && (
            <Button size="xs" variant="light" onClick={() => create(target.missing)}>Create a page at {target.missing}</Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The problems of the document and those it causes elsewhere: each names its field as the form does, and opens it. */
const ProblemList = memo(function ProblemList({ problems, own, open, developer, showLines }: {
  problems: StudioProblem[];
  own: string;
  open(p: StudioProblem): void;
  developer: boolean;
  /** Offered where the developer's view is a choice (the studio server). */
  showLines: ((on: boolean) => void) | undefined;
}) {
  if (problems.length === 0) return <Text size="sm" c="dimmed">No problems: npm run validate accepts this document.</Text>;
  const mine = problems.filter((p) => p.file === own);
  const others = problems.filter((p) => p.file !== own);
  const item = (p: StudioProblem) => (
    <UnstyledButton key={p.text} onClick={() => open(p)} title={`Go to the field. ${p.hint}`} data-problem={p.path} fz="sm">
      <Text span fw={600} fz="sm">{p.field}</Text>
      {p.file !== own && <Text span fz="sm"> in {p.file}</Text>}: {p.said}
      {developer && <Text ff="monospace" fz="xs" c="dimmed">{p.text}</Text>}
    </UnstyledButton>
  );
  return (
    <Alert color="red" title={`${problems.length} problem${problems.length === 1 ? '' : 's'} to fix before saving`}>
      <Stack gap={6}>
        {showLines && <Switch size="xs" label="Show file and line (for developers)" checked={developer} onChange={(e) => showLines(e.currentTarget.checked)} />}
        {mine.map(item)}
        {others.length > 0 && <Text size="xs" fw={600}>In other documents (choose one to open it):</Text>}
        {others.map(item)}
      </Stack>
    </Alert>
  );
});
